import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { learnerEnquiryDetailsStore, type SelectedCard } from '@kalike/shared/enquiry/learner-enquiry-details';
import type { CreateEnquiriesBody } from '@kalike/shared/contracts/enquiries';

import { readDraft } from '../features/class-request/utils/enquiry-draft';
import { account, enquiry, teacherNames, uuid } from '../testing/enquiry-fixtures';
import { currentPath, renderPage } from '@kalike/shared/testing/render-page';
import { learnerId, signInLearner, signOut } from '@kalike/shared/testing/signed-in';
import EnquireManyPage from './enquire-many-page';

const card = (n: number): SelectedCard => ({
  listingId: uuid(200 + n),
  teacherName: teacherNames[n - 1]!,
  title: `Chess coaching with ${teacherNames[n - 1]!.split(' ')[0]}`,
  categoryName: 'Chess',
  path: `/discover/bengaluru/chess/teachers/t-${n}`,
});

function renderMany() {
  return renderPage(<EnquireManyPage />, { path: '/enquire?refPage=%2Fshortlist&refSection=Shortlist+Tab', route: '/enquire' });
}

describe('EnquireManyPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    act(() => learnerEnquiryDetailsStore.setState({ selectedCards: [], showEnquirySuccessOverlay: false }));
  });
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('explains what to do when no teachers were picked, with a way back to the shortlist', () => {
    installFakeApi({});
    renderMany();
    expect(screen.getByRole('heading', { name: 'No teachers picked yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your shortlist' })).toHaveAttribute('href', '/shortlist');
  });

  it('sends one enquiry to each ticked teacher, then shows the success overlay and forgets the pick', async () => {
    signInLearner();
    learnerEnquiryDetailsStore.setState({ selectedCards: [card(1), card(2), card(3)] });
    const bodies: CreateEnquiriesBody[] = [];
    installFakeApi({
      [`GET /v1/user/accounts/${learnerId}`]: () => json(account()),
      'POST /v1/marketplace/enquiries': async (request) => {
        const body = (await request.json()) as CreateEnquiriesBody;
        bodies.push(body);
        return json({ requestId: uuid(900), enquiries: body.targets.map((_target, index) => ({ created: true, enquiry: enquiry([1, 3][index]!) })) }, 201);
      },
    });
    const user = userEvent.setup();
    renderMany();
    expect(screen.getByRole('heading', { name: 'Enquire with 3 teachers' })).toBeInTheDocument();
    const sendTo = screen.getByRole('group', { name: 'Send to' });
    expect(within(sendTo).getAllByRole('checkbox', { checked: true })).toHaveLength(3);
    await user.click(within(sendTo).getByRole('checkbox', { name: /Meera Iyer/ }));
    expect(readDraft()?.skippedListingIds).toEqual([uuid(202)]);
    expect(screen.queryByRole('radio', { name: /Program/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Myself' }));
    await user.click(screen.getByRole('checkbox', { name: 'Wednesday' }));
    await user.click(screen.getByRole('checkbox', { name: /Evening/ }));
    await user.click(screen.getByRole('button', { name: 'Send to 2 teachers' }));

    await waitFor(() => expect(currentPath()).toBe('/enquiries/success'));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      targets: [{ listingId: uuid(201) }, { listingId: uuid(203) }],
      studentId: null,
      preferredDays: [3],
      preferredTimes: ['evening'],
      refPage: '/shortlist',
      refSection: 'Shortlist Tab',
    });
    expect(learnerEnquiryDetailsStore.getState()).toEqual({ selectedCards: [], showEnquirySuccessOverlay: true });
    expect(readDraft()).toBeNull();
  });

  it('asks for at least one teacher before sending', async () => {
    signInLearner();
    learnerEnquiryDetailsStore.setState({ selectedCards: [card(1)] });
    const api = installFakeApi({ [`GET /v1/user/accounts/${learnerId}`]: () => json(account()) });
    const user = userEvent.setup();
    renderMany();
    await user.click(screen.getByRole('checkbox', { name: /Kiran Rao/ }));
    await user.click(screen.getByRole('radio', { name: 'Myself' }));
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await user.click(screen.getByRole('checkbox', { name: /Morning/ }));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByText('Tick at least one teacher to send your enquiry to.')).toBeInTheDocument();
    expect(api.mock.calls.some(([input]) => String((input as Request).url).endsWith('/v1/marketplace/enquiries'))).toBe(false);
  });

  it('signed out, keeps the answers and the unticked teachers through sign-in', async () => {
    learnerEnquiryDetailsStore.setState({ selectedCards: [card(1), card(2)] });
    installFakeApi({});
    const user = userEvent.setup();
    renderMany();
    await user.click(screen.getByRole('checkbox', { name: /Kiran Rao/ }));
    await user.click(screen.getByRole('radio', { name: 'Myself' }));
    await user.click(screen.getByRole('checkbox', { name: 'Friday' }));
    await user.click(screen.getByRole('checkbox', { name: /Afternoon/ }));
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Asha');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentPath()).toBe(`/login?redirectTo=${encodeURIComponent('/enquire?refPage=%2Fshortlist&refSection=Shortlist+Tab')}`));
    cleanup();
    renderMany();
    expect(screen.getByRole('checkbox', { name: /Kiran Rao/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Meera Iyer/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Friday' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Asha');
  });
});
