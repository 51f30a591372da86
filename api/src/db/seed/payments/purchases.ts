import type { SeededCoupons } from './discounts';
import { paidOrder, type PaidOrder, type PaidOrderValues, type PurchaseBooks } from './paid-orders';
import { paidPack, type PaidPackValues } from './paid-packs';
import type { PaymentsSeedContext } from './payments-seed-context';
import { createReceiptNumbers } from './receipts';

/** A payment to make once every purchase is planned; they are made in the order they happened. */
export interface PlannedPurchase {
  at: Date;
  pay: () => Promise<unknown>;
}

export interface WrittenPurchases {
  orders: number;
  ledger_entries: number;
  session_attendance: number;
}

/**
 * Paid orders and packs, written as the API's checkout leaves them. Ledger entries, attendance,
 * the sessions whose register was taken and the receipt sequences are gathered and written at
 * the end, so the ledger's rows are in time order whatever order the purchases were planned in.
 */
export interface Purchases {
  paidOrder(values: PaidOrderValues): Promise<PaidOrder>;
  paidPack(values: PaidPackValues): Promise<void>;
  /** Writes what the purchases gathered; call once, after the last payment. */
  writeGatheredRows(): Promise<WrittenPurchases>;
}

export function createPurchases(context: PaymentsSeedContext, coupons: SeededCoupons): Purchases {
  const books: PurchaseBooks = {
    ...context,
    coupons,
    receipts: createReceiptNumbers(),
    ledger: [],
    attendance: [],
    completedSessionIds: new Set(),
    orders: 0,
  };
  return {
    paidOrder: (values) => paidOrder(books, values),
    paidPack: (values) => paidPack(books, values),
    writeGatheredRows: () => writeGatheredRows(books),
  };
}

async function writeGatheredRows(books: PurchaseBooks): Promise<WrittenPurchases> {
  const { db, ledger, attendance, completedSessionIds } = books;
  if (ledger.length > 0)
    await db
      .insertInto('ledger_entries')
      .values(ledger.sort((a, b) => +new Date(a.created_at) - +new Date(b.created_at)))
      .execute();
  // Attendance points at the ledger entries, so it follows them; a marked session is held.
  if (attendance.length > 0) await db.insertInto('session_attendance').values(attendance).execute();
  if (completedSessionIds.size > 0)
    await db
      .updateTable('class_sessions')
      .set({ status: 'completed' })
      .where('id', 'in', [...completedSessionIds])
      .execute();
  await books.receipts.writeSequences(db);
  return { orders: books.orders, ledger_entries: ledger.length, session_attendance: attendance.length };
}
