import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegisterStudent, SessionRegister } from '@kalike/shared/contracts/sessions';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { apartment, session, uuid } from '../../testing/session-fixtures';
import TeachSessionPage from './session-page';

const sessionId = uuid(1);
const batchId = uuid(701);
const registerApi = `GET /v1/class/sessions/${sessionId}/register`;
const attendanceApi = `POST /v1/class/sessions/${sessionId}/attendance`;
const cancelApi = `POST /v1/class/sessions/${sessionId}/cancel`;
const holidayApi = `POST /v1/class/batches/${batchId}/holidays`;
const postApi = `POST /v1/class/batches/${batchId}/updates`;
const extraClassApi = `POST /v1/class/batches/${batchId}/sessions`;
// Thursday, 26 November 2026, 4:10 pm in Bengaluru.
const now = new Date('2026-11-26T10:40:00.000Z');

const student = (
  n: number,
  name: string,
  standing: Partial<RegisterStudent['standing']> = {},
  attendance: RegisterStudent['attendance'] = null,
): RegisterStudent => ({
  batchStudentId: uuid(600 + n),
  name,
  attendance,
  standing: {
    classesLeft: 5,
    owedPaise: 0,
    packStatus: 'active',
    packValidUntil: '2027-01-06',
    queuedPacks: [],
    flag: null,
    ifPresent: `Present uses one of ${name}'s classes: 5 of 8 left → 4`,
    ...standing,
  },
});

const aarav = student(1, 'Aarav');
const diya = student(2, 'Diya', { classesLeft: 0, packStatus: 'used_up', flag: { kind: 'used_up', message: '0 classes left — ask to pay' } });
const ishaan = student(3, 'Ishaan', {
  classesLeft: 0,
  owedPaise: 45_000,
  packStatus: 'used_up',
  flag: { kind: 'owes', message: '0 classes left, owes ₹450 — ask to pay' },
});

const register = (overrides: Partial<SessionRegister> = {}): SessionRegister => ({
  session: session(1, '2026-11-26T10:30:00.000Z', '2026-11-26T11:30:00.000Z'),
  batch: { id: batchId, name: 'Weekday juniors', programName: 'Chess for beginners', place: apartment() },
  students: [aarav, diya, ishaan],
  // The end of Friday 27 November in Bengaluru: the day after the class.
  marking: { open: true, message: null, correctableUntil: '2026-11-27T18:30:00.000Z' },
  cancellable: false,
  ...overrides,
});

function renderRegister(id = sessionId) {
  return renderPage(<TeachSessionPage />, { path: `/teach/sessions/${id}`, route: '/teach/sessions/:sessionId' });
}

describe('TeachSessionPage', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate', 'setTimeout'] });
    signInTeacher();
  });
  afterEach(() => {
    cleanup();
    signOut();
    jest.useRealTimers();
  });

  it('shows each student with where they stand before marking: used up and owing are flagged', async () => {
    installFakeApi({ [registerApi]: () => json(register()) });
    renderRegister();
    expect(await screen.findByText('Chess for beginners · Weekday juniors')).toBeInTheDocument();
    expect(screen.getByText('Thursday, 26 November')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Aarav' })).getByText('5 classes left')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Diya' })).getByText('0 classes left — ask to pay')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Ishaan' })).getByText('0 classes left, owes ₹450 — ask to pay')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save register (0 marked)' })).toBeDisabled();
    // Started: no longer cancellable, so no cancel form.
    expect(screen.queryByRole('form', { name: 'Cancel this class' })).toBeNull();
  });

  it('lists a demo student on the class, apart from the register, with nothing to mark', async () => {
    const withDemo = register({
      session: session(1, '2026-11-26T10:30:00.000Z', '2026-11-26T11:30:00.000Z', { demoStudents: [{ name: 'Kavya' }] }),
      students: [],
    });
    installFakeApi({ [registerApi]: () => json(withDemo) });
    renderRegister();
    expect(await screen.findByText(/Demo \(1\): Kavya\. Free demo class, nothing to mark\./)).toBeInTheDocument();
    expect(screen.getByText('No students are enrolled in this batch yet; demo students have no register to mark.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Kavya' })).toBeNull();
  });

  it('saves the marks and shows classes left after marking from the API', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const bodies: unknown[] = [];
    let marked = false;
    installFakeApi({
      [registerApi]: () =>
        json(
          marked
            ? register({
                session: { ...register().session, status: 'completed' },
                students: [{ ...aarav, attendance: 'attended', standing: { ...aarav.standing, classesLeft: 4 } }, { ...diya, attendance: 'missed' }, ishaan],
              })
            : register(),
        ),
      [attendanceApi]: async (request) => {
        bodies.push(await request.json());
        marked = true;
        return json({
          sessionId,
          status: 'completed',
          records: [
            { batchStudentId: aarav.batchStudentId, status: 'attended', consumed: { ledgerEntryId: uuid(990), fromPack: true, amountPaise: 0 } },
            { batchStudentId: diya.batchStudentId, status: 'missed', consumed: null },
          ],
        });
      },
    });
    renderRegister();
    await user.click(within(await screen.findByRole('group', { name: 'Aarav' })).getByRole('radio', { name: 'Present' }));
    await user.click(within(screen.getByRole('group', { name: 'Diya' })).getByRole('radio', { name: 'Absent' }));
    await user.click(screen.getByRole('button', { name: 'Save register (2 marked)' }));

    expect(await screen.findByText('Register saved: 1 present, 1 absent. Classes left are updated below.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        records: [
          { batchStudentId: aarav.batchStudentId, status: 'attended' },
          { batchStudentId: diya.batchStudentId, status: 'missed' },
        ],
      },
    ]);
    expect(await screen.findByText('4 classes left')).toBeInTheDocument();
    expect(screen.getByText('Marked present')).toBeInTheDocument();
    expect(screen.getByText('Marked absent')).toBeInTheDocument();
    // Ishaan is still unmarked and can be marked on his own.
    expect(within(screen.getByRole('group', { name: 'Ishaan' })).getByRole('radio', { name: 'Present' })).toBeEnabled();
  });

  it('says what Present uses before saving, and when marks can still be changed', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    installFakeApi({ [registerApi]: () => json(register()) });
    renderRegister();
    const aaravRow = await screen.findByRole('group', { name: 'Aarav' });
    expect(within(aaravRow).queryByText("Present uses one of Aarav's classes: 5 of 8 left → 4")).toBeNull();
    await user.click(within(aaravRow).getByRole('radio', { name: 'Present' }));
    expect(within(aaravRow).getByText("Present uses one of Aarav's classes: 5 of 8 left → 4")).toBeInTheDocument();
    await user.click(within(aaravRow).getByRole('radio', { name: 'Absent' }));
    expect(within(aaravRow).queryByText("Present uses one of Aarav's classes: 5 of 8 left → 4")).toBeNull();
    expect(screen.getByText(/A mark can be changed until 27 Nov, 11:59 pm; after that, the family asks Kalike for a refund\./)).toBeInTheDocument();
  });

  it('changes a mark after saying what the change does, and shows the register the API answers with', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const bodies: unknown[] = [];
    let corrected = false;
    const presentAarav = { ...aarav, attendance: 'attended' as const, standing: { ...aarav.standing, classesLeft: 4 } };
    installFakeApi({
      [registerApi]: () =>
        json(
          register({
            students: [corrected ? { ...aarav, attendance: 'missed' } : presentAarav, diya, ishaan],
            session: { ...register().session, status: 'completed' },
          }),
        ),
      [`PUT /v1/class/sessions/${sessionId}/attendance/${aarav.batchStudentId}`]: async (request) => {
        bodies.push(await request.json());
        corrected = true;
        return json({
          sessionId,
          batchStudentId: aarav.batchStudentId,
          status: 'missed',
          changed: true,
          ledgerEntryId: uuid(991),
          standing: { classesLeft: 5, owedPaise: 0 },
        });
      },
    });
    renderRegister();
    expect(await screen.findByText('Marked present')).toBeInTheDocument();
    expect(screen.getByText('4 classes left')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change to absent' }));
    expect(screen.getByText("Absent gives Aarav's class back.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark absent' }));

    expect(await screen.findByText('Marked absent')).toBeInTheDocument();
    expect(screen.getByText('5 classes left')).toBeInTheDocument();
    expect(bodies).toEqual([{ status: 'missed' }]);
    expect(screen.getByRole('button', { name: 'Change to present' })).toBeEnabled();
  });

  it('says why a mark could not be changed', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const message = 'Marks for this class could be changed until the end of 27 Nov 2026 (IST). The family can ask Kalike for a refund of the class instead.';
    installFakeApi({
      [registerApi]: () => json(register({ students: [{ ...aarav, attendance: 'attended' }, diya, ishaan] })),
      [`PUT /v1/class/sessions/${sessionId}/attendance/${aarav.batchStudentId}`]: () =>
        json({ statusCode: 409, code: 'ATTENDANCE_CORRECTION_CLOSED', message }, 409),
    });
    renderRegister();
    await user.click(await screen.findByRole('button', { name: 'Change to absent' }));
    await user.click(screen.getByRole('button', { name: 'Mark absent' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`The mark was not changed. ${message}`);
    expect(screen.getByText('Marked present')).toBeInTheDocument();
  });

  it('says why the register was not saved', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    installFakeApi({
      [registerApi]: () => json(register()),
      [attendanceApi]: () => json({ statusCode: 409, code: 'SESSION_CANCELLED', message: 'This class was cancelled; there is no attendance to mark' }, 409),
    });
    renderRegister();
    await user.click(within(await screen.findByRole('group', { name: 'Aarav' })).getByRole('radio', { name: 'Present' }));
    await user.click(screen.getByRole('button', { name: 'Save register (1 marked)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The register was not saved. This class was cancelled; there is no attendance to mark');
  });

  it('before the class starts the register is shown but closed, and the class can be cancelled with a reason', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const bodies: unknown[] = [];
    installFakeApi({
      [registerApi]: () =>
        json(register({ marking: { correctableUntil: null, open: false, message: 'The register opens when the class starts.' }, cancellable: true })),
      [cancelApi]: async (request) => (bodies.push(await request.json()), json({ ...register().session, status: 'cancelled', cancelReason: 'Teacher unwell' })),
    });
    renderRegister();
    expect(await screen.findByText('The register opens when the class starts.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('0 classes left — ask to pay')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Cancel this class' });
    await user.click(within(form).getByRole('button', { name: 'Cancel class and tell families' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Write why the class is cancelled.');
    await user.type(within(form).getByLabelText('Reason for cancelling'), '  Teacher unwell ');
    await user.click(within(form).getByRole('button', { name: 'Cancel class and tell families' }));
    expect(await screen.findByText(/Class cancelled. Every family in the batch has been sent a text/)).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'Teacher unwell' }]);
  });

  it('a cancelled class shows its reason and no register to mark', async () => {
    installFakeApi({
      [registerApi]: () =>
        json(
          register({
            session: { ...register().session, status: 'cancelled', cancelReason: 'Teacher travelling' },
            marking: { correctableUntil: null, open: false, message: 'This class was cancelled; there is no register to mark.' },
          }),
        ),
    });
    renderRegister();
    expect(await screen.findByText('Cancelled: Teacher travelling')).toBeInTheDocument();
    expect(screen.getByText('This class was cancelled; there is no register to mark.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save register/ })).toBeNull();
  });

  it('adds a holiday for the batch, checking the days first', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const bodies: unknown[] = [];
    installFakeApi({
      [registerApi]: () => json(register()),
      [holidayApi]: async (request) => {
        bodies.push(await request.json());
        return json(
          { id: uuid(950), batchId, startsOn: '2026-11-28', endsOn: '2026-11-30', reason: 'Festival break', cancelledSessionIds: [uuid(2), uuid(3)] },
          201,
        );
      },
    });
    renderRegister();
    const form = await screen.findByRole('form', { name: 'Add a holiday' });
    const first = within(form).getByLabelText('First day');
    const last = within(form).getByLabelText('Last day');
    await user.clear(first);
    await user.type(first, '2026-11-28');
    await user.clear(last);
    await user.type(last, '2026-11-27');
    await user.click(within(form).getByRole('button', { name: 'Add holiday and tell families' }));
    expect(within(form).getByText('The last day cannot be before the first.')).toBeInTheDocument();
    expect(within(form).getByText('Write what the holiday is for.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(last);
    await user.type(last, '2026-11-30');
    await user.type(within(form).getByLabelText('What the holiday is for'), 'Festival break');
    await user.click(within(form).getByRole('button', { name: 'Add holiday and tell families' }));
    expect(
      await screen.findByText('Holiday added for Weekday juniors: 2 classes cancelled. Every family in the batch has been sent a text.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ startsOn: '2026-11-28', endsOn: '2026-11-30', reason: 'Festival break' }]);
  });

  it('adds an extra class starting now by default, explains a refusal, and links to its register', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const bodies: unknown[] = [];
    let refuse = true;
    installFakeApi({
      [registerApi]: () => json(register()),
      [extraClassApi]: async (request) => {
        bodies.push(await request.json());
        if (refuse) {
          return json(
            { statusCode: 409, code: 'SESSION_DAY_TAKEN', message: 'This batch already has a class that day; a batch meets at most once a day' },
            409,
          );
        }
        return json({ ...session(9, '2026-11-27T10:30:00.000Z', '2026-11-27T11:30:00.000Z'), occursOn: '2026-11-27' }, 201);
      },
    });
    renderRegister();
    const form = await screen.findByRole('form', { name: 'Add an extra class' });
    // 4:10 pm in Bengaluru: the class the teacher is teaching now, an hour long.
    expect(within(form).getByLabelText('Day')).toHaveValue('2026-11-26');
    expect(within(form).getByLabelText('Starts')).toHaveValue('16:10');
    expect(within(form).getByLabelText('Ends')).toHaveValue('17:10');
    await user.click(within(form).getByRole('button', { name: 'Add class and tell families' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The class was not added. This batch already has a class that day');

    refuse = false;
    const day = within(form).getByLabelText('Day');
    await user.clear(day);
    await user.type(day, '2026-11-27');
    await user.click(within(form).getByRole('button', { name: 'Add class and tell families' }));
    expect(await screen.findByText(/^Extra class added for Weekday juniors: Tomorrow · Friday, 27 November, 4:00 pm – 5:00 pm\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open its register' })).toHaveAttribute('href', `/teach/sessions/${uuid(9)}`);
    expect(bodies).toEqual([
      { occursOn: '2026-11-26', startTime: '16:10', endTime: '17:10' },
      { occursOn: '2026-11-27', startTime: '16:10', endTime: '17:10' },
    ]);
  });

  it('posts an update to the batch, and says why when the API refuses', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const bodies: unknown[] = [];
    let refuse = true;
    installFakeApi({
      [registerApi]: () => json(register()),
      [postApi]: async (request) => {
        bodies.push(await request.json());
        if (refuse) return json({ statusCode: 400, code: 'VALIDATION_ERROR', message: 'body.title must not be blank' }, 400);
        return json(
          {
            id: uuid(960),
            kind: 'event',
            title: 'Sketchbooks',
            body: 'Bring one',
            publishedAt: now.toISOString(),
            teacher: { name: 'Kiran Rao', slug: 'kiran-rao' },
            locality: null,
            batchName: 'Weekday juniors',
          },
          201,
        );
      },
    });
    renderRegister();
    const form = await screen.findByRole('form', { name: 'Post to Weekday juniors' });
    await user.click(within(form).getByRole('button', { name: 'Post to the batch' }));
    expect(within(form).getByText('Give the post a title.')).toBeInTheDocument();
    expect(within(form).getByText('Write the message for the families.')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Title'), 'Sketchbooks');
    await user.type(within(form).getByLabelText('Message'), 'Bring one');
    expect(within(form).getByText('9 of 1000 characters')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Post to the batch' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The post was not published. body.title must not be blank');

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Post to the batch' }));
    expect(await within(form).findByText('Posted. Families in Weekday juniors see it in My Updates.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { title: 'Sketchbooks', body: 'Bring one' },
      { title: 'Sketchbooks', body: 'Bring one' },
    ]);
    expect(within(form).getByLabelText('Title')).toHaveValue('');
  });

  it("another teacher's class, or a link that names no class", async () => {
    installFakeApi({ [registerApi]: () => json({ statusCode: 404, code: 'SESSION_NOT_FOUND', message: 'No such session among your batches' }, 404) });
    renderRegister();
    expect(await screen.findByRole('heading', { name: 'This class is not one of yours' })).toBeInTheDocument();
    cleanup();
    renderRegister('not-a-class');
    expect(screen.getByRole('heading', { name: 'No such class' })).toBeInTheDocument();
  });
});
