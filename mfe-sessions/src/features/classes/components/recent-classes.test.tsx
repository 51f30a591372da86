import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassReport, ReportableClass } from '@kalike/shared/contracts/class-not-held';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInLearner, signOut } from '@kalike/shared/testing/signed-in';

import ClassesPage from '../../../routes/classes-page';
import { balance, balances, now, uuid } from '../../../testing/session-fixtures';

const line = (n: number, classOn: string, report: ClassReport | null = null): ReportableClass => ({
  sessionId: uuid(500 + n),
  batchStudentId: uuid(1),
  startsAt: `${classOn}T04:30:00.000Z`,
  classOn,
  reportableUntil: '2026-11-24T18:30:00.000Z',
  report,
});

const report = (overrides: Partial<ClassReport>): ClassReport => ({
  id: uuid(600),
  batchStudentId: uuid(1),
  sessionId: uuid(501),
  classOn: '2026-11-21',
  note: '',
  status: 'open',
  resolution: null,
  refundedPaise: null,
  createdAt: now.toISOString(),
  resolvedAt: null,
  ...overrides,
});

function renderClasses(classes: ReportableClass[], onReport = jest.fn((body: unknown) => report({ note: (body as { note?: string }).note ?? '' }))) {
  const api = installFakeApi({
    'GET /v1/ledgers/learners/balances': () => json(balances(balance(1))),
    'GET /v1/class-reports': () => json({ classes }),
    'POST /v1/class-reports': async (request) => json(onReport(await request.json()), 201),
  });
  renderPage(<ClassesPage />, { path: '/classes', route: '/classes' });
  return { api, onReport };
}

const recentClasses = async () => within(await screen.findByRole('region', { name: 'Recent classes' }));

describe('recent classes on My Classes: "Class did not happen?"', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    signInLearner();
  });
  afterEach(() => {
    cleanup();
    signOut();
    jest.useRealTimers();
  });

  it('reports a class with a note, checked for length before it is sent, and shows the report on its line', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { onReport } = renderClasses([line(1, '2026-11-21')]);
    const section = await recentClasses();
    expect(section.getByText('Can be reported until Tuesday, 24 November')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Class did not happen? (Saturday, 21 November)' }));
    const form = section.getByRole('form', { name: 'Report the class on Saturday, 21 November' });
    const note = within(form).getByRole('textbox', { name: 'What happened? (optional)' });
    await user.click(note);
    await user.paste('x'.repeat(501));
    await user.click(within(form).getByRole('button', { name: 'Report the class' }));
    expect(await within(form).findByText('A note can be at most 500 characters')).toBeInTheDocument();
    expect(onReport).not.toHaveBeenCalled();

    await user.clear(note);
    await user.type(note, 'The teacher did not come');
    await user.click(within(form).getByRole('button', { name: 'Report the class' }));
    expect(await section.findByText('Reported: Kalike is looking into it')).toBeInTheDocument();
    expect(onReport).toHaveBeenCalledWith({ batchStudentId: uuid(1), sessionId: uuid(501), note: 'The teacher did not come' });
    expect(section.queryByRole('button', { name: /Class did not happen/ })).not.toBeInTheDocument();
  });

  it("says what Kalike decided: refunded with the amount, or not refunded with the admin's reason", async () => {
    renderClasses([
      line(1, '2026-11-21', report({ status: 'refunded', refundedPaise: 30_000 })),
      line(2, '2026-11-14', report({ id: uuid(601), sessionId: uuid(502), status: 'dismissed', resolution: 'The register shows the class was held' })),
    ]);
    const section = await recentClasses();
    expect(section.getByText('Refunded: ₹300')).toBeInTheDocument();
    expect(section.getByText('Not refunded: The register shows the class was held')).toBeInTheDocument();
    expect(section.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows what the API refused, in its words', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    installFakeApi({
      'GET /v1/ledgers/learners/balances': () => json(balances(balance(1))),
      'GET /v1/class-reports': () => json({ classes: [line(1, '2026-11-21')] }),
      'POST /v1/class-reports': () =>
        json({ statusCode: 409, code: 'CLASS_REPORT_WINDOW_CLOSED', message: 'This class could be reported until the end of 24 Nov 2026 (IST)' }, 409),
    });
    renderPage(<ClassesPage />, { path: '/classes', route: '/classes' });
    const section = await recentClasses();
    await user.click(section.getByRole('button', { name: /Class did not happen/ }));
    await user.click(section.getByRole('button', { name: 'Report the class' }));
    expect(await section.findByText('This class could be reported until the end of 24 Nov 2026 (IST)')).toBeInTheDocument();
  });
});
