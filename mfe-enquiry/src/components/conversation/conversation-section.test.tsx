import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Thread } from '@kalike/shared/contracts/conversations';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { signInLearner, signOut } from '@kalike/shared/testing/signed-in';

import { thread, threadMessage } from '../../testing/thread-fixtures';
import { uuid } from '../../testing/enquiry-fixtures';
import { ConversationSection } from './conversation-section';

const id = uuid(1);
const messagesApi = `/v1/enquiries/${id}/messages`;

function renderThread() {
  return renderWithApp(<ConversationSection subject="enquiry" subjectId={id} heading="Messages with Kiran Rao" />, { path: '/', route: '/' });
}

const messageList = () => within(screen.getByRole('list', { name: 'Messages' }));

describe('ConversationSection', () => {
  beforeEach(() => signInLearner());
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('shows the messages oldest first with who wrote them and when, in Bengaluru time', async () => {
    installFakeApi({ [`GET ${messagesApi}`]: () => json(thread()) });
    renderThread();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^You20 Nov(,)? 10:00 am\s*Weekend mornings suit us\.$/i),
      expect.stringMatching(/^Kiran Rao20 Nov(,)? 11:30 am\s*Saturday 10 am works\.$/i),
    ]);
  });

  it('says "Seen" under the last own message once the other side has read it, and marks new messages read', async () => {
    const marks: unknown[] = [];
    const seen = thread({
      messages: [...thread().messages, threadMessage(3, true, 'Thank you!', '2026-11-20T07:00:00.000Z')],
      otherReadUpTo: '2026-11-20T07:00:00.000Z',
      readUpTo: '2026-11-20T05:00:00.000Z',
      unread: 1,
    });
    installFakeApi({
      [`GET ${messagesApi}`]: () => json(seen),
      [`POST ${messagesApi}/read`]: async (request) => {
        marks.push(await request.json());
        return json({ readUpTo: '2026-11-20T06:00:00.000Z', unread: 0 });
      },
    });
    renderThread();
    const last = (await screen.findAllByRole('listitem')).at(-1);
    expect(last).toHaveTextContent('Thank you!');
    expect(within(last!).getByText('Seen')).toBeInTheDocument();
    expect(messageList().getAllByText('Seen')).toHaveLength(1);
    await waitFor(() => expect(marks).toEqual([{ upTo: '2026-11-20T06:00:00.000Z' }]));
  });

  it('does not say "Seen" before the other side has read the last own message', async () => {
    installFakeApi({
      [`GET ${messagesApi}`]: () =>
        json(
          thread({
            messages: [...thread().messages, threadMessage(3, true, 'Thank you!', '2026-11-20T07:00:00.000Z')],
            otherReadUpTo: '2026-11-20T06:30:00.000Z',
          }),
        ),
    });
    renderThread();
    await screen.findByText('Thank you!');
    expect(screen.queryByText('Seen')).not.toBeInTheDocument();
  });

  it('sends a message and shows it; a blank one is refused before sending', async () => {
    const sent: unknown[] = [];
    let current: Thread = thread();
    installFakeApi({
      [`GET ${messagesApi}`]: () => json(current),
      [`POST ${messagesApi}`]: async (request) => {
        const body = (await request.json()) as { body: string };
        sent.push(body);
        current = thread({ messages: [...current.messages, threadMessage(3, true, body.body, '2026-11-20T07:00:00.000Z')] });
        return json(current);
      },
    });
    const user = userEvent.setup();
    renderThread();
    await user.click(await screen.findByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Write your message first.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(screen.getByLabelText('Your message'), '  Should she bring a board? ');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Should she bring a board?')).toBeInTheDocument();
    expect(sent).toEqual([{ body: 'Should she bring a board?' }]);
    expect(screen.getByLabelText('Your message')).toHaveValue('');
    expect(screen.getByText('Phone numbers and emails are hidden from the other side until the family enrols.')).toBeInTheDocument();
  });

  it.each([
    [429, 'MESSAGE_LIMIT_REACHED', 'You have sent 30 messages in the last hour; you can write again in 12 minutes'],
    [409, 'THREAD_CLOSED', 'The teacher declined this enquiry, so its conversation is closed.'],
  ])("shows the API's reason when a send is refused (%s %s), and keeps the words", async (status, code, message) => {
    installFakeApi({
      [`GET ${messagesApi}`]: () => json(thread()),
      [`POST ${messagesApi}`]: () => json({ statusCode: status, code, message }, status),
    });
    const user = userEvent.setup();
    renderThread();
    await user.type(await screen.findByLabelText('Your message'), 'One more question');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(message)).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Your message')).toHaveValue('One more question');
  });

  it('offers no composer on a closed thread, only why', async () => {
    installFakeApi({
      [`GET ${messagesApi}`]: () => json(thread({ canWrite: false, closedReason: 'This enquiry expired, so its conversation is closed.' })),
    });
    renderThread();
    expect(await screen.findByText('This enquiry expired, so its conversation is closed.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
  });

  it('reports the conversation after asking why; the reason is required', async () => {
    const reports: unknown[] = [];
    installFakeApi({
      [`GET ${messagesApi}`]: () => json(thread()),
      [`POST /v1/enquiries/${id}/report`]: async (request) => {
        reports.push(await request.json());
        return json({ reported: true, at: '2026-11-20T07:00:00.000Z' });
      },
    });
    const user = userEvent.setup();
    renderThread();
    await user.click(await screen.findByRole('button', { name: 'Report this conversation' }));
    expect(screen.getByRole('heading', { name: 'Report this conversation to Kalike?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByText('Say what is wrong in at least 5 characters.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('What is wrong?'), 'Asked me to pay outside Kalike');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('You reported this conversation. Kalike will look at it.')).toBeInTheDocument();
    expect(reports).toEqual([{ reason: 'Asked me to pay outside Kalike' }]);
  });

  it('says when hidden contacts were taken out of a message', async () => {
    installFakeApi({
      [`GET ${messagesApi}`]: () =>
        json(thread({ messages: [threadMessage(2, false, 'Call me on [contact hidden until enrolment]', '2026-11-20T06:00:00.000Z', { masked: true })] })),
    });
    renderThread();
    expect(await screen.findByText('Contact details are hidden until enrolment.')).toBeInTheDocument();
  });
});
