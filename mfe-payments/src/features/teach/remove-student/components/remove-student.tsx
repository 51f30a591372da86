import { useState } from 'react';
import { Link } from 'react-router-dom';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { TeacherBatchStudent } from '@kalike/shared/contracts/teacher-payments';
import { formatPaiseExact } from '@kalike/shared/format/money';
import { Button } from '@kalike/shared/ui/button';
import { stack, wrapRow } from '@kalike/shared/ui/layout-styles';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { errorText, mutedText, strongText } from '@kalike/shared/ui/text-styles';
import * as paths from '@kalike/shared/routing/paths';

import { batchLabel, useTeacherBatches } from '../../../../api/teacher-batches';
import { useEndBatch, useRemoveStudent } from '../api/remove-student';

function StudentRow({ student, onRemove, pending }: { student: TeacherBatchStudent; onRemove: () => void; pending: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const left = student.classPack ? `${student.classPack.classesLeft} of ${student.classPack.classesTotal} classes left` : 'No class pack';
  return (
    <li css={stack[2]}>
      <p css={strongText}>{student.studentName}</p>
      <p css={mutedText}>{left}</p>
      <Link to={paths.teachEnrolmentMessages(student.batchStudentId)}>Message the family of {student.studentName}</Link>
      {confirming ? (
        <div css={stack[2]}>
          <p>
            Remove {student.studentName} from this batch? Every unused class goes back to the family in full, to the way they paid, and they are told by text.
            This cannot be undone.
          </p>
          <div css={wrapRow}>
            <Button type="button" disabled={pending} onClick={onRemove}>
              {pending ? 'Removing…' : `Yes, remove ${student.studentName}`}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
            Remove {student.studentName}
          </Button>
        </div>
      )}
    </li>
  );
}

/** What ending a batch did, said above the list: the ended batch leaves the list once its students are gone. */
function BatchEnded({ end }: { end: ReturnType<typeof useEndBatch> }) {
  if (!end.isSuccess) return null;
  const refunded = end.data.refundedPaise;
  return <p role="status">Batch ended. {refunded > 0 ? `${formatPaiseExact(refunded)} is being refunded to its families.` : 'There was nothing to refund.'}</p>;
}

function EndBatch({ batchId, label, end }: { batchId: string; label: string; end: ReturnType<typeof useEndBatch> }) {
  const [confirming, setConfirming] = useState(false);
  const pending = end.isPending && end.variables === batchId;
  return confirming ? (
    <div css={stack[2]}>
      <p>End {label}? Every student is removed and every family gets its unused classes back in full, by text. This cannot be undone.</p>
      <div css={wrapRow}>
        <Button type="button" disabled={pending} onClick={() => end.mutate(batchId)}>
          {pending ? 'Ending…' : 'Yes, end the batch'}
        </Button>
        <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
          Keep
        </Button>
      </div>
      {end.isError && end.variables === batchId && (
        <p role="alert" css={errorText}>
          {readableErrorMessage(end.error)}
        </p>
      )}
    </div>
  ) : (
    <div>
      <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
        End this batch
      </Button>
    </div>
  );
}

/** The teacher's students by batch, each removable; removing refunds the family's unused classes in full. */
export function RemoveStudent() {
  const batches = useTeacherBatches();
  const remove = useRemoveStudent();
  const end = useEndBatch();
  if (batches.isPending) return <SkeletonList rows={1} rowHeight="3rem" label="Loading your students" />;
  if (batches.isError) {
    return (
      <StatusMessage tone="error" title="Your students could not be loaded" action={{ label: 'Try again', onClick: () => void batches.refetch() }}>
        {readableErrorMessage(batches.error)}
      </StatusMessage>
    );
  }
  const withStudents = batches.data.batches.filter((entry) => entry.students.length > 0);
  const refunded = remove.data?.refundedPaise ?? 0;
  return (
    <div css={stack[4]}>
      <BatchEnded end={end} />
      {remove.isSuccess && (
        <p role="status">
          Removed. {refunded > 0 ? `${formatPaiseExact(refunded)} is being refunded to the family.` : 'There were no unused classes to refund.'}
        </p>
      )}
      {remove.isError && (
        <p role="alert" css={errorText}>
          {readableErrorMessage(remove.error)}
        </p>
      )}
      {withStudents.length === 0 && <p css={mutedText}>No students in your batches.</p>}
      {withStudents.map(({ batch, students }) => (
        <section key={batch.id} aria-label={batchLabel(batch)} css={stack[3]}>
          <h3 css={strongText}>{batchLabel(batch)}</h3>
          <EndBatch batchId={batch.id} label={batchLabel(batch)} end={end} />
          <ul css={stack[3]}>
            {students.map((student) => (
              <StudentRow
                key={student.batchStudentId}
                student={student}
                pending={remove.isPending && remove.variables === student.batchStudentId}
                onRemove={() => remove.mutate(student.batchStudentId)}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
