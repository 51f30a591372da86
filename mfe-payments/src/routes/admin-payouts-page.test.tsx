import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPayoutReview, PayoutAuditEntry, PayoutAuditPage } from '@kalike/shared/contracts/payouts';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInAdmin, signOut } from '@kalike/shared/testing/signed-in';

import AdminPayoutsPage from './admin-payouts-page';

const id = (n: number) => `ad000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const review: AdminPayoutReview = {
  teacherId: id(1),
  teacherName: 'Priya Gowda',
  kind: 'bank',
  destination: 'account ending 0001',
  holderName: 'Someone Else Entirely',
  nameAtBank: 'SOMEONE ELSE ENTIRELY',
  changedAt: '2026-11-28T04:45:00.000Z',
};

const entry = (n: number, overrides: Partial<PayoutAuditEntry> = {}): PayoutAuditEntry => ({
  id: id(100 + n),
  teacherId: id(1),
  teacherName: 'Priya Gowda',
  event: 'account_held_for_review',
  actor: 'provider',
  destination: 'account ending 0001',
  payoutId: null,
  amountPaise: null,
  detail: 'Name at the bank: SOMEONE ELSE ENTIRELY',
  at: '2026-11-28T04:45:00.000Z',
  ...overrides,
});

describe('AdminPayoutsPage', () => {
  beforeEach(() => signInAdmin());
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('shows both names of an account awaiting review, and approves it with a reason', async () => {
    const decisions: unknown[] = [];
    let queue = [review];
    installFakeApi({
      'GET /v1/admin/payout-accounts/review': () => json({ items: queue }),
      'GET /v1/admin/payout-audit': () => json({ items: [entry(1)], nextCursor: null } satisfies PayoutAuditPage),
      [`POST /v1/admin/payout-accounts/${id(1)}/review`]: async (request: Request) => {
        decisions.push({ url: new URL(request.url).pathname, body: await request.json() });
        queue = [];
        return json({});
      },
    });
    const user = userEvent.setup();
    renderPage(<AdminPayoutsPage />, { path: '/admin/payout-accounts', route: '/admin/payout-accounts' });
    const item = await screen.findByRole('article', { name: 'Priya Gowda: account ending 0001' });
    expect(item).toHaveTextContent('Name on KalikePriya Gowda');
    expect(item).toHaveTextContent('Name at the bankSOMEONE ELSE ENTIRELY');
    await user.click(within(item).getByRole('button', { name: 'Approve the account' }));
    expect(await within(item).findByText('Say why, in a few words: it is kept on the audit trail')).toBeInTheDocument();
    expect(decisions).toEqual([]);
    await user.type(within(item).getByLabelText('Reason'), 'Called her: her married name');
    await user.click(within(item).getByRole('button', { name: 'Approve the account' }));
    expect(await screen.findByText('No accounts awaiting review')).toBeInTheDocument();
    expect(decisions).toEqual([{ url: `/v1/admin/payout-accounts/${id(1)}/review`, body: { decision: 'approve', reason: 'Called her: her married name' } }]);
    expect(screen.getAllByText("Priya Gowda's payout account approved").length).toBeGreaterThan(0);
  });

  it('reads the audit trail newest first, keeps it to one teacher, and pages back', async () => {
    const asked: string[] = [];
    installFakeApi({
      'GET /v1/admin/payout-accounts/review': () => json({ items: [] }),
      'GET /v1/admin/payout-audit': (request) => {
        const url = new URL(request.url);
        asked.push(url.search);
        if (url.searchParams.get('before') === '41') {
          return json({ items: [entry(3, { event: 'account_added', actor: 'teacher', detail: null })], nextCursor: null });
        }
        return json({
          items: [
            entry(1, { event: 'payout_held', actor: 'teacher', amountPaise: 114_407, detail: null }),
            entry(2, {
              teacherId: id(2),
              teacherName: 'Vidya Fernandes',
              event: 'payout_paid',
              destination: 'vi•••@okaxis',
              amountPaise: 50_000,
              detail: null,
            }),
          ],
          nextCursor: '41',
        });
      },
    });
    const user = userEvent.setup();
    renderPage(<AdminPayoutsPage />, { path: '/admin/payout-accounts', route: '/admin/payout-accounts' });
    const trail = await screen.findByRole('list', { name: 'Payout audit trail' });
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Payout held · account ending 0001'), expect.stringContaining('Payout paid · vi•••@okaxis')]);
    await user.click(within(trail).getAllByRole('button', { name: 'Priya Gowda' })[0]!);
    expect(await screen.findByText('Only Priya Gowda')).toBeInTheDocument();
    expect(asked).toContain(`?teacherId=${id(1)}`);
    await user.click(screen.getByRole('button', { name: 'Show older' }));
    await screen.findByText('Account added');
    expect(
      within(screen.getByRole('list', { name: 'Payout audit trail' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Payout held · account ending 0001'),
      expect.stringContaining('Payout paid · vi•••@okaxis'),
      expect.stringContaining('Account added · account ending 0001'),
    ]);
    expect(asked).toContain(`?teacherId=${id(1)}&before=41`);
  });
});
