import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTheme } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { Card, CardList } from '@kalike/shared/ui/card';
import { formatDate } from '@kalike/shared/format/dates';
import { readableErrorMessage } from '@kalike/shared/api/api-error';

import { useAddStudent, type LearnerAccount, type NewStudent } from '../api/account';
import { FieldError, inputStyles } from '../../auth/components/form-field';
import { dateOfBirthRule, studentNameRule } from './account-rules';

export const studentLimit = 6;

function AddStudentForm({ accountId, onDone }: { accountId: string; onDone: () => void }) {
  const theme = useTheme();
  const ids = { name: useId(), dob: useId(), grade: useId(), school: useId() };
  const add = useAddStudent(accountId);
  const form = useForm<{ name: string; dateOfBirth: string; grade: string; school: string }>({
    defaultValues: { name: '', dateOfBirth: '', grade: '', school: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    const student: NewStudent = { name: values.name.trim() };
    if (values.dateOfBirth) student.dateOfBirth = values.dateOfBirth;
    if (values.grade.trim()) student.grade = values.grade.trim();
    if (values.school.trim()) student.school = values.school.trim();
    const added = await add.mutateAsync(student).catch(() => null);
    if (added) onDone();
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={submit} noValidate aria-label="Add a student" css={{ display: 'grid', gap: theme.space(2) }}>
      <label htmlFor={ids.name}>Student's name</label>
      <input id={ids.name} css={inputStyles(theme)} aria-invalid={Boolean(errors.name)} {...form.register('name', studentNameRule)} />
      <FieldError id={`${ids.name}-error`} message={errors.name?.message} />
      <label htmlFor={ids.dob}>Date of birth (optional)</label>
      <input id={ids.dob} type="date" css={inputStyles(theme)} aria-invalid={Boolean(errors.dateOfBirth)} {...form.register('dateOfBirth', dateOfBirthRule())} />
      <FieldError id={`${ids.dob}-error`} message={errors.dateOfBirth?.message} />
      <label htmlFor={ids.grade}>Class or grade (optional)</label>
      <input id={ids.grade} maxLength={40} css={inputStyles(theme)} {...form.register('grade')} />
      <label htmlFor={ids.school}>School (optional)</label>
      <input id={ids.school} maxLength={120} css={inputStyles(theme)} {...form.register('school')} />
      <FieldError id="add-student-error" message={add.isError ? readableErrorMessage(add.error) : undefined} />
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add student'}
      </Button>
    </form>
  );
}

export function StudentsSection({ account }: { account: LearnerAccount }) {
  const theme = useTheme();
  const [adding, setAdding] = useState(false);
  const students = Object.values(account.students);
  return (
    <section aria-labelledby="students-heading" css={{ display: 'grid', gap: theme.space(3) }}>
      <h2 id="students-heading" css={{ fontSize: theme.font.size.large, margin: `${theme.space(4)} 0 0` }}>
        Students
      </h2>
      {students.length === 0 && <p css={{ margin: 0 }}>Add the children (or yourself) who will attend classes.</p>}
      <CardList aria-label="Students">
        {students.map((student) => (
          <li key={student.id}>
            <Card>
              <strong>{student.name}</strong>
              <div css={{ color: theme.colors.textMuted, fontSize: theme.font.size.small }}>
                {[student.dateOfBirth && `Born ${formatDate(student.dateOfBirth)}`, student.grade, student.school].filter(Boolean).join(' · ') || 'No details yet'}
              </div>
            </Card>
          </li>
        ))}
      </CardList>
      {adding ? (
        <AddStudentForm accountId={account.id} onDone={() => setAdding(false)} />
      ) : students.length < studentLimit ? (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          Add a student
        </Button>
      ) : (
        <p css={{ margin: 0 }}>You have added the most students an account can hold ({studentLimit}).</p>
      )}
    </section>
  );
}
