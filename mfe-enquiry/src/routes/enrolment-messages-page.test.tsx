import { cleanup, screen } from '@testing-library/react';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { uuid } from '../testing/enquiry-fixtures';
import { thread, threadMessage } from '../testing/thread-fixtures';
import EnrolmentMessagesPage from './enrolment-messages-page';
import TeachEnrolmentMessagesPage from './teach/enrolment-messages-page';

const placeId = uuid(40);
const messagesApi = `GET /v1/enrolments/${placeId}/messages`;
const enrolmentThread = thread({
  subject: 'enrolment',
  subjectId: placeId,
  title: 'Chess for beginners · Saturday beginners · Saanvi',
  messages: [threadMessage(1, false, 'Please bring the workbook.', '2026-11-20T06:00:00.000Z')],
  contactsHidden: false,
});

describe('the conversation on an enrolment', () => {
  afterEach(() => {
    cleanup();
    signOut();
  });

  it("shows the family's conversation with the batch's teacher", async () => {
    signInLearner();
    installFakeApi({ [messagesApi]: () => json(enrolmentThread), [`POST /v1/enrolments/${placeId}/messages/read`]: () => json({ readUpTo: null, unread: 0 }) });
    renderPage(<EnrolmentMessagesPage />, { path: `/messages/enrolment/${placeId}`, route: '/messages/enrolment/:batchStudentId' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages with Kiran Rao' })).toBeInTheDocument();
    expect(screen.getByText('Chess for beginners · Saturday beginners · Saanvi')).toBeInTheDocument();
    expect(await screen.findByText('Please bring the workbook.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your classes' })).toHaveAttribute('href', '/classes');
  });

  it('says a place that is not theirs is not theirs', async () => {
    signInTeacher();
    installFakeApi({ [messagesApi]: () => json({ statusCode: 404, code: 'THREAD_NOT_FOUND', message: 'There is no conversation here for you' }, 404) });
    renderPage(<TeachEnrolmentMessagesPage />, { path: `/teach/messages/enrolment/${placeId}`, route: '/teach/messages/enrolment/:batchStudentId' });
    expect(await screen.findByRole('heading', { name: 'This conversation is not yours' })).toBeInTheDocument();
  });
});
