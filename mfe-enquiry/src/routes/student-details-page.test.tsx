import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import type { StudentDto } from '@kalike/shared/contracts/accounts';

import { account, enquiry, student, uuid } from '../testing/enquiry-fixtures';
import { currentPath, renderPage } from '@kalike/shared/testing/render-page';
import { learnerId, signInLearner, signOut } from '@kalike/shared/testing/signed-in';
import StudentDetailsPage from './student-details-page';

const id = uuid(1);
const accountApi = `GET /v1/user/accounts/${learnerId}`;

describe('StudentDetailsPage', () => {
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('adds a child, chooses them and attaches them to the enquiry', async () => {
    signInLearner();
    const students: StudentDto[] = [student(1, 'Ananya')];
    const calls: Array<[string, unknown]> = [];
    installFakeApi({
      [`GET /v1/marketplace/enquiries/${id}`]: () => json(enquiry(1)),
      [accountApi]: () => json(account(students)),
      [`POST /v1/user/accounts/${learnerId}/addStudent`]: async (request) => {
        const body = (await request.json()) as { name: string };
        calls.push(['add', body]);
        const added = student(2, body.name);
        students.push(added);
        return json(added, 201);
      },
      [`PATCH /v1/marketplace/enquiries/${id}`]: async (request) => {
        calls.push(['attach', await request.json()]);
        return json(enquiry(1, { student: { id: uuid(302), name: 'Rohan' } }));
      },
    });
    const user = userEvent.setup();
    renderPage(<StudentDetailsPage />, { path: `/${id}/student-details`, route: '/:enquiryId/student-details' });
    const who = await screen.findByRole('group', { name: 'Who is the class for?' });
    expect(await within(who).findByRole('radio', { name: /Ananya/ })).not.toBeChecked();
    expect(within(who).getByRole('radio', { name: 'Myself' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Add a child' }));
    const form = screen.getByRole('form', { name: 'Add a child' });
    await user.click(within(form).getByRole('button', { name: 'Add child' }));
    expect(await within(form).findByText("Enter the student's name.")).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: "Student's name" }), 'Rohan');
    await user.click(within(form).getByRole('button', { name: 'Add child' }));
    expect(await screen.findByRole('radio', { name: /Rohan/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save and go back to the enquiry' }));
    await waitFor(() => expect(currentPath()).toBe(`/${id}`));
    expect(calls).toEqual([
      ['add', { name: 'Rohan' }],
      ['attach', { studentId: uuid(302) }],
    ]);
  });

  it("changes a student's details from /student-details", async () => {
    signInLearner();
    const bodies: unknown[] = [];
    let ananya = student(1, 'Ananya');
    installFakeApi({
      [accountApi]: () => json(account([ananya])),
      [`PUT /v1/user/accounts/${learnerId}/students/${ananya.id}`]: async (request) => {
        const body = (await request.json()) as { name: string; dateOfBirth: string | null };
        bodies.push(body);
        ananya = { ...ananya, ...body };
        return json(ananya);
      },
    });
    const user = userEvent.setup();
    renderPage(<StudentDetailsPage />, { path: '/student-details', route: '/student-details' });
    await user.click(await screen.findByRole('button', { name: 'Edit Ananya' }));
    const form = screen.getByRole('form', { name: 'Edit Ananya' });
    await user.type(within(form).getByLabelText(/Date of birth/), '2017-06-01');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Born 1 Jun 2017')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'Ananya', dateOfBirth: '2017-06-01' }]);
  });

  it('takes names written in Kannada and Devanagari, as the API does', async () => {
    signInLearner();
    const added: unknown[] = [];
    const students: StudentDto[] = [];
    installFakeApi({
      [accountApi]: () => json(account(students)),
      [`POST /v1/user/accounts/${learnerId}/addStudent`]: async (request) => {
        const body = (await request.json()) as { name: string };
        added.push(body);
        const saved = student(students.length + 1, body.name);
        students.push(saved);
        return json(saved, 201);
      },
    });
    const user = userEvent.setup();
    renderPage(<StudentDetailsPage />, { path: '/student-details', route: '/student-details' });
    for (const name of ['ಕಿರಣ್', 'अर्जुन']) {
      await user.click(await screen.findByRole('button', { name: 'Add a child' }));
      const form = screen.getByRole('form', { name: 'Add a child' });
      await user.type(within(form).getByRole('textbox', { name: "Student's name" }), name);
      await user.click(within(form).getByRole('button', { name: 'Add child' }));
      expect(await screen.findByText(name)).toBeInTheDocument();
    }
    expect(added).toEqual([{ name: 'ಕಿರಣ್' }, { name: 'अर्जुन' }]);
  });

  it('asks a signed-out learner to sign in', () => {
    installFakeApi({});
    renderPage(<StudentDetailsPage />, { path: '/student-details', route: '/student-details' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirectTo=%2Fstudent-details');
  });
});
