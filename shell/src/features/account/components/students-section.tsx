import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTheme } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { Card, CardList } from '@kalike/shared/ui/card';
import { formatDate } from '@kalike/shared/format/dates';
import { readableErrorMessage } from '@kalike/shared/api/api-error';

import { useAddStudent, useUpdateStudent, type LearnerAccount, type Student } from '../api/account';
import { FieldError, inputStyles } from '@kalike/shared/ui/form-field';
import { dateOfBirthRule, studentNameRule } from './account-rules';

export const studentLimit = 6;

interface StudentFormValues {
  name: string;
  dateOfBirth: string;
  grade: string;
  school: string;
}

interface StudentFormProps {
  label: string;
  submitLabel: string;
  initial?: Student;
  pending: boolean;
  failure: unknown;
  onSubmit: (values: StudentFormValues) => Promise<unknown>;
  onCancel?: () => void;
}

/** One form for adding and for changing a student; the caller decides what is sent. */
function StudentForm({ label, submitLabel, initial, pending, failure, onSubmit, onCancel }: StudentFormProps) {
  const theme = useTheme();
  const ids = { name: useId(), dob: useId(), grade: useId(), school: useId() };
  const form = useForm<StudentFormValues>({
    defaultValues: {
      name: initial?.name ?? '',
      dateOfBirth: initial?.dateOfBirth ?? '',
      grade: initial?.grade ?? '',
      school: initial?.school ?? '',
    },
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate aria-label={label} css={{ display: 'grid', gap: theme.space(2) }}>
      <label htmlFor={ids.name}>Student's name</label>
      <input id={ids.name} css={inputStyles(theme)} aria-invalid={Boolean(errors.name)} {...form.register('name', studentNameRule)} />
      <FieldError id={`${ids.name}-error`} message={errors.name?.message} />
      <label htmlFor={ids.dob}>Date of birth (optional)</label>
      <input id={ids.dob} type="date" css={inputStyles(theme)} aria-invalid={Boolean(errors.dateOfBirth)} {...form.register('dateOfBirth', dateOfBirthRule())} />
      <FieldError id={`${ids.dob}-error`} message={errors.dateOfBirth?.message} />
      <label htmlFor={ids.grade}>Class or grade (optional)</label>
      <input id={ids.grade} maxLength={30} css={inputStyles(theme)} {...form.register('grade')} />
      <label htmlFor={ids.school}>School (optional)</label>
      <input id={ids.school} maxLength={120} css={inputStyles(theme)} {...form.register('school')} />
      <FieldError id={`${ids.name}-failure`} message={failure ? readableErrorMessage(failure) : undefined} />
      <div css={{ display: 'flex', gap: theme.space(2) }}>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

const optional = (value: string) => value.trim() || undefined;

function AddStudentForm({ accountId, onDone }: { accountId: string; onDone: () => void }) {
  const add = useAddStudent(accountId);
  return (
    <StudentForm
      label="Add a student"
      submitLabel="Add student"
      pending={add.isPending}
      failure={add.error}
      onCancel={onDone}
      onSubmit={async (values) => {
        const added = await add
          .mutateAsync({
            name: values.name.trim(),
            dateOfBirth: optional(values.dateOfBirth),
            grade: optional(values.grade),
            school: optional(values.school),
          })
          .catch(() => null);
        if (added) onDone();
      }}
    />
  );
}

function EditStudentForm({ accountId, student, onDone }: { accountId: string; student: Student; onDone: () => void }) {
  const update = useUpdateStudent(accountId, student.id);
  return (
    <StudentForm
      label={`Edit ${student.name}`}
      submitLabel="Save"
      initial={student}
      pending={update.isPending}
      failure={update.error}
      onCancel={onDone}
      onSubmit={async (values) => {
        // An emptied optional field clears it on the server.
        const saved = await update
          .mutateAsync({
            name: values.name.trim(),
            dateOfBirth: optional(values.dateOfBirth) ?? null,
            grade: optional(values.grade) ?? null,
            school: optional(values.school) ?? null,
          })
          .catch(() => null);
        if (saved) onDone();
      }}
    />
  );
}

function StudentCard({ accountId, student }: { accountId: string; student: Student }) {
  const theme = useTheme();
  const [editing, setEditing] = useState(false);
  if (editing) return <EditStudentForm accountId={accountId} student={student} onDone={() => setEditing(false)} />;
  const details = [student.dateOfBirth && `Born ${formatDate(student.dateOfBirth)}`, student.grade, student.school].filter(Boolean);
  return (
    <Card css={{ display: 'flex', justifyContent: 'space-between', gap: theme.space(3), alignItems: 'center' }}>
      <div>
        <strong>{student.name}</strong>
        <div css={{ color: theme.colors.textMuted, fontSize: theme.font.size.small }}>{details.join(' · ') || 'No details yet'}</div>
      </div>
      <Button variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit ${student.name}`}>
        Edit
      </Button>
    </Card>
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
            <StudentCard accountId={account.id} student={student} />
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
