import { ledgerPostings, postLedgerEvent, type LedgerEvent } from './ledger-postings';
import type { NewLedgerEntry } from './ledger.repository';

const at = new Date('2025-06-02T05:00:00Z');
const who = { learnerAccountId: 'learner-1', batchStudentId: 'bs-1', at };
const sum = (rows: NewLedgerEntry[], field: 'amountPaise' | 'classesDelta') => rows.reduce((total, row) => total + (row[field] ?? 0), 0);
const kinds = (rows: NewLedgerEntry[]) => rows.map((row) => row.kind);

function expectWholePaise(rows: NewLedgerEntry[]): void {
  for (const row of rows) expect(Number.isSafeInteger(row.amountPaise)).toBe(true);
}

const paidOrder: LedgerEvent = {
  kind: 'order_paid',
  ...who,
  orderId: 'order-1',
  paymentId: 'payment-1',
  gatewayPaymentId: 'pay_abc',
  receiptNumber: 'KLK/2025-26/000001',
  totalPaise: 360_000,
  creditPaise: 40_000,
  replaced: null,
  pack: { packId: 'pack-2', planName: '8 classes', classesTotal: 8, pricePaidPaise: 400_000 },
};

describe('ledger postings built from domain events', () => {
  it('books a paid pack as the payment in and the pack bought, netting to the credit it used', () => {
    const rows = ledgerPostings(paidOrder);
    expect(kinds(rows)).toEqual(['payment', 'class_pack_purchase']);
    expect(rows.map((row) => row.amountPaise)).toEqual([360_000, -400_000]);
    // Money in and the pack's price balance but for the ₹400 of credit the order took.
    expect(sum(rows, 'amountPaise')).toBe(-40_000);
    expect(sum(rows, 'classesDelta')).toBe(8);
    expect(rows.every((row) => row.orderId === 'order-1' && row.paymentId === 'payment-1' && row.batchStudentId === 'bs-1')).toBe(true);
    expect(rows[1]).toMatchObject({ batchStudentPlanId: 'pack-2', description: '8 classes: 8 classes, ₹400 of it from credit' });
    expectWholePaise(rows);
  });

  it('books an order credit paid entirely without any money row, and one that bought nothing as money only', () => {
    const fromCredit = ledgerPostings({ ...paidOrder, totalPaise: 0, creditPaise: 400_000, paymentId: null, gatewayPaymentId: null });
    expect(kinds(fromCredit)).toEqual(['class_pack_purchase']);
    expect(sum(fromCredit, 'amountPaise')).toBe(-400_000);
    const balance = ledgerPostings({ ...paidOrder, totalPaise: 25_000, creditPaise: 0, pack: null });
    expect(kinds(balance)).toEqual(['payment']);
    expect(balance[0]).toMatchObject({ amountPaise: 25_000, description: 'Payment pay_abc, receipt KLK/2025-26/000001' });
  });

  it('books a paid plan change as payment, credit for the replaced pack, then the new pack, in that order', () => {
    const rows = ledgerPostings({
      ...paidOrder,
      totalPaise: 370_000,
      creditPaise: 200_000,
      replaced: { packId: 'pack-1', planName: '8 classes', creditPaise: 200_000, classesLeft: 4 },
      pack: { packId: 'pack-2', planName: '12 classes', classesTotal: 12, pricePaidPaise: 570_000 },
    });
    expect(kinds(rows)).toEqual(['payment', 'adjustment', 'class_pack_purchase']);
    // 3700 paid + 2000 credit = 5700, the new pack's price: balanced.
    expect(sum(rows, 'amountPaise')).toBe(0);
    // Four classes taken back, twelve bought.
    expect(sum(rows, 'classesDelta')).toBe(8);
    expect(rows[1]).toMatchObject({ batchStudentPlanId: 'pack-1', description: 'Credit for 4 unused classes of 8 classes' });
  });

  it('books a plan change credit covers as the replaced pack’s credit and the new pack paid from it', () => {
    const rows = ledgerPostings({
      kind: 'pack_switched_from_credit',
      ...who,
      replaced: { packId: 'pack-1', planName: '24 classes', creditPaise: 900_000, classesLeft: 20 },
      pack: { packId: 'pack-2', planName: '8 classes', classesTotal: 8, pricePaidPaise: 400_000 },
    });
    expect(kinds(rows)).toEqual(['adjustment', 'class_pack_purchase']);
    // ₹9,000 credited, ₹4,000 spent: ₹5,000 stays as credit.
    expect(sum(rows, 'amountPaise')).toBe(500_000);
    expect(rows.every((row) => row.orderId === undefined || row.orderId === null)).toBe(true);
    expect(rows[1]).toMatchObject({ description: '8 classes: 8 classes, paid from credit' });
  });

  it('books nothing for a replaced pack with nothing left', () => {
    const rows = ledgerPostings({
      kind: 'pack_switched_from_credit',
      ...who,
      replaced: { packId: 'pack-1', planName: '8 classes', creditPaise: 0, classesLeft: 0 },
      pack: { packId: 'pack-2', planName: '8 classes', classesTotal: 8, pricePaidPaise: 0 },
    });
    expect(kinds(rows)).toEqual(['class_pack_purchase']);
  });

  it('keeps a payment that could not pay its order as credit, and books nothing for nothing paid', () => {
    const event: LedgerEvent = {
      kind: 'payment_kept_as_credit',
      ...who,
      orderId: 'order-1',
      paymentId: 'payment-2',
      gatewayPaymentId: 'pay_late',
      amountPaise: 360_000,
      why: 'had expired',
    };
    const rows = ledgerPostings(event);
    expect(rows).toEqual([
      {
        learnerAccountId: 'learner-1',
        batchStudentId: 'bs-1',
        kind: 'payment',
        amountPaise: 360_000,
        orderId: 'order-1',
        paymentId: 'payment-2',
        description: 'Payment pay_late reached an order that had expired; kept as credit',
        at,
      },
    ]);
    expect(ledgerPostings({ ...event, amountPaise: 0 })).toEqual([]);
  });

  it('books a class attended from a pack as one class out and no money, or owed at the per-class price', () => {
    const base = { kind: 'class_consumed' as const, ...who, sessionId: 'session-1', day: '2025-06-02' };
    const fromPack = ledgerPostings({ ...base, source: { kind: 'pack', packId: 'pack-1', planName: '8 classes' } });
    expect(fromPack).toEqual([
      expect.objectContaining({
        kind: 'class_consumed',
        amountPaise: 0,
        classesDelta: -1,
        batchStudentPlanId: 'pack-1',
        sessionId: 'session-1',
        description: 'Class on 2025-06-02 from 8 classes',
      }),
    ]);
    const owed = ledgerPostings({ ...base, source: { kind: 'owed', perClassPaise: 50_000, packId: null } });
    expect(owed).toEqual([
      expect.objectContaining({
        kind: 'class_consumed',
        amountPaise: -50_000,
        classesDelta: 0,
        batchStudentPlanId: null,
        description: 'Class on 2025-06-02 beyond the class pack, ₹500',
      }),
    ]);
  });

  it('gives back exactly what one consumption took: its class to the same pack, or the owed amount', () => {
    const base = { kind: 'class_returned' as const, ...who, sessionId: 'session-1', day: '2025-06-02' };
    const toPack = ledgerPostings({ ...base, consumption: { id: 'consumed-1', amountPaise: 0, classesDelta: -1, packId: 'pack-1' } });
    expect(toPack).toEqual([
      expect.objectContaining({
        kind: 'class_returned',
        amountPaise: 0,
        classesDelta: 1,
        batchStudentPlanId: 'pack-1',
        sessionId: 'session-1',
        answersEntryId: 'consumed-1',
        description: 'Class on 2025-06-02 given back: the mark was corrected to absent',
      }),
    ]);
    const owed = ledgerPostings({ ...base, consumption: { id: 'consumed-2', amountPaise: -50_000, classesDelta: 0, packId: null } });
    expect(owed).toEqual([
      expect.objectContaining({
        kind: 'class_returned',
        amountPaise: 50_000,
        classesDelta: 0,
        batchStudentPlanId: null,
        answersEntryId: 'consumed-2',
        description: 'Class on 2025-06-02 no longer owed (₹500): the mark was corrected to absent',
      }),
    ]);
    // A consumption after a return answers that return.
    const again = ledgerPostings({
      kind: 'class_consumed',
      ...who,
      sessionId: 'session-1',
      day: '2025-06-02',
      afterReturnId: 'returned-1',
      source: { kind: 'pack', packId: 'pack-1', planName: '8 classes' },
    });
    expect(again).toEqual([expect.objectContaining({ kind: 'class_consumed', classesDelta: -1, answersEntryId: 'returned-1' })]);
  });

  it('refuses amounts that are not whole paise', () => {
    expect(() => ledgerPostings({ ...paidOrder, totalPaise: 100.5 })).toThrow(RangeError);
    expect(() =>
      ledgerPostings({ kind: 'class_consumed', ...who, sessionId: 's', day: '2025-06-02', source: { kind: 'owed', perClassPaise: 333.33, packId: null } }),
    ).toThrow(RangeError);
  });

  it('writes an event’s rows in order and answers their ids', async () => {
    const written: NewLedgerEntry[] = [];
    const ids = await postLedgerEvent({ ledger: { insertEntry: async (entry: NewLedgerEntry) => `entry-${written.push(entry)}` } }, paidOrder);
    expect(ids).toEqual(['entry-1', 'entry-2']);
    expect(written).toEqual(ledgerPostings(paidOrder));
  });

  it('books a refund to the payment method as the unused classes credited and the same money sent out: the balance is unchanged', () => {
    const rows = ledgerPostings({
      kind: 'refund_booked',
      ...who,
      refundId: 'refund-1',
      method: 'original',
      amountPaise: 250_000,
      orderId: 'order-1',
      pack: { packId: 'pack-2', planName: '8 classes', classes: 5 },
      why: 'You cancelled the pack',
    });
    expect(kinds(rows)).toEqual(['adjustment', 'refund']);
    expect(rows.map((row) => row.amountPaise)).toEqual([250_000, -250_000]);
    expect(sum(rows, 'classesDelta')).toBe(-5);
    expect(rows.every((row) => row.refundId === 'refund-1' && row.orderId === 'order-1' && !row.paymentId)).toBe(true);
    expect(rows[0]).toMatchObject({ batchStudentPlanId: 'pack-2', description: 'Refund for 5 unused classes of 8 classes: ₹2,500' });
    expectWholePaise(rows);
  });

  it('books a refund as credit as the unused classes credited, nothing sent out; a failed refund puts its money back as credit', () => {
    const asCredit = ledgerPostings({
      kind: 'refund_booked',
      ...who,
      refundId: 'refund-2',
      method: 'credit',
      amountPaise: 40_000,
      orderId: null,
      pack: null,
      why: 'a class that did not happen',
    });
    expect(kinds(asCredit)).toEqual(['adjustment']);
    expect(asCredit[0]).toMatchObject({
      amountPaise: 40_000,
      classesDelta: 0,
      description: 'Refund for a class that did not happen: ₹400 kept as Kalike credit',
    });
    const failed = ledgerPostings({ kind: 'refund_failed', ...who, refundId: 'refund-1', amountPaise: 250_000 });
    expect(failed).toEqual([expect.objectContaining({ kind: 'adjustment', amountPaise: 250_000, refundId: 'refund-1' })]);
  });
});
