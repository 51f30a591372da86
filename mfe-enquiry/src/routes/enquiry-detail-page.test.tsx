import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';

import { batch, enquiry, uuid } from '../testing/enquiry-fixtures';
import { thread } from '../testing/thread-fixtures';
import { currentPath, renderPage } from '@kalike/shared/testing/render-page';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';
import EnquiryDetailPage from './enquiry-detail-page';

const id = uuid(1);
const detailApi = `GET /v1/marketplace/enquiries/${id}`;

const demoOffered = enquiry(1, {
  state: 'demo_offered',
  allowedActions: ['accept_demo', 'close'],
  respondBy: null,
  teacherMessage: 'Come on Saturday!',
  offer: { kind: 'demo', session: { id: uuid(710), startsAt: '2026-11-28T04:30:00.000Z', endsAt: '2026-11-28T05:30:00.000Z' }, batch: batch() },
  history: [
    // Out of order on purpose: the page shows them oldest first.
    { action: 'propose_demo', state: 'demo_offered', by: 'teacher', at: '2026-11-21T06:00:00.000Z', message: 'Come on Saturday!' },
    { action: 'create', state: 'sent', by: 'learner', at: '2026-11-20T04:30:00.000Z', message: null },
    { action: 'mark_seen', state: 'seen', by: 'teacher', at: '2026-11-20T09:00:00.000Z', message: null },
  ],
});

function renderDetail(path = `/${id}`) {
  return renderPage(<EnquiryDetailPage />, { path, route: '/:enquiryId' });
}

describe('EnquiryDetailPage', () => {
  afterEach(() => {
    cleanup();
    signOut();
  });

  it("takes a signed-in teacher to the enquiry on the teacher's side", async () => {
    signInTeacher();
    const api = installFakeApi({});
    renderDetail();
    await waitFor(() => expect(currentPath()).toBe(`/teach/enquiries/${id}`));
    expect(api).not.toHaveBeenCalled();
  });

  it('shows the whole enquiry: teacher, state, offer in IST with prices, and the history oldest first', async () => {
    signInLearner();
    installFakeApi({ [detailApi]: () => json(demoOffered) });
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Enquiry with Kiran Rao' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chess coaching with Kiran' })).toHaveAttribute('href', '/discover/bengaluru/chess/teachers/kiran-rao-1');
    expect(screen.getByText('Demo offered')).toBeInTheDocument();
    expect(screen.getByText('The teacher offered a demo class: book it or close the enquiry.')).toBeInTheDocument();

    const offer = screen.getByRole('region', { name: 'Demo class offered' });
    expect(within(offer).getByText('Saturday, 28 November at 10:00 am to 11:00 am (IST)')).toBeInTheDocument();
    expect(within(offer).getByText('Free demo class')).toBeInTheDocument();
    expect(within(offer).getByText(/You pay nothing for a demo class and need no class pack/)).toBeInTheDocument();
    expect(within(offer).getByText('Sat, Sun')).toBeInTheDocument();
    expect(within(offer).getByText('10:00 am to 11:00 am (IST)')).toBeInTheDocument();
    const packs = within(offer).getByRole('table', { name: 'Class packs' });
    expect(
      within(packs)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['8 classes8₹3,200₹40045 days', '24 classes24₹8,640.50₹360.02120 days']);

    const history = within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem');
    expect(history.map((item) => item.firstChild?.textContent)).toEqual([
      'You sent an enquiry to Kiran Rao',
      'Kiran Rao read your enquiry',
      'Kiran Rao offered a demo class',
    ]);
    expect(within(history[2]!).getByText('Come on Saturday!')).toBeInTheDocument();
  });

  it('offers exactly the moves the API allows: "Book this demo" books it', async () => {
    signInLearner();
    const bodies: unknown[] = [];
    let current: Enquiry = demoOffered;
    installFakeApi({
      [detailApi]: () => json(current),
      [`POST /v1/marketplace/enquiries/${id}/connect`]: async (request) => {
        bodies.push(await request.json());
        current = { ...demoOffered, state: 'demo_booked', allowedActions: ['close'] };
        return json(current);
      },
    });
    const user = userEvent.setup();
    renderDetail();
    const actions = await screen.findByRole('region', { name: 'What you can do' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Book this demo', 'Close enquiry']);
    expect(within(actions).queryByRole('link', { name: 'Enrol' })).not.toBeInTheDocument();
    await user.click(within(actions).getByRole('button', { name: 'Book this demo' }));
    expect(await screen.findByText('Your demo class is booked.')).toBeInTheDocument();
    expect(bodies).toEqual([{ offer: 'demo' }]);
    expect(screen.getByText('Demo booked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book this demo' })).not.toBeInTheDocument();
    // Where the booked demo now lives, with its address and calendar.
    const booked = screen.getByRole('region', { name: 'Demo class booked' });
    expect(within(booked).getByText('Free demo class')).toBeInTheDocument();
    expect(within(booked).getByRole('link', { name: 'Sessions' })).toHaveAttribute('href', '/learner/sessions');
  });

  it('links "Enrol" to the enrolment page for a batch offer, and offers nothing on an ended enquiry', async () => {
    signInLearner();
    installFakeApi({
      [detailApi]: () =>
        json(enquiry(1, { state: 'batch_offered', allowedActions: ['enrol', 'close'], respondBy: null, offer: { kind: 'batch', batch: batch() } })),
      [`GET /v1/marketplace/enquiries/${uuid(2)}`]: () => json(enquiry(2, { state: 'declined', allowedActions: [], respondBy: null })),
    });
    renderDetail();
    expect(await screen.findByRole('link', { name: 'Enrol' })).toHaveAttribute('href', `/enroll?enquiryId=${id}`);
    expect(screen.getByRole('region', { name: 'Place in a batch offered' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add age, level and goals' })).toHaveAttribute('href', `/enquire/${id}/enrichment?from=enquiry`);
    cleanup();
    renderDetail(`/${uuid(2)}`);
    expect(await screen.findByText('The teacher cannot take this enquiry. Try another teacher near you.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'What you can do' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add age, level and goals' })).not.toBeInTheDocument();
  });

  it('closes the enquiry only after the learner confirms, with their reason', async () => {
    signInLearner();
    const bodies: unknown[] = [];
    let current = enquiry(1);
    installFakeApi({
      [detailApi]: () => json(current),
      [`POST /v1/marketplace/enquiries/${id}/close`]: async (request) => {
        bodies.push(await request.json());
        current = enquiry(1, { state: 'closed', allowedActions: [], respondBy: null });
        return json(current);
      },
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Close enquiry' }));
    const confirm = screen.getByRole('group', { name: /Close this enquiry\? Kiran will be told/ });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it open' }));
    expect(bodies).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Close enquiry' }));
    await user.type(screen.getByRole('textbox', { name: /Why are you closing it/ }), 'Found a class nearer home');
    await user.click(screen.getByRole('button', { name: 'Yes, close it' }));
    expect(await screen.findByText('You closed this enquiry.')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'Found a class nearer home' }]);
  });

  it('shows the new offer when the teacher changed it meanwhile', async () => {
    signInLearner();
    let reads = 0;
    installFakeApi({
      [detailApi]: () => {
        reads += 1;
        return json(
          reads === 1 ? demoOffered : enquiry(1, { state: 'batch_offered', allowedActions: ['enrol', 'close'], offer: { kind: 'batch', batch: batch() } }),
        );
      },
      [`POST /v1/marketplace/enquiries/${id}/connect`]: () =>
        json({ statusCode: 409, code: 'OFFER_CHANGED', message: "The teacher's current offer is a batch, not a demo; reload the enquiry" }, 409),
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Book this demo' }));
    expect(await screen.findByText('The teacher has changed the offer. Here is the new one.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Enrol' })).toBeInTheDocument();
  });

  it("renders the shell's not-found page for an enquiry that is not the learner's", async () => {
    signInLearner();
    installFakeApi({ [detailApi]: () => json({ statusCode: 404, code: 'ENQUIRY_NOT_FOUND', message: 'No such enquiry' }, 404) });
    renderDetail();
    await waitFor(() => expect(currentPath()).toBe('/404'));
  });

  it('asks a signed-out learner to sign in, and comes back here', () => {
    const api = installFakeApi({});
    renderDetail();
    expect(screen.getByRole('heading', { name: 'Sign in to see this enquiry' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?redirectTo=${encodeURIComponent(`/${id}`)}`);
    expect(api).not.toHaveBeenCalled();
  });
  it("shows the conversation with the teacher, opened by the enquiry's own words, and answers it", async () => {
    signInLearner();
    const sent: unknown[] = [];
    installFakeApi({
      [detailApi]: () => json(demoOffered),
      [`GET /v1/enquiries/${id}/messages`]: () => json(thread()),
      [`POST /v1/enquiries/${id}/messages`]: async (request) => {
        sent.push(await request.json());
        return json(thread());
      },
    });
    const user = userEvent.setup();
    renderDetail();
    const messages = await screen.findByRole('region', { name: 'Messages with Kiran Rao' });
    expect(await within(messages).findByText('Saturday 10 am works.')).toBeInTheDocument();
    await user.type(within(messages).getByLabelText('Your message'), 'See you then');
    await user.click(within(messages).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(sent).toEqual([{ body: 'See you then' }]));
  });
});
