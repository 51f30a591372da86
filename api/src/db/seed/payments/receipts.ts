import type { Kysely } from 'kysely';
import { financialYear, receiptNumber } from '../../../modules/payments/money';
import type { Database } from '../../schema';

/** Receipt numbers handed out in the order of payment within each financial year. */
export interface ReceiptNumbers {
  next(paidAt: Date): string;
  /** Each year's last number, so the API's next receipt follows the seeded ones. */
  writeSequences(db: Kysely<Database>): Promise<void>;
}

export function createReceiptNumbers(): ReceiptNumbers {
  const lastByYear = new Map<string, number>();
  return {
    next(paidAt) {
      const year = financialYear(paidAt);
      const number = (lastByYear.get(year) ?? 0) + 1;
      lastByYear.set(year, number);
      return receiptNumber(year, number);
    },
    async writeSequences(db) {
      for (const [year, last] of lastByYear) await db.insertInto('receipt_sequences').values({ financial_year: year, last_number: last }).execute();
    },
  };
}
