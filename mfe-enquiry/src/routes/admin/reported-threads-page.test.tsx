import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportedThread } from '@kalike/shared/contracts/conversations';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInAdmin, signOut } from '@kalike/shared/testing/signed-in';

import { uuid } from '../../testing/enquiry-fixtures';
import AdminReportedThreadsPage from './reported-threads-page';

const reported: ReportedThread = {
  id: uuid(990),
  subject: 'enquiry',
  subjectId: uuid(1),
  title: 'Chess coaching with Kiran',
  learnerName: 'Asha Rao',
  teacherName: 'Kiran Rao',
  reports: [{ id: uuid(991), by: 'learner', reporterName: 'Asha Rao', reason: 'Asks to pay outside Kalike', at: '2026-11-20T06:00:00.000Z' }],
  messages: [{ id: uuid(992), by: 'teacher', body: 'Pay me on 9845012345 directly', createdAt: '2026-11-20T05:00:00.000Z' }],
};

describe('AdminReportedThreadsPage', () => {
  beforeEach(() => signInAdmin());
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('lists reported conversations with the reasons and the words as written, and marks one handled', async () => {
    let open = [reported];
    const resolved: string[] = [];
    installFakeApi({
      'GET /v1/admin/reported-threads': () => json({ threads: open }),
      [`POST /v1/admin/reported-threads/${reported.id}/resolve`]: (request) => {
        resolved.push(new URL(request.url).pathname);
        open = [];
        return json({ id: reported.id, resolved: 1 });
      },
    });
    const user = userEvent.setup();
    renderPage(<AdminReportedThreadsPage />, { path: '/admin/reported-threads', route: '/admin/reported-threads' });
    const item = within(await screen.findByRole('list', { name: 'Reported conversations' })).getAllByRole('listitem')[0]!;
    expect(within(item).getByRole('heading', { name: 'Asha Rao and Kiran Rao' })).toBeInTheDocument();
    expect(within(item).getByText('Asks to pay outside Kalike')).toBeInTheDocument();
    expect(within(item).getByText('Pay me on 9845012345 directly')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByText('Reports on Asha Rao and Kiran Rao marked handled.')).toHaveAttribute('role', 'status');
    expect(await screen.findByText('No reported conversations')).toBeInTheDocument();
    expect(resolved).toHaveLength(1);
  });

  it('says why the list could not be loaded', async () => {
    installFakeApi({
      'GET /v1/admin/reported-threads': () => json({ statusCode: 403, code: 'FORBIDDEN', message: 'Only Kalike admins read reported conversations' }, 403),
    });
    renderPage(<AdminReportedThreadsPage />, { path: '/admin/reported-threads', route: '/admin/reported-threads' });
    expect(await screen.findByText('Only Kalike admins read reported conversations')).toBeInTheDocument();
  });
});
