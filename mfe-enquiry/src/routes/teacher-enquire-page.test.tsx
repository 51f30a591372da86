import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { flushAnalytics, resetAnalytics } from '@kalike/shared/analytics/track';
import { createQueryClient } from '@kalike/shared/query/query-client';
import { locationStore, selectBaseLocation } from '@kalike/shared/location/location-store';
import { toLearnerPoint } from '@kalike/shared/location/learner-point';
import { teacherPageKeys, teacherPageQueryOptions } from '@kalike/shared/teacher-page/teacher-page-query';

import { newDraft, readDraft } from '../features/class-request/utils/enquiry-draft';
import { account, enquiry, student, teacherPage, uuid } from '../testing/enquiry-fixtures';
import { currentPath, renderPage } from '@kalike/shared/testing/render-page';
import { learnerId, signInLearner, signInTeacher, signInTeacherAsLearner, signOut, teacherId } from '@kalike/shared/testing/signed-in';
import TeacherEnquirePage from './teacher-enquire-page';

const route = '/discover/:city/:category/teachers/:teacherSlug/enquire';
const path = '/discover/bengaluru/chess/teachers/kiran-rao-1/enquire';
const teacherApi = 'GET /v1/marketplace/teacherListings/slug/kiran-rao-1';
const accountApi = `GET /v1/user/accounts/${learnerId}`;
const createApi = 'POST /v1/marketplace/enquiries';

const created = (overrides = {}) => json({ requestId: uuid(900), enquiries: [{ created: true, enquiry: enquiry(1, overrides) }] }, 201);

const newDraftFor = (studentId: string) => ({ ...newDraft(), student: studentId });

function renderEnquire(at = path, queryClient?: ReturnType<typeof createQueryClient>) {
  return renderPage(<TeacherEnquirePage />, { path: at, route, queryClient });
}

/** Fills every required answer the way a parent would. */
async function fillRequest(user: ReturnType<typeof userEvent.setup>, who = 'Myself') {
  await user.click(await screen.findByRole('radio', { name: who }));
  await user.click(screen.getByRole('checkbox', { name: 'Saturday' }));
  await user.click(screen.getByRole('checkbox', { name: 'Sunday' }));
  await user.click(screen.getByRole('checkbox', { name: /Morning/ }));
}

describe('TeacherEnquirePage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    resetAnalytics();
  });

  it('explains to a signed-in teacher that enquiring is for learners, instead of a form the API would refuse', () => {
    signInTeacher();
    const api = installFakeApi({});
    renderEnquire();
    expect(screen.getByRole('heading', { level: 1, name: 'Enquiring is for learners' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your enquiries' })).toHaveAttribute('href', '/teach/enquiries');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });
  afterEach(() => {
    cleanup();
    signOut();
  });

  it("addresses the enquiry to the teacher, offers the route subject's programs and remembers where the learner came from", async () => {
    installFakeApi({ [teacherApi]: () => json(teacherPage()) });
    renderEnquire(`${path}?refPage=%2Fshortlist&refSection=Shortlist+Tab`);
    expect(await screen.findByRole('heading', { name: 'Enquire with Kiran Rao' })).toBeInTheDocument();
    expect(screen.getByText(/Chess coaching in Jayanagar/)).toBeInTheDocument();
    const program = screen.getByRole('combobox', { name: /Which program/ });
    expect(
      within(program)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not sure yet', 'Chess for beginners (beginners)', 'Tournament prep (advanced)']);
    expect(screen.getByRole('radio', { name: 'No preference' })).toBeChecked();
    expect(
      screen
        .getAllByRole('checkbox')
        .slice(0, 7)
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    await waitFor(() => expect(readDraft()).toMatchObject({ refPage: '/shortlist', refSection: 'Shortlist Tab' }));
  });

  it("opens at once with the teacher's page the learner just saw, from the entry the teacher's page filled", async () => {
    installFakeApi({ [teacherApi]: () => json(teacherPage()) });
    const queryClient = createQueryClient();
    // What the discover remote's teacher page fetched from the learner's point, with the same options.
    const point = toLearnerPoint(selectBaseLocation(locationStore.getState()).coords);
    await queryClient.fetchQuery(teacherPageQueryOptions('kiran-rao-1', point));
    // From here the API never answers: only the cached page can show.
    installFakeApi({ [teacherApi]: () => new Promise<Response>(() => undefined) });
    renderEnquire(path, queryClient);
    expect(await screen.findByRole('heading', { name: 'Enquire with Kiran Rao' })).toBeInTheDocument();
    expect(queryClient.getQueryCache().findAll({ queryKey: teacherPageKeys.all })).toHaveLength(1);
  });

  it("without a referral, the teacher's page is where the enquiry started (spec §9's Enquiry Tab)", async () => {
    installFakeApi({ [teacherApi]: () => json(teacherPage()) });
    renderEnquire();
    await screen.findByRole('heading', { name: 'Enquire with Kiran Rao' });
    await waitFor(() => expect(readDraft()).toMatchObject({ refPage: '/discover/bengaluru/chess/teachers/kiran-rao-1', refSection: 'Enquiry Tab' }));
  });

  it("fills in a teacher's own name when they enquire as a learner, instead of asking for it again", async () => {
    // Switched to learning: the learner account a teacher gets has no name yet, the teacher profile has.
    signInTeacherAsLearner('Meera Iyer');
    installFakeApi({ [teacherApi]: () => json(teacherPage()), [accountApi]: () => json(account([], { name: { name: '' } })) });
    renderEnquire();
    await screen.findByRole('heading', { name: 'Enquire with Kiran Rao' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Meera Iyer'));
  });

  it('tells a teacher acting as a learner that this is their own listing, instead of a form that would enquire with themself', async () => {
    signInTeacherAsLearner('Kiran Rao');
    const page = teacherPage();
    const api = installFakeApi({ [teacherApi]: () => json({ ...page, teacher: { ...page.teacher, id: teacherId } }), [accountApi]: () => json(account()) });
    renderEnquire();
    expect(await screen.findByRole('heading', { name: 'This is your listing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage your listing' })).toHaveAttribute('href', `/teach/listings/${uuid(201)}`);
    expect(screen.queryByRole('button', { name: /Send enquiry|Continue/ })).not.toBeInTheDocument();
    expect(api.mock.calls.filter(([input]) => String((input as Request).url ?? input).includes('/enquiries'))).toHaveLength(0);
  });

  it('says what is missing, next to each question, and sends nothing', async () => {
    // A new account has no name yet; the enquiry's contact name completes it.
    signInLearner('');
    const api = installFakeApi({ [teacherApi]: () => json(teacherPage()), [accountApi]: () => json(account([], { name: { name: '' } })) });
    const user = userEvent.setup();
    renderEnquire();
    await user.click(await screen.findByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByText('Choose who the class is for.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one day.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one time of day.')).toBeInTheDocument();
    expect(screen.getByText('Enter your name, so the teacher knows whom to ask for.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Add a child' }));
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Asha 123');
    await user.type(screen.getByRole('textbox', { name: /Another phone number/ }), '12345');
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByText("Enter the child's name.")).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveAccessibleDescription("Use letters, spaces and . ' - only (up to 80).");
    expect(screen.getByRole('textbox', { name: /Another phone number/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter a 10-digit Indian mobile number, or leave this empty.')).toBeInTheDocument();
    expect(api.mock.calls.filter(([input]) => String((input as Request).url ?? input).includes('/enquiries'))).toHaveLength(0);
  });

  it('signed out, "Continue" keeps every answer and goes to sign-in, which brings the learner back to a filled form', async () => {
    installFakeApi({ [teacherApi]: () => json(teacherPage()), [accountApi]: () => json(account([student(1, 'Ananya')])) });
    const user = userEvent.setup();
    renderEnquire(`${path}?refPage=%2Fshortlist&refSection=Shortlist+Tab`);
    await fillRequest(user, 'Add a child');
    await user.type(screen.getByRole('textbox', { name: "Child's name" }), 'Ananya');
    await user.selectOptions(screen.getByRole('combobox', { name: /Which program/ }), 'Tournament prep (advanced)');
    await user.click(screen.getByRole('radio', { name: "At the teacher's centre" }));
    await user.type(screen.getByRole('textbox', { name: /Message for the teacher/ }), 'She plays at school.');
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Asha Rao');
    await user.type(screen.getByRole('textbox', { name: /Another phone number/ }), '98765 43210');
    expect(screen.getByText(/Next, sign in with your phone number/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentPath()).toBe(`/login?redirectTo=${encodeURIComponent(`${path}?refPage=%2Fshortlist&refSection=Shortlist+Tab`)}`));
    const { idempotencyKey } = readDraft()!;

    // Signed in, the learner is sent back to the same address.
    cleanup();
    signInLearner();
    renderEnquire(`${path}?refPage=%2Fshortlist&refSection=Shortlist+Tab`);
    expect(await screen.findByRole('radio', { name: 'Add a child' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: "Child's name" })).toHaveValue('Ananya');
    expect(screen.getByRole('combobox', { name: /Which program/ })).toHaveValue(uuid(602));
    expect(screen.getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Monday' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Morning/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: "At the teacher's centre" })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Message for the teacher/ })).toHaveValue('She plays at school.');
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Asha Rao');
    expect(screen.getByRole('textbox', { name: /Another phone number/ })).toHaveValue('98765 43210');
    expect(await screen.findByRole('radio', { name: 'Ananya' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Send enquiry' })).toBeEnabled();
    expect(readDraft()?.idempotencyKey).toBe(idempotencyKey);
  });

  it("checks the draft's student again once the account's students arrive", async () => {
    signInLearner();
    sessionStorage.setItem('kalike.enquiry-draft.v2', JSON.stringify({ ...newDraftFor(uuid(301)), preferredDays: [2], preferredTimes: ['evening'] }));
    installFakeApi({ [teacherApi]: () => json(teacherPage()), [accountApi]: () => json(account([student(1, 'Ananya')])) });
    renderEnquire();
    expect(await screen.findByRole('radio', { name: 'Ananya' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Tuesday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Evening/ })).toBeChecked();
  });

  it('sends exactly one request with the idempotency key, then goes to the details step and forgets the draft', async () => {
    signInLearner();
    const bodies: unknown[] = [];
    const keys: Array<string | null> = [];
    const events: unknown[] = [];
    let answer!: (response: Response) => void;
    installFakeApi({
      [teacherApi]: () => json(teacherPage()),
      [accountApi]: () => json(account([student(1, 'Ananya')])),
      [createApi]: async (request) => {
        bodies.push(await request.json());
        keys.push(request.headers.get('idempotency-key'));
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      },
      'POST /v1/analytics/events': async (request) => {
        events.push(...((await request.json()) as { events: unknown[] }).events);
        return json({ accepted: 1 }, 202);
      },
    });
    const user = userEvent.setup();
    renderEnquire(`${path}?refPage=%2Fshortlist&refSection=Shortlist+Tab`);
    await fillRequest(user, 'Ananya');
    await user.selectOptions(screen.getByRole('combobox', { name: /Which program/ }), 'Chess for beginners (beginners)');
    await user.type(screen.getByRole('textbox', { name: /Another phone number/ }), '98765 43210');
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Asha Rao');
    const send = screen.getByRole('button', { name: 'Send enquiry' });
    await user.dblClick(send);
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Sending…' }));
    answer(created());
    await waitFor(() => expect(currentPath()).toBe(`/enquire/${uuid(1)}/enrichment`));

    expect(bodies).toEqual([
      {
        targets: [{ listingId: uuid(201), programId: uuid(601) }],
        studentId: uuid(301),
        contactName: 'Asha Rao',
        alternatePhone: '+919876543210',
        preferredDays: [6, 7],
        preferredTimes: ['morning'],
        mode: 'any',
        message: '',
        refPage: '/shortlist',
        refSection: 'Shortlist Tab',
      },
    ]);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(readDraft()).toBeNull();
    flushAnalytics();
    await waitFor(() =>
      expect(events).toEqual([
        expect.objectContaining({
          name: 'enquiry_submitted',
          kind: 'funnel',
          ref_page: '/shortlist',
          ref_section: 'Shortlist Tab',
          properties: expect.objectContaining({ requestId: uuid(900), teachers: 1 }),
        }),
      ]),
    );
  });

  it('lets the learner try again after a network failure, with the same key, and saves an added child only once', async () => {
    signInLearner();
    const keys: Array<string | null> = [];
    const addedChildren: unknown[] = [];
    let attempts = 0;
    const ananya = student(9, 'Ananya', { dateOfBirth: '2018-04-05' });
    installFakeApi({
      [teacherApi]: () => json(teacherPage()),
      [accountApi]: () => json(account(addedChildren.length > 0 ? [ananya] : [])),
      [`POST /v1/user/accounts/${learnerId}/addStudent`]: async (request) => {
        addedChildren.push(await request.json());
        return json(ananya, 201);
      },
      [createApi]: async (request) => {
        keys.push(request.headers.get('idempotency-key'));
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return created({ student: { id: uuid(309), name: 'Ananya' } });
      },
    });
    const user = userEvent.setup();
    renderEnquire();
    await fillRequest(user, 'Add a child');
    await user.type(screen.getByRole('textbox', { name: "Child's name" }), 'Ananya');
    await user.type(screen.getByLabelText(/Date of birth/), '2018-04-05');
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));

    expect(await screen.findByRole('heading', { name: 'Your enquiry was not sent yet' })).toBeInTheDocument();
    expect(screen.getByText('We could not reach Kalike. Check your connection and try again.')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Ananya' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(currentPath()).toBe(`/enquire/${uuid(1)}/enrichment`));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(addedChildren).toEqual([{ name: 'Ananya', dateOfBirth: '2018-04-05' }]);
  });

  it('shows the field the API refused, readably, and sends the next attempt with a new key', async () => {
    signInLearner();
    const keys: Array<string | null> = [];
    installFakeApi({
      [teacherApi]: () => json(teacherPage()),
      [accountApi]: () => json(account()),
      [createApi]: (request) => {
        keys.push(request.headers.get('idempotency-key'));
        return keys.length === 1 ? json({ statusCode: 400, code: 'VALIDATION_ERROR', message: 'body.alternatePhone must be a mobile number' }, 400) : created();
      },
    });
    const user = userEvent.setup();
    renderEnquire();
    await fillRequest(user);
    await user.type(screen.getByRole('textbox', { name: /Another phone number/ }), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    const phone = screen.getByRole('textbox', { name: /Another phone number/ });
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Enter a 10-digit Indian mobile number, or leave this empty.')).toBeInTheDocument();
    expect(screen.queryByText(/body\.alternatePhone/)).not.toBeInTheDocument();
    await user.clear(phone);
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(currentPath()).toBe(`/enquire/${uuid(1)}/enrichment`));
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('a teacher already asked about this child goes to the success page that says so, not to the details step of that enquiry', async () => {
    signInLearner();
    installFakeApi({
      [teacherApi]: () => json(teacherPage()),
      [accountApi]: () => json(account([student(1, 'Ananya')])),
      [createApi]: () => json({ requestId: uuid(900), enquiries: [{ created: false, enquiry: enquiry(1, { student: { id: uuid(301), name: 'Ananya' } }) }] }),
    });
    const user = userEvent.setup();
    renderEnquire();
    await fillRequest(user, 'Ananya');
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(currentPath()).toBe('/enquiries/success'));
  });

  it("offers only the listing's modes, and its batch times as suggestions that tick their days and time of day", async () => {
    const page = teacherPage();
    const slot = (days: number[], startTime: string, kind: 'locality' | 'online', name: string) => ({
      id: uuid(700 + days[0]!),
      name: 'Batch',
      daysOfWeek: days,
      startTime,
      endTime: '23:00',
      startsOn: '2026-12-05',
      capacity: 8,
      seatsLeft: 3,
      place: { kind, name, pincode: null },
      plans: [],
    });
    page.listings.find((listing) => listing.category.slug === 'chess')!.programs[0]!.batches = [
      slot([6, 7], '10:00', 'locality', 'Jayanagar'),
      slot([3], '18:30', 'online', 'Online'),
    ];
    installFakeApi({ [teacherApi]: () => json(page) });
    const user = userEvent.setup();
    renderEnquire();
    const where = await screen.findByRole('group', { name: 'Where should the classes happen?' });
    expect(
      within(where)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(["At the teacher's centre", 'Online', 'No preference']);
    const slots = screen.getByRole('group', { name: /This teacher's batches/ });
    expect(
      within(slots)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Sat & Sun, 10 am · Jayanagar', 'Wed, 6:30 pm · Online']);
    await user.click(within(slots).getByRole('button', { name: 'Sat & Sun, 10 am · Jayanagar' }));
    expect(screen.getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Morning/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Wednesday' })).not.toBeChecked();
  });

  it("lists only the chosen program's batch times, and unchooses one that no longer fits", async () => {
    const page = teacherPage();
    const batch = (n: number, days: number[], startTime: string) => ({
      id: uuid(700 + n),
      name: 'Batch',
      daysOfWeek: days,
      startTime,
      endTime: '20:00',
      startsOn: '2026-12-05',
      capacity: 8,
      seatsLeft: 3,
      place: { kind: 'locality' as const, name: 'Jayanagar', pincode: null },
      plans: [],
    });
    const [beginners, tournament] = page.listings.find((listing) => listing.category.slug === 'chess')!.programs;
    beginners!.batches = [batch(1, [6, 7], '10:00'), batch(2, [2, 4], '15:00')];
    tournament!.batches = [batch(3, [3], '18:30'), batch(4, [6, 7], '10:00')];
    installFakeApi({ [teacherApi]: () => json(page) });
    const user = userEvent.setup();
    renderEnquire();
    const program = await screen.findByRole('combobox', { name: /Which program/ });
    const offered = () =>
      within(screen.getByRole('group', { name: /This teacher's batches/ }))
        .getAllByRole('button')
        .map((button) => button.textContent);
    // Not sure yet: every program's times, each once.
    expect(offered()).toEqual(['Sat & Sun, 10 am · Jayanagar', 'Tue & Thu, 3 pm · Jayanagar', 'Wed, 6:30 pm · Jayanagar']);

    await user.selectOptions(program, 'Chess for beginners (beginners)');
    expect(offered()).toEqual(['Sat & Sun, 10 am · Jayanagar', 'Tue & Thu, 3 pm · Jayanagar']);
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    const tueThu = screen.getByRole('button', { name: 'Tue & Thu, 3 pm · Jayanagar' });
    await user.click(tueThu);
    expect(tueThu).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('checkbox', { name: 'Tuesday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Afternoon/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Sat & Sun, 10 am · Jayanagar' }));

    // Tournament prep has no Tue & Thu batch: that choice is taken back, the weekend one stays, and so does what was ticked by hand.
    await user.selectOptions(program, 'Tournament prep (advanced)');
    expect(offered()).toEqual(['Sat & Sun, 10 am · Jayanagar', 'Wed, 6:30 pm · Jayanagar']);
    expect(screen.getByRole('button', { name: 'Sat & Sun, 10 am · Jayanagar' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('checkbox', { name: 'Tuesday' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Thursday' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Afternoon/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Morning/ })).toBeChecked();
  });

  it('drops a remembered mode the teacher does not offer', async () => {
    sessionStorage.clear();
    installFakeApi({ [teacherApi]: () => json(teacherPage()) });
    const { saveDraft } = await import('../features/class-request/utils/enquiry-draft');
    saveDraft({ ...newDraft(), mode: 'online' });
    renderEnquire();
    const where = await screen.findByRole('group', { name: 'Where should the classes happen?' });
    expect(within(where).queryByRole('radio', { name: 'Online' })).not.toBeInTheDocument();
    expect(within(where).getByRole('radio', { name: 'No preference' })).toBeChecked();
  });

  it('says so when the teacher is gone', async () => {
    installFakeApi({
      [teacherApi]: () => json({ statusCode: 404, code: 'TEACHER_NOT_FOUND', message: 'No teacher kiran-rao-1' }, 404),
    });
    renderEnquire();
    expect(await screen.findByText('This teacher is not on Kalike any more')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for another teacher' })).toHaveAttribute('href', '/search');
  });

  it('never asks the API about a malformed slug', async () => {
    const api = installFakeApi({});
    renderEnquire('/discover/bengaluru/chess/teachers/Robert%27);DROP/enquire');
    expect(await screen.findByText('This link is not complete')).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });
});
