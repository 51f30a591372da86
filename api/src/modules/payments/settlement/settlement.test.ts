import type { OrderRow } from '../orders/orders.repository';
import type { PaymentsQueries } from '../payments.repository';
import { createSettlement } from './settlement';

const at = new Date('2025-06-02T05:00:00Z');

function order(status: OrderRow['status']): OrderRow {
  return {
    id: 'order-1',
    learner_account_id: 'learner-1',
    purpose: 'settlement',
    batch_student_id: null,
    batch_student_plan_id: null,
    previous_plan_id: null,
    payment_request_id: null,
    payment_link_id: null,
    base_paise: 50_000,
    coupon_discount_paise: 0,
    referral_discount_paise: 0,
    credit_paise: 0,
    total_paise: 50_000,
    taxable_paise: 42_372,
    cgst_paise: 3_814,
    sgst_paise: 3_814,
    coupon_id: null,
    referral_code_id: null,
    description: 'Balance',
    gateway: 'sandbox',
    gateway_order_id: 'order_sbx_1',
    status,
    last_outcome: null,
    failure_reason: null,
    idempotency_key: 'key-1',
    request_hash: 'hash',
    receipt_number: null,
    receipt_token: null,
    expires_at: new Date('2025-06-02T05:30:00Z'),
    paid_at: null,
    created_at: at,
    updated_at: at,
  } as OrderRow;
}

/** A transaction that records every call as `slice.query`; reads answer nothing. */
function recordingTx() {
  const writes: string[] = [];
  const slice = (sliceName: string) =>
    new Proxy(
      {},
      {
        get: (_target, name: string) => async () => {
          writes.push(`${sliceName}.${name}`);
          return name === 'nextReceiptSequence' ? 1 : name === 'insertEntry' ? 'entry-1' : undefined;
        },
      },
    );
  const tx = new Proxy({}, { get: (_target, name: string) => slice(name) }) as PaymentsQueries;
  return { tx, writes };
}

describe('settlement: paying an order through the order lifecycle', () => {
  const settlement = createSettlement({ now: () => at });

  it('pays an order waiting for payment and books the money on the ledger', async () => {
    const { tx, writes } = recordingTx();
    await settlement.fulfil(tx, order('created'), 'payment-1', 'pay_1', at);
    expect(writes).toEqual(expect.arrayContaining(['orders.nextReceiptSequence', 'orders.update', 'ledger.insertEntry']));
  });

  it.each(['paid', 'expired', 'creating'] as const)('refuses to pay an order that is %s, before writing anything', async (status) => {
    const { tx, writes } = recordingTx();
    await expect(settlement.fulfil(tx, order(status), 'payment-1', 'pay_1', at)).rejects.toMatchObject({ code: 'INVALID_TRANSITION', statusCode: 409 });
    expect(writes).toEqual([]);
  });
});
