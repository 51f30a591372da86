import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { StudentDto } from '@kalike/shared/contracts/accounts';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { personNameMaxLength, studentDetailMaxLength } from '@kalike/shared/domain/account-values';
import { Button } from '@kalike/shared/ui/button';
import { FieldError } from '@kalike/shared/ui/form/field-error';
import { TextField } from '@kalike/shared/ui/form/registered-fields';

import { dateOfBirthRule, studentNameRule } from '@kalike/shared/learner-account/account-rules';
import { useAddStudent, useUpdateStudent } from '@kalike/shared/learner-account/learner-account-api';
import { stack, wrapRow } from '@kalike/shared/ui/layout-styles';
import { formHint } from '@kalike/shared/ui/form/form-css';

interface StudentValues {
  name: string;
  dateOfBirth: string;
  grade: string;
  school: string;
}

interface StudentFormProps {
  /** The form's accessible name, e.g. "Add a child" or "Edit Ananya". */
  label: string;
  submitLabel: string;
  initial?: StudentDto;
  /** Class and school as well: the account page keeps them; the enquiry step asks only what a teacher needs. */
  withSchool: boolean;
  pending: boolean;
  failure: unknown;
  onSubmit: (values: StudentValues) => Promise<unknown>;
  onCancel: () => void;
  /** The page's frame around the form (the enquiry step draws a card). */
  className?: string;
}

function StudentForm({ label, submitLabel, initial, withSchool, pending, failure, onSubmit, onCancel, className }: StudentFormProps) {
  const id = useId();
  const form = useForm<StudentValues>({
    defaultValues: {
      name: initial?.name ?? '',
      dateOfBirth: initial?.dateOfBirth ?? '',
      grade: initial?.grade ?? '',
      school: initial?.school ?? '',
    },
  });
  const { errors } = form.formState;
  return (
    <form
      aria-label={label}
      noValidate
      className={className}
      onSubmit={(event) => {
        // The form may sit inside a page's own form; its submit is not the page's.
        event.stopPropagation();
        void form.handleSubmit(onSubmit)(event);
      }}
      css={stack[2]}
    >
      <TextField
        label="Student's name"
        maxLength={personNameMaxLength}
        autoComplete="off"
        error={errors.name?.message}
        registration={form.register('name', studentNameRule)}
      />
      <TextField
        label={
          <>
            Date of birth <span css={formHint}>(optional)</span>
          </>
        }
        type="date"
        error={errors.dateOfBirth?.message}
        registration={form.register('dateOfBirth', dateOfBirthRule())}
      />
      {withSchool && (
        <>
          <TextField
            label={
              <>
                Class or grade <span css={formHint}>(optional)</span>
              </>
            }
            maxLength={studentDetailMaxLength.grade}
            registration={form.register('grade')}
          />
          <TextField
            label={
              <>
                School <span css={formHint}>(optional)</span>
              </>
            }
            maxLength={studentDetailMaxLength.school}
            registration={form.register('school')}
          />
        </>
      )}
      <FieldError id={`${id}-failure`} message={failure ? readableErrorMessage(failure) : undefined} />
      <div css={wrapRow}>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const optional = (value: string) => value.trim() || undefined;

interface AddStudentFormProps {
  accountId: string;
  label: string;
  submitLabel: string;
  withSchool: boolean;
  onAdded: (student: StudentDto) => void;
  onCancel: () => void;
  className?: string;
}

/** Adds a student to the learner's account. */
export function AddStudentForm({ accountId, onAdded, ...props }: AddStudentFormProps) {
  const add = useAddStudent(accountId);
  return (
    <StudentForm
      {...props}
      pending={add.isPending}
      failure={add.error}
      onSubmit={({ name, dateOfBirth, grade, school }) =>
        add
          .mutateAsync({
            name: name.trim(),
            dateOfBirth: optional(dateOfBirth),
            ...(props.withSchool ? { grade: optional(grade), school: optional(school) } : {}),
          })
          .then(onAdded, () => undefined)
      }
    />
  );
}

interface EditStudentFormProps {
  accountId: string;
  student: StudentDto;
  withSchool: boolean;
  onSaved: () => void;
  onCancel: () => void;
  className?: string;
}

/** Changes a student's details; an emptied optional field clears it on the server. */
export function EditStudentForm({ accountId, student, withSchool, onSaved, onCancel, className }: EditStudentFormProps) {
  const update = useUpdateStudent(accountId);
  return (
    <StudentForm
      label={`Edit ${student.name}`}
      submitLabel="Save"
      initial={student}
      withSchool={withSchool}
      pending={update.isPending}
      failure={update.error}
      onCancel={onCancel}
      className={className}
      onSubmit={({ name, dateOfBirth, grade, school }) =>
        update
          .mutateAsync({
            studentId: student.id,
            body: {
              name: name.trim(),
              dateOfBirth: optional(dateOfBirth) ?? null,
              ...(withSchool ? { grade: optional(grade) ?? null, school: optional(school) ?? null } : {}),
            },
          })
          .then(onSaved, () => undefined)
      }
    />
  );
}
