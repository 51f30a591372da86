import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Enquiry, EnquiryOfferChoices } from '@kalike/shared/contracts/enquiries';
import { enquiryLifecycle, type EnquiryState } from '@kalike/shared/domain/enquiry-lifecycle';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { batch, enquiry, uuid } from '../../testing/enquiry-fixtures';
import { thread, threadMessage } from '../../testing/thread-fixtures';
import TeachEnquiryPage from './enquiry-page';

const id = uuid(1);
const detailApi = `GET /v1/marketplace/enquiries/${id}`;
const moveApi = (move: string) => `POST /v1/marketplace/enquiries/${id}/${move}`;

/** The enquiry as the teacher reads it in `state`, with the moves the lifecycle gives the teacher there. */
const asTeacher = (state: EnquiryState, overrides: Partial<Enquiry> = {}): Enquiry =>
  enquiry(1, {
    state,
    allowedActions: enquiryLifecycle.allowed(state, 'teacher'),
    respondBy: state === 'sent' || state === 'seen' ? '2026-11-22T04:30:00.000Z' : null,
    contact: { name: 'Asha Rao', phone: '+919876500001', alternatePhone: null },
    student: { id: uuid(301), name: 'Saanvi' },
    details: { studentAgeYears: 9, level: 'beginner', goals: 'Play in school tournaments' },
    message: 'Weekend mornings suit us.',
    ...overrides,
  });

const choices: EnquiryOfferChoices = {
  batches: [batch({ id: uuid(700), name: 'Saturday beginners', seatsLeft: 2 }), batch({ id: uuid(701), name: 'Sunday juniors', seatsLeft: 1, plans: [] })],
  demoSessions: [
    {
      id: uuid(710),
      startsAt: '2026-11-28T04:30:00.000Z',
      endsAt: '2026-11-28T05:30:00.000Z',
      batch: { id: uuid(700), name: 'Saturday beginners', programName: 'Chess for beginners' },
    },
  ],
};

function renderDetail() {
  return renderPage(<TeachEnquiryPage />, { path: `/teach/enquiries/${id}`, route: '/teach/enquiries/:enquiryId' });
}

const moveButtons = () =>
  within(screen.getByRole('region', { name: 'Your answer' }))
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('TeachEnquiryPage', () => {
  beforeEach(() => signInTeacher());
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('shows what the family asked and marks a new enquiry seen once', async () => {
    const seen: Request[] = [];
    installFakeApi({
      [detailApi]: () => json(asTeacher(seen.length ? 'seen' : 'sent')),
      [moveApi('seen')]: (request) => {
        seen.push(request);
        return json(asTeacher('seen'));
      },
    });
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Enquiry from Asha for Saanvi' })).toBeInTheDocument();
    const asked = screen.getByRole('region', { name: 'What they asked for' });
    for (const text of ['Saanvi', '9 years', 'Beginner', 'Play in school tournaments', 'Weekend mornings suit us.', 'Sat, Sun']) {
      expect(within(asked).getByText(text, { exact: false })).toBeInTheDocument();
    }
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(await screen.findByText('Seen')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
  });

  it.each<[EnquiryState, string[]]>([
    ['seen', ['Reply', 'Offer a demo class', 'Offer a batch', 'Decline']],
    ['demo_offered', ['Offer a demo class', 'Offer a batch', 'Decline']],
    ['demo_booked', ['Offer a batch', 'Decline']],
    ['batch_offered', ['Offer a batch', 'Decline']],
    ['enrolled', []],
    ['expired', []],
  ])('in state %s offers exactly the moves the lifecycle allows', async (state, expected) => {
    installFakeApi({
      [detailApi]: () => json(asTeacher(state, { offer: state === 'batch_offered' || state === 'enrolled' ? { kind: 'batch', batch: batch() } : null })),
    });
    renderDetail();
    await screen.findByRole('region', { name: 'Your answer' });
    expect(moveButtons()).toEqual(expected);
    if (expected.length === 0) expect(screen.getByText('There is nothing for you to do on this enquiry now.')).toBeInTheDocument();
  });

  it('replies, and shows the new state; a blank reply is refused before sending', async () => {
    const replies: unknown[] = [];
    installFakeApi({
      [detailApi]: () => json(replies.length ? asTeacher('responded', { teacherMessage: 'Yes, Saturday works.' }) : asTeacher('seen')),
      [moveApi('respond')]: async (request) => {
        replies.push(await request.json());
        return json(asTeacher('responded', { teacherMessage: 'Yes, Saturday works.' }));
      },
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Reply' }));
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(screen.getByText('Write your reply first.')).toHaveAttribute('role', 'alert');
    expect(replies).toHaveLength(0);
    await user.type(screen.getByLabelText('Your reply'), '  Yes, Saturday works. ');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply sent. The family gets a text message to read it.')).toBeInTheDocument();
    expect(replies).toEqual([{ message: 'Yes, Saturday works.' }]);
    expect(screen.getByText('Replied')).toBeInTheDocument();
    expect(moveButtons()).toEqual(['Reply', 'Offer a demo class', 'Offer a batch', 'Decline']);
  });

  it('offers a batch chosen from those with seats, showing its class packs and prices', async () => {
    const bodies: unknown[] = [];
    installFakeApi({
      [detailApi]: () => json(bodies.length ? asTeacher('batch_offered', { offer: { kind: 'batch', batch: choices.batches[0]! } }) : asTeacher('responded')),
      [`GET /v1/marketplace/enquiries/${id}/offer-choices`]: () => json(choices),
      [moveApi('offer-batch')]: async (request) => {
        bodies.push(await request.json());
        return json(asTeacher('batch_offered', { offer: { kind: 'batch', batch: choices.batches[0]! } }));
      },
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Offer a batch' }));
    await user.click(screen.getByRole('button', { name: 'Offer this batch' }));
    expect(screen.getByText('Choose the batch to offer a place in.')).toHaveAttribute('role', 'alert');
    const option = await screen.findByRole('radio', { name: 'Saturday beginners · Chess for beginners' });
    expect(screen.getByText('Sat, Sun 10:00 am · 2 seats left · packs from ₹3,200', { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/1 seat left · no class packs yet/)).toBeInTheDocument();
    await user.click(option);
    expect(screen.getByRole('table', { name: 'Class packs' })).toHaveTextContent('₹8,640.50');
    await user.click(screen.getByRole('button', { name: 'Offer this batch' }));
    expect(await screen.findByText('Place offered. The family gets a text message to enrol.')).toBeInTheDocument();
    expect(bodies).toEqual([{ batchId: uuid(700) }]);
    expect(await screen.findByText('Batch offered')).toBeInTheDocument();
  });

  it('shows the teacher that the demo they offered is free for the family', async () => {
    const offer = {
      kind: 'demo' as const,
      session: { id: uuid(710), startsAt: '2026-11-28T04:30:00.000Z', endsAt: '2026-11-28T05:30:00.000Z' },
      batch: choices.batches[0]!,
    };
    installFakeApi({ [detailApi]: () => json(asTeacher('demo_booked', { offer })) });
    renderDetail();
    const offered = await screen.findByRole('region', { name: 'Demo class booked' });
    expect(within(offered).getByText('Free demo class')).toBeInTheDocument();
    expect(within(offered).getByText('Demo classes are free for the family: no class pack is used and nothing is charged.')).toBeInTheDocument();
  });

  it('offers one of the upcoming classes as a demo', async () => {
    const bodies: unknown[] = [];
    installFakeApi({
      [detailApi]: () => json(asTeacher('responded')),
      [`GET /v1/marketplace/enquiries/${id}/offer-choices`]: () => json(choices),
      [moveApi('propose-demo')]: async (request) => {
        bodies.push(await request.json());
        return json(asTeacher('demo_offered'));
      },
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Offer a demo class' }));
    await user.click(await screen.findByRole('radio', { name: /Saturday, 28 November/ }));
    await user.type(screen.getByLabelText(/A note to the family/), 'Bring a notebook');
    await user.click(screen.getByRole('button', { name: 'Offer this demo' }));
    expect(await screen.findByText('Demo class offered. The family gets a text message to book it.')).toBeInTheDocument();
    expect(bodies).toEqual([{ sessionId: uuid(710), message: 'Bring a notebook' }]);
  });

  it('declines with a chosen reason and an optional note; "another reason" needs the note', async () => {
    const bodies: unknown[] = [];
    installFakeApi({
      [detailApi]: () => json(asTeacher(bodies.length ? 'declined' : 'seen')),
      [moveApi('decline')]: async (request) => {
        bodies.push(await request.json());
        return json(asTeacher('declined'));
      },
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await user.click(screen.getByRole('button', { name: 'Decline enquiry' }));
    expect(screen.getByText('Choose why you cannot take this enquiry.')).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('radio', { name: 'Another reason' }));
    await user.click(screen.getByRole('button', { name: 'Decline enquiry' }));
    expect(screen.getByText('Write the reason in a few words.')).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('radio', { name: 'My batches are full' }));
    await user.type(screen.getByLabelText(/A note to the family/), 'Try again in June');
    await user.click(screen.getByRole('button', { name: 'Decline enquiry' }));
    expect(await screen.findByText('Enquiry declined. The family is told you cannot take it.')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'My batches are full. Try again in June' }]);
    expect(moveButtons()).toEqual([]);
  });

  it('explains a move the server refuses because the enquiry moved on, and shows where it stands', async () => {
    let state: EnquiryState = 'seen';
    installFakeApi({
      [detailApi]: () => json(asTeacher(state)),
      [moveApi('respond')]: () => {
        state = 'closed';
        return json({ statusCode: 409, code: 'INVALID_TRANSITION', message: 'Cannot respond to a closed enquiry' }, 409);
      },
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Your reply'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText(/This enquiry has moved on since you opened it/)).toBeInTheDocument();
    expect(await screen.findByText('Closed by family')).toBeInTheDocument();
    expect(screen.getByText('The family closed this enquiry.')).toBeInTheDocument();
    expect(moveButtons()).toEqual([]);
  });

  it('says an enquiry that is not theirs is not in the inbox', async () => {
    installFakeApi({ [detailApi]: () => json({ statusCode: 404, code: 'ENQUIRY_NOT_FOUND', message: 'Enquiry not found' }, 404) });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'This enquiry is not in your inbox' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All your enquiries' })).toHaveAttribute('href', '/teach/enquiries');
  });
  it("shows the family's numbers formatted as links to call, and the child's age from the date of birth", async () => {
    installFakeApi({
      [detailApi]: () =>
        json(
          asTeacher('seen', {
            details: { studentAgeYears: null, level: null, goals: null },
            student: { id: uuid(301), name: 'Saanvi', ageYears: 9 },
            contact: { name: 'Asha Rao', phone: '+919845012345', alternatePhone: '+919845054321' },
          }),
        ),
      [`GET /v1/enquiries/${id}/messages`]: () => json(thread({ party: 'teacher', otherName: 'Asha Rao', messages: [] })),
    });
    renderDetail();
    const asked = await screen.findByRole('region', { name: 'What they asked for' });
    expect(within(asked).getByRole('link', { name: '+91 98450 12345' })).toHaveAttribute('href', 'tel:+919845012345');
    expect(within(asked).getByRole('link', { name: '+91 98450 54321' })).toHaveAttribute('href', 'tel:+919845054321');
    expect(within(asked).getByText('9 years')).toBeInTheDocument();
  });

  it('preselects the batch the family picked when offering a batch', async () => {
    const bodies: unknown[] = [];
    const picked = batch({ id: uuid(700), name: 'Saturday beginners', programName: 'Chess for beginners', daysOfWeek: [6], startTime: '10:00', seatsLeft: 2 });
    const other = batch({ id: uuid(701), name: 'Weekday juniors', programName: 'Chess for beginners', daysOfWeek: [2, 4], startTime: '17:00', seatsLeft: 3 });
    installFakeApi({
      [detailApi]: () =>
        json(asTeacher('responded', { program: { id: uuid(60), name: 'Chess for beginners' }, preferredDays: [6], preferredTimes: ['morning'] })),
      [`GET /v1/enquiries/${id}/messages`]: () => json(thread({ party: 'teacher', otherName: 'Asha Rao' })),
      [`GET /v1/marketplace/enquiries/${id}/offer-choices`]: () => json({ ...choices, batches: [other, picked] }),
      [moveApi('offer-batch')]: async (request) => {
        bodies.push(await request.json());
        return json(asTeacher('batch_offered', { offer: { kind: 'batch', batch: picked } }));
      },
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Offer a batch' }));
    expect(await screen.findByRole('radio', { name: 'Saturday beginners · Chess for beginners' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Weekday juniors · Chess for beginners' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Offer this batch' }));
    expect(await screen.findByText('Place offered. The family gets a text message to enrol.')).toBeInTheDocument();
    expect(bodies).toEqual([{ batchId: uuid(700) }]);
  });

  it('shows the conversation with the family and lets the teacher answer', async () => {
    const sent: unknown[] = [];
    installFakeApi({
      [detailApi]: () => json(asTeacher('responded')),
      [`GET /v1/enquiries/${id}/messages`]: () =>
        json(thread({ party: 'teacher', otherName: 'Asha Rao', messages: [threadMessage(2, false, 'Is Saturday fine?', '2026-11-20T06:00:00.000Z')] })),
      [`POST /v1/enquiries/${id}/messages`]: async (request) => {
        sent.push(await request.json());
        return json(thread({ party: 'teacher', otherName: 'Asha Rao' }));
      },
    });
    const user = userEvent.setup();
    renderDetail();
    const messages = await screen.findByRole('region', { name: 'Messages with Asha' });
    expect(await within(messages).findByText('Is Saturday fine?')).toBeInTheDocument();
    await user.type(within(messages).getByLabelText('Your message'), 'Yes, 10 am.');
    await user.click(within(messages).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(sent).toEqual([{ body: 'Yes, 10 am.' }]));
  });
});
