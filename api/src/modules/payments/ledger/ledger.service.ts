import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import { formatPaise } from '@kalike/shared/format/money';
import type { AuthUser } from '../../../plugins/auth';
import { DomainError } from '../../../shared/domain-error';
import type { EnrolmentsPort } from '../../enrolments/enrolments.port';
import { orderOf, type Checkout } from '../checkout/checkout';
import { balancePrice } from '../checkout/pricing';
import { ownBatchStudent, payingLearners } from '../class-packs/packs';
import type { PaymentsRepository } from '../payments.repository';
import { createBalances } from './balances';
import { createClassConsumption } from './class-consumption';
import { createClassReturn } from './class-return';

export interface LedgerServiceDeps {
  repository: PaymentsRepository;
  checkout: Checkout;
  now: () => Date;
  enrolments: EnrolmentsPort;
}

/** Paying what the ledger says is owed, through the checkout. */
function createOwedPayment({ checkout }: Pick<LedgerServiceDeps, 'checkout'>) {
  async function payOwed(
    user: AuthUser,
    key: string | string[] | undefined,
    batchStudentId: string,
    purpose: 'settlement' | 'ledger_payment',
  ): Promise<{ statusCode: 200 | 201; body: CheckoutOrder }> {
    const learnerAccountId = payingLearners.idOf(user);
    const purchase = await checkout.buy({
      learnerAccountId,
      key,
      request: { call: purpose, batchStudentId },
      decide: async (tx) => {
        const row = await ownBatchStudent(tx, learnerAccountId, batchStudentId);
        await tx.places.lock(row.id);
        const owed = -(await tx.ledger.balanceOf(row.id));
        const price = balancePrice(owed);
        if (price === null) throw new DomainError('NOTHING_TO_PAY', 'Nothing is owed for this batch student', 409);
        return {
          purpose,
          batchStudentId: row.id,
          studentId: row.student_id,
          price,
          description: `Balance of ${formatPaise(owed)} for ${row.student_name ?? row.learner_name} with ${row.teacher_name}`,
          supersedes: { purposes: ['settlement', 'ledger_payment'], batchStudentId: row.id },
        };
      },
    });
    return { statusCode: purchase.statusCode, body: orderOf(purchase) };
  }

  return {
    paySettlement(user: AuthUser, key: string | string[] | undefined, batchStudentId: string) {
      return payOwed(user, key, batchStudentId, 'settlement');
    },
    payLedger(user: AuthUser, key: string | string[] | undefined, batchStudentId: string) {
      return payOwed(user, key, batchStudentId, 'ledger_payment');
    },
  };
}

/**
 * The ledger as the rest of payments and sessions use it: classes consumed (class-consumption.ts)
 * and given back by a corrected mark (class-return.ts), balances and standings (balances.ts), and paying what is owed.
 */
export function createLedgerService(deps: LedgerServiceDeps) {
  return { ...createClassConsumption(deps), ...createClassReturn(deps), ...createBalances(deps), ...createOwedPayment(deps) };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
