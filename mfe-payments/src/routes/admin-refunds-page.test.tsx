import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminClassReport, AdminMoneyAction, AdminPack } from '@kalike/shared/contracts/admin-refunds';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInAdmin, signOut } from '@kalike/shared/testing/signed-in';

import AdminRefundsPage from './admin-refunds-page';

const id = (n: number) => `ad000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const pack = (overrides: Partial<AdminPack> = {}): AdminPack => ({
  id: id(10),
  batchStudentId: id(11),
  familyName: 'Asha Rao',
  familyPhone: '+919845012345',
  studentName: 'Saanvi',
  teacherName: 'Kiran Rao',
  batchName: 'Weekend beginners',
  planName: '8 classes',
  status: 'active',
  classesTotal: 8,
  classesLeft: 5,
  classesUsed: 3,
  validUntil: '2026-12-20',
  paidPaise: 240_000,
  refundedPaise: 0,
  refundablePaise: 240_000,
  perClassPaise: 30_000,
  receiptNumber: 'KLK/2026-27/000123',
  ...overrides,
});

const report = (overrides: Partial<AdminClassReport> = {}): AdminClassReport => ({
  id: id(1),
  familyName: 'Asha Rao',
  familyPhone: '+919845012345',
  studentName: 'Saanvi',
  teacherName: 'Kiran Rao',
  batchName: 'Weekend beginners',
  programName: 'Chess',
  classOn: '2026-11-21',
  startsAt: '2026-11-21T04:30:00.000Z',
  marked: 'attended',
  note: 'The teacher did not come',
  createdAt: '2026-11-22T05:00:00.000Z',
  pack: pack(),
  classRefundPaise: 30_000,
  ...overrides,
});

const action = (overrides: Partial<AdminMoneyAction> = {}): AdminMoneyAction => ({
  id: id(20),
  kind: 'report_refunded',
  adminName: 'Kalike Admin',
  at: '2026-11-22T06:00:00.000Z',
  familyName: 'Asha Rao',
  packId: id(10),
  reportId: id(1),
  refundId: id(30),
  amountPaise: 30_000,
  reason: 'The class was refunded',
  ...overrides,
});

function renderAdmin(routes: Parameters<typeof installFakeApi>[0]) {
  const api = installFakeApi({
    'GET /v1/admin/refunds/reports': () => json({ reports: [] }),
    'GET /v1/admin/refunds/log': () => json({ actions: [] }),
    ...routes,
  });
  renderPage(<AdminRefundsPage />, { path: '/admin/refunds', route: '/admin/refunds' });
  return api;
}

const calls = (api: jest.Mock, method: string, path: string) =>
  api.mock.calls.map(([input]) => input as Request).filter((request) => request.method === method && new URL(request.url).pathname === path);

describe('AdminRefundsPage', () => {
  beforeEach(() => signInAdmin());
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('shows each open report with who, which class, the note and the pack, and refunds the class', async () => {
    const user = userEvent.setup();
    let open = [report()];
    const api = renderAdmin({
      'GET /v1/admin/refunds/reports': () => json({ reports: open }),
      'POST /v1/admin/refunds/reports/ad000000-0000-4000-8000-000000000001/refund': () => {
        open = [];
        return json({ id: id(1), status: 'refunded', refunds: [] });
      },
      'GET /v1/admin/refunds/log': () => json({ actions: open.length === 0 ? [action()] : [] }),
    });
    const item = await screen.findByRole('article', { name: 'Saanvi: the class of Saturday, 21 November 2026' });
    const rows = within(item)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['Family', 'Asha Rao · +91 98450 12345'],
        ['Teacher', 'Kiran Rao'],
        ['Batch', 'Chess · Weekend beginners'],
        ['Register', 'Marked present'],
        ['Note', 'The teacher did not come'],
        ['Pack', '8 classes: 5 of 8 classes left, valid until Sunday, 20 December 2026; paid ₹2,400'],
      ]),
    );
    await user.click(within(item).getByRole('button', { name: 'Refund the class (₹300)' }));
    expect(await screen.findByText('No open reports')).toBeInTheDocument();
    expect(calls(api, 'POST', '/v1/admin/refunds/reports/ad000000-0000-4000-8000-000000000001/refund')).toHaveLength(1);
    const log = await screen.findByRole('list', { name: 'Admin money actions' });
    expect(within(log).getByText('Refunded a class reported as not held · Asha Rao')).toBeInTheDocument();
    expect(within(log).getByText('₹300')).toBeInTheDocument();
    // The decision stays said on the page after the report has left the queue.
    expect(screen.getAllByRole('status').some((status) => status.textContent === '₹300 refunded to Asha Rao')).toBe(true);
  });

  it('dismisses a report only with a reason, sent as typed', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderAdmin({
      'GET /v1/admin/refunds/reports': () => json({ reports: [report({ pack: null, classRefundPaise: 0, marked: null })] }),
      'POST /v1/admin/refunds/reports/ad000000-0000-4000-8000-000000000001/dismiss': async (request) => {
        sent.push(await request.json());
        return json({ id: id(1), status: 'dismissed', refunds: [] });
      },
    });
    const item = await screen.findByRole('article', { name: /Saanvi: the class of/ });
    expect(within(item).getByRole('button', { name: 'Nothing to refund' })).toBeDisabled();
    await user.click(within(item).getByRole('button', { name: 'Dismiss with a reason' }));
    await user.click(within(item).getByRole('button', { name: 'Dismiss the report' }));
    expect(await within(item).findByText('Say why, in a few words: the family reads it')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(item).getByRole('textbox', { name: 'Why is it not refunded?' }), 'The register and two families say it was held');
    await user.click(within(item).getByRole('button', { name: 'Dismiss the report' }));
    expect(await screen.findByText("Report of Saanvi's class dismissed")).toBeInTheDocument();
    expect(sent).toEqual([{ reason: 'The register and two families say it was held' }]);
  });

  it('finds a family by phone and refunds an amount within what the pack holds, with a key; the API has the last word', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    const api = renderAdmin({
      'GET /v1/admin/refunds/packs': (_request, url) =>
        json({ packs: url.searchParams.get('q') === '98450 12345' ? [pack({ refundablePaise: 100_000 })] : [] }),
      'POST /v1/admin/refunds/packs/ad000000-0000-4000-8000-000000000010/refund': async (request) => {
        bodies.push(await request.json());
        return json({ statusCode: 422, code: 'REFUND_TOO_LARGE', message: 'At most ₹900 of this pack is left to refund', refundablePaise: 90_000 }, 422);
      },
    });
    await user.type(await screen.findByRole('textbox', { name: "Family's phone or receipt number" }), '98450 12345');
    await user.click(screen.getByRole('button', { name: 'Find packs' }));
    const card = await screen.findByRole('article', { name: '8 classes of Saanvi' });
    expect(within(card).getByText(/^Asha Rao · \+91 98450 12345/)).toBeInTheDocument();
    const form = within(card).getByRole('form', { name: 'Refund from 8 classes of Saanvi' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Refund' }), 'amount');
    await user.type(within(form).getByRole('textbox', { name: 'Amount (₹)' }), '1000.01');
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'The batch moved an hour later');
    await user.click(within(form).getByRole('button', { name: 'Refund…' }));
    expect(await within(form).findByText('At most ₹1,000 of this pack is left to refund')).toBeInTheDocument();
    const url = '/v1/admin/refunds/packs/ad000000-0000-4000-8000-000000000010/refund';
    expect(calls(api, 'POST', url)).toHaveLength(0);

    await user.clear(within(form).getByRole('textbox', { name: 'Amount (₹)' }));
    await user.type(within(form).getByRole('textbox', { name: 'Amount (₹)' }), '950');
    await user.click(within(form).getByRole('button', { name: 'Refund…' }));
    // Nothing goes out before the admin confirms what they read.
    const confirm = within(form).getByRole('group', { name: 'Confirm the refund' });
    expect(within(confirm).getByText('Refund ₹950 to Asha Rao to the payment method that paid?')).toBeInTheDocument();
    expect(calls(api, 'POST', url)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm refund' }));
    expect(await within(form).findByText('At most ₹900 of this pack is left to refund')).toBeInTheDocument();
    const [sent] = calls(api, 'POST', url);
    expect(sent?.headers.get('idempotency-key')).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(bodies).toEqual([{ kind: 'amount', amountPaise: 95_000, method: 'original', reason: 'The batch moved an hour later' }]);
  });

  it("says what a pack refunded whole came to, from the API's total, after the pack has left the list", async () => {
    const user = userEvent.setup();
    let refunded = false;
    renderAdmin({
      'GET /v1/admin/refunds/packs': () => json({ packs: refunded ? [] : [pack()] }),
      'POST /v1/admin/refunds/packs/ad000000-0000-4000-8000-000000000010/refund': () => {
        refunded = true;
        return json({ packId: id(10), refunds: [], refundedPaise: 150_050 }, 201);
      },
    });
    await user.type(await screen.findByRole('textbox', { name: "Family's phone or receipt number" }), '98450 12345');
    await user.click(screen.getByRole('button', { name: 'Find packs' }));
    const form = within(await screen.findByRole('article', { name: '8 classes of Saanvi' })).getByRole('form', { name: 'Refund from 8 classes of Saanvi' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Refund' }), 'pack');
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'The family moved to Mysuru');
    await user.click(within(form).getByRole('button', { name: 'Refund…' }));
    await user.click(within(form).getByRole('button', { name: 'Confirm refund' }));
    expect(await screen.findByText('No packs found')).toBeInTheDocument();
    expect(screen.getAllByRole('status').some((status) => status.textContent === '₹1,500.50 refunded to Asha Rao')).toBe(true);
  });
});
