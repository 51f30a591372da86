import { useState } from 'react';
import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { Card, CardList } from '@kalike/shared/ui/card';
import { formatDate } from '@kalike/shared/format/dates';
import { accountLimits } from '@kalike/shared/domain/account-values';
import type { LearnerAccountDto, StudentDto } from '@kalike/shared/contracts/accounts';
import { AddStudentForm, EditStudentForm } from '@kalike/shared/learner-account/student-form';
import { colors, space, font } from '@kalike/shared/ui/theme';

const cardStyles = css({ display: 'flex', justifyContent: 'space-between', gap: space(3), alignItems: 'center' });
const studentDetailsStyles = css({ color: colors.textMuted, fontSize: font.size.small });

function StudentCard({ accountId, student }: { accountId: string; student: StudentDto }) {
  const [editing, setEditing] = useState(false);
  if (editing) {
    return <EditStudentForm accountId={accountId} student={student} withSchool onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />;
  }
  const details = [student.dateOfBirth && `Born ${formatDate(student.dateOfBirth)}`, student.grade, student.school].filter(Boolean);
  return (
    <Card css={cardStyles}>
      <div>
        <strong>{student.name}</strong>
        <div css={studentDetailsStyles}>{details.join(' · ') || 'No details yet'}</div>
      </div>
      <Button variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit ${student.name}`}>
        Edit
      </Button>
    </Card>
  );
}

const sectionStyles = css({ display: 'grid', gap: space(3) });
const headingStyles = css({ fontSize: font.size.large, margin: `${space(4)} 0 0` });
const plainTextStyles = css({ margin: 0 });

export function StudentsSection({ account }: { account: LearnerAccountDto }) {
  const [adding, setAdding] = useState(false);
  const students = Object.values(account.students);
  return (
    <section aria-labelledby="students-heading" css={sectionStyles}>
      <h2 id="students-heading" css={headingStyles}>
        Students
      </h2>
      {students.length === 0 && <p css={plainTextStyles}>Add the children (or yourself) who will attend classes.</p>}
      <CardList aria-label="Students">
        {students.map((student) => (
          <li key={student.id}>
            <StudentCard accountId={account.id} student={student} />
          </li>
        ))}
      </CardList>
      {adding ? (
        <AddStudentForm
          accountId={account.id}
          label="Add a student"
          submitLabel="Add student"
          withSchool
          onAdded={() => setAdding(false)}
          onCancel={() => setAdding(false)}
        />
      ) : students.length < accountLimits.maxStudents ? (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          Add a student
        </Button>
      ) : (
        <p css={plainTextStyles}>You have added the most students an account can hold ({accountLimits.maxStudents}).</p>
      )}
    </section>
  );
}
