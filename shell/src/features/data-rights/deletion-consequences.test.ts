import type { DeletionOutlook } from '@kalike/shared/contracts/data-rights';
import { deletionConsequences } from './deletion-consequences';

const outlook = (overrides: Partial<DeletionOutlook> = {}): DeletionOutlook => ({
  roles: ['Learner'],
  packs: [],
  refundTotalPaise: 0,
  openPaymentRequests: 0,
  openEnquiries: 0,
  upcomingDemos: 0,
  publicListings: 0,
  blockers: [],
  ...overrides,
});

const pack = {
  packId: '5d0c3c1e-7a51-4d5e-9e55-0c1f1a1b2c3d',
  planName: '8 classes',
  studentName: 'Meera',
  teacherName: 'Asha Rao',
  classesLeft: 6,
  outcome: 'refunded' as const,
  refundPaise: 240_000,
  forfeitedCreditPaise: 0,
};

describe('what deleting an account does, in words', () => {
  it('names each pack with its teacher, child and amount, refunded or forfeited', () => {
    const lines = deletionConsequences(
      outlook({
        packs: [pack, { ...pack, classesLeft: 1, teacherName: 'Ravi', outcome: 'forfeited', refundPaise: 0 }],
        refundTotalPaise: 240_000,
      }),
    );
    expect(lines[0]).toBe('Your 6 classes left with Asha Rao for Meera (₹2,400) will be refunded to your payment method.');
    expect(lines[1]).toBe('Your 1 class left with Ravi for Meera will be forfeited: the refund policy gives nothing back for them.');
  });

  it('says what is cancelled, closed and taken down only when there is something', () => {
    expect(deletionConsequences(outlook()).join(' ')).not.toMatch(/cancelled|closed|public teacher page/);
    const lines = deletionConsequences(
      outlook({ openPaymentRequests: 2, openEnquiries: 1, upcomingDemos: 1, publicListings: 3, packs: [{ ...pack, forfeitedCreditPaise: 50_000 }] }),
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        '₹500 that would come back as Kalike credit is forfeited: credit cannot follow a deleted account.',
        '2 open payment requests are cancelled.',
        '1 open enquiry is closed; the teachers are told.',
        '1 booked demo class is cancelled.',
        'Your public teacher page (3 listings) comes down at once.',
      ]),
    );
  });

  it('always says what is erased, what stays for the law, and that the number starts afresh', () => {
    const lines = deletionConsequences(outlook());
    expect(lines).toContain('You are signed out everywhere at once.');
    expect(lines.some((line) => line.startsWith('Receipts and credit notes stay, without your name, for 8 years'))).toBe(true);
    expect(lines.at(-1)).toBe('Signing in again with this number starts a new, empty account.');
  });
});
