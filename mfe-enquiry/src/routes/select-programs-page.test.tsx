import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { learnerEnquiryDetailsStore } from '@kalike/shared/enquiry/learner-enquiry-details';
import type { CreateEnquiriesBody, TeacherMatch } from '@kalike/shared/contracts/enquiries';

import { readDraft, saveDraft, newDraft } from '../features/class-request/utils/enquiry-draft';
import { account, enquiry, teacherNames, uuid } from '../testing/enquiry-fixtures';
import { currentPath, renderPage } from '@kalike/shared/testing/render-page';
import { learnerId, signInLearner, signOut } from '@kalike/shared/testing/signed-in';
import { defaultLocation } from '@kalike/shared/location/location-store';
import SelectProgramsPage from './select-programs-page';

const matchesApi = 'GET /v1/marketplace/enquiries/teacher-matches';

/** Teacher n of the subject; teacher 3 teaches only online, so does not fit a centre request. */
function match(n: number): TeacherMatch {
  const name = n <= teacherNames.length ? teacherNames[n - 1]! : `Teacher ${n}`;
  const fits = n !== 3;
  return {
    listingId: uuid(200 + n),
    teacherName: name,
    title: `Chess with ${name}`,
    category: { slug: 'chess', name: 'Chess' },
    mode: fits ? 'at_centre' : 'online',
    priceFromPaise: 250_000,
    distanceMetres: fits ? 400 * n : null,
    fits,
    reason: fits ? `Sat 10 am batch, ${(0.4 * n).toFixed(1)} km` : "Does not teach at the teacher's centre",
  };
}

const answered = () => ({
  ...newDraft(),
  categorySlug: 'chess',
  student: 'self',
  preferredDays: [6, 7],
  preferredTimes: ['morning' as const],
  mode: 'at_centre' as const,
  contactName: 'Asha Rao',
  refPage: '/discover',
  refSection: 'ask_chess',
});

function renderSelect() {
  return renderPage(<SelectProgramsPage />, { path: '/enquire/selectprograms', route: '/enquire/selectprograms' });
}

describe('SelectProgramsPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    act(() => learnerEnquiryDetailsStore.setState({ selectedCards: [], showEnquirySuccessOverlay: false }));
  });
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('asks the API which nearby teachers fit, ticks only fitting ones with the reason on each row, allows five, and sends one enquiry each', async () => {
    signInLearner();
    saveDraft(answered());
    const requests: URL[] = [];
    const bodies: CreateEnquiriesBody[] = [];
    installFakeApi({
      [matchesApi]: (_request, url) => {
        requests.push(url);
        return json({ matches: [1, 2, 3, 4, 5, 6].map(match) });
      },
      [`GET /v1/user/accounts/${learnerId}`]: () => json(account()),
      'POST /v1/marketplace/enquiries': async (request) => {
        const body = (await request.json()) as CreateEnquiriesBody;
        bodies.push(body);
        return json({ requestId: uuid(900), enquiries: body.targets.map((_target, index) => ({ created: true, enquiry: enquiry(index + 1) })) }, 201);
      },
    });
    const user = userEvent.setup();
    renderSelect();
    const group = await screen.findByRole('group', { name: 'Teachers near you' });
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({
      category: 'chess',
      lat: String(defaultLocation.coords.lat),
      long: String(defaultLocation.coords.lng),
      mode: 'at_centre',
      days: '6,7',
      times: 'morning',
    });
    const boxes = within(group).getAllByRole('checkbox');
    // The online-only teacher is not ticked, although nearer than the fourth.
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, true, false, true, false, false]);
    expect(within(group).getByText('3 of up to 5 chosen.')).toBeInTheDocument();
    expect(within(group).getByText('Sat 10 am batch, 0.4 km · from ₹2,500')).toBeInTheDocument();
    expect(within(group).getByText("Not a match: Does not teach at the teacher's centre · from ₹2,500")).toBeInTheDocument();
    await user.click(boxes[2]!);
    await user.click(boxes[4]!);
    expect(boxes[5]).toBeDisabled();
    await user.click(boxes[0]!);
    expect(readDraft()?.chosenListingIds).toEqual([uuid(202), uuid(204), uuid(203), uuid(205)]);
    expect(screen.getByText('Chess')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send to 4 teachers' }));
    await waitFor(() => expect(currentPath()).toBe('/enquiries/success'));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      targets: [2, 4, 3, 5].map((n) => ({ listingId: uuid(200 + n) })),
      studentId: null,
      refPage: '/discover',
      refSection: 'ask_chess',
    });
    expect(learnerEnquiryDetailsStore.getState().showEnquirySuccessOverlay).toBe(true);
  });

  it('says which answers are missing instead of sending an incomplete request', async () => {
    signInLearner();
    saveDraft({ ...answered(), preferredDays: [] });
    const api = installFakeApi({
      [matchesApi]: () => json({ matches: [match(1)] }),
      [`GET /v1/user/accounts/${learnerId}`]: () => json(account()),
    });
    const user = userEvent.setup();
    renderSelect();
    await user.click(await screen.findByRole('button', { name: 'Send to 1 teacher' }));
    expect(await screen.findByRole('heading', { name: 'A few answers are missing' })).toBeInTheDocument();
    expect(screen.getByText('Choose at least one day.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete your answers' })).toHaveAttribute('href', '/enquiry');
    expect(api.mock.calls.some(([input]) => (input as Request).method === 'POST')).toBe(false);
  });

  it('signed out, offers sign-in that comes back here; without a subject, starts at the request form', async () => {
    saveDraft(answered());
    installFakeApi({
      [matchesApi]: () => json({ matches: [match(1)] }),
    });
    renderSelect();
    expect(await screen.findByRole('link', { name: 'Sign in to send' })).toHaveAttribute('href', '/login?redirectTo=%2Fenquire%2Fselectprograms');
    cleanup();
    sessionStorage.clear();
    renderSelect();
    expect(screen.getByRole('heading', { name: 'Start with what you would like to learn' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a class' })).toHaveAttribute('href', '/enquiry');
  });
});
