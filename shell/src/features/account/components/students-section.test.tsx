import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LearnerAccountDto, StudentDto } from '@kalike/shared/contracts/accounts';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { learnerId, signInLearner, signOut } from '@kalike/shared/testing/signed-in';

import { StudentsSection } from './students-section';

const studentId = (n: number) => `5a2e9c1d-0000-4000-8000-${String(n).padStart(12, '0')}`;

function account(students: StudentDto[]): LearnerAccountDto {
  return {
    id: learnerId,
    name: { name: 'Asha Rao' },
    email: null,
    phone: { phone: '+919845012345' },
    isCustomer: false,
    students: Object.fromEntries(students.map((student) => [student.id, student])),
    locations: [],
  };
}

const student = (n: number, name: string): StudentDto => ({ id: studentId(n), name, dateOfBirth: null, grade: null, school: null });

describe('the students on the account page', () => {
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('adds a student named in Kannada and renames one in Devanagari, as the API allows', async () => {
    signInLearner();
    const calls: Array<[string, unknown]> = [];
    const students = [student(1, 'Kiran')];
    installFakeApi({
      [`GET /v1/user/accounts/${learnerId}`]: () => json(account(students)),
      [`POST /v1/user/accounts/${learnerId}/addStudent`]: async (request) => {
        const body = (await request.json()) as { name: string };
        calls.push(['add', body]);
        const added = student(2, body.name);
        students.push(added);
        return json(added, 201);
      },
      [`PUT /v1/user/accounts/${learnerId}/students/${studentId(1)}`]: async (request) => {
        const body = (await request.json()) as Partial<StudentDto>;
        calls.push(['change', body]);
        const [kiran] = students.splice(0, 1, { ...student(1, 'Kiran'), ...body });
        return json({ ...kiran, ...body });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<StudentsSection account={account(students)} />);

    await user.click(screen.getByRole('button', { name: 'Add a student' }));
    const adding = screen.getByRole('form', { name: 'Add a student' });
    await user.type(within(adding).getByRole('textbox', { name: "Student's name" }), 'ಕಿರಣ್');
    await user.type(within(adding).getByRole('textbox', { name: /Class or grade/ }), 'Grade 2');
    await user.click(within(adding).getByRole('button', { name: 'Add student' }));
    await screen.findByRole('button', { name: 'Add a student' });

    await user.click(screen.getByRole('button', { name: 'Edit Kiran' }));
    const editing = screen.getByRole('form', { name: 'Edit Kiran' });
    const name = within(editing).getByRole('textbox', { name: "Student's name" });
    await user.clear(name);
    await user.type(name, 'अर्जुन');
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Add a student' });

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toEqual([
      ['add', { name: 'ಕಿರಣ್', grade: 'Grade 2' }],
      ['change', { name: 'अर्जुन', dateOfBirth: null, grade: null, school: null }],
    ]);
  });
});
