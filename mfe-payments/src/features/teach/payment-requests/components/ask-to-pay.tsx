import { css } from '@emotion/react';
import { useId, useState, type FormEvent } from 'react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import type { TeacherBatchStudent, TeacherPaymentBatch } from '@kalike/shared/contracts/teacher-payments';
import { formatPaiseExact } from '@kalike/shared/format/money';
import { Button } from '@kalike/shared/ui/button';
import { FieldError } from '@kalike/shared/ui/form-field';
import { formField, formFieldset, formHint, formInput, formLegend, formOptionRowRoomy } from '@kalike/shared/ui/form-css';
import { stack } from '@kalike/shared/ui/layout-styles';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { errorText, mutedText, strongText } from '@kalike/shared/ui/text-styles';
import { colors, radius, space } from '@kalike/shared/ui/theme';

import { batchLabel, useTeacherBatches } from '../../../../api/teacher-batches';
import { useAskToPay } from '../api/teacher-requests-api';

const optionText = css({ display: 'grid', gap: space(0.5), minWidth: 0, overflowWrap: 'anywhere' });
const sentStyle = css({ padding: space(3), borderRadius: radius.medium, background: colors.brandSoft });

/** What the teacher asks for: one of the batch's packs, or what the ledger says is owed. */
const owed = 'owed';

/** "5 of 8 classes left · owes ₹450.00 · 1 request open": what the teacher needs to choose. */
export function studentSituation(student: TeacherBatchStudent): string {
  const parts = [student.classPack ? `${student.classPack.classesLeft} of ${student.classPack.classesTotal} classes left` : 'No class pack'];
  if (student.status === 'held') parts.push('joining, not paid yet');
  if (student.owedPaise > 0) parts.push(`owes ${formatPaiseExact(student.owedPaise)}`);
  if (student.openRequests > 0) parts.push(`${student.openRequests} ${student.openRequests === 1 ? 'request' : 'requests'} open`);
  return parts.join(' · ');
}

interface ChoiceRowProps {
  group: string;
  value: string;
  checked: boolean;
  onChoose: () => void;
  title: string;
  detail: string;
}

/** One radio per line: named by its title, described by its detail (classes left, price). */
function ChoiceRow({ group, value, checked, onChoose, title, detail }: ChoiceRowProps) {
  const id = useId();
  return (
    <label css={formOptionRowRoomy}>
      <input type="radio" name={group} value={value} checked={checked} onChange={onChoose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-detail`} />
      <span css={optionText}>
        <span id={`${id}-title`} css={strongText}>
          {title}
        </span>
        <span id={`${id}-detail`} css={formHint}>
          {detail}
        </span>
      </span>
    </label>
  );
}

function Sent({ request }: { request: PaymentRequest }) {
  return (
    <div role="status" css={sentStyle}>
      <p css={strongText}>
        Request sent to {request.studentName} for {formatPaiseExact(request.amountPaise)}
      </p>
      <p css={mutedText}>{request.description}. The family gets a text with the link to pay; you see it under Requests.</p>
    </div>
  );
}

function AskForm({ batches }: { batches: TeacherPaymentBatch[] }) {
  const ids = { batch: useId(), error: useId() };
  const [batchId, setBatchId] = useState(batches.length === 1 ? (batches[0]?.batch.id ?? '') : '');
  const [studentId, setStudentId] = useState('');
  const [what, setWhat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ask = useAskToPay();
  const chosen = batches.find((entry) => entry.batch.id === batchId);
  const student = chosen?.students.find((entry) => entry.batchStudentId === studentId);

  function chooseBatch(id: string) {
    setBatchId(id);
    setStudentId('');
    setWhat('');
    setProblem(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return setProblem('Choose a batch.');
    if (!student) return setProblem('Choose the student who should pay.');
    if (!what) return setProblem('Choose a class pack, or what is owed.');
    setProblem(null);
    ask.mutate({ batchStudentId: student.batchStudentId, ...(what === owed ? {} : { classPackPlanId: what }) }, { onSuccess: () => setWhat('') });
  }

  return (
    <form css={stack[4]} onSubmit={submit} noValidate aria-describedby={problem ? ids.error : undefined}>
      <div css={formField}>
        <label htmlFor={ids.batch} css={strongText}>
          Batch
        </label>
        <select id={ids.batch} css={formInput} value={batchId} onChange={(event) => chooseBatch(event.target.value)}>
          <option value="">Choose a batch</option>
          {batches.map(({ batch }) => (
            <option key={batch.id} value={batch.id}>
              {batchLabel(batch)}
            </option>
          ))}
        </select>
      </div>

      {chosen && chosen.students.length === 0 && (
        <p css={mutedText}>No students in this batch yet. Invite a family below; once they join, you can ask them to pay here.</p>
      )}

      {chosen && chosen.students.length > 0 && (
        <fieldset css={formFieldset}>
          <legend css={formLegend}>Student</legend>
          {chosen.students.map((entry) => (
            <ChoiceRow
              key={entry.batchStudentId}
              group="ask-student"
              value={entry.batchStudentId}
              checked={studentId === entry.batchStudentId}
              onChoose={() => {
                setStudentId(entry.batchStudentId);
                setWhat('');
              }}
              title={entry.studentName}
              detail={studentSituation(entry)}
            />
          ))}
        </fieldset>
      )}

      {chosen && student && (
        <fieldset css={formFieldset}>
          <legend css={formLegend}>Ask for</legend>
          {chosen.batch.plans.map((plan) => (
            <ChoiceRow
              key={plan.id}
              group="ask-what"
              value={plan.id}
              checked={what === plan.id}
              onChoose={() => setWhat(plan.id)}
              title={plan.name}
              detail={`${plan.classesCount} classes · ${formatPaiseExact(plan.pricePaise)}`}
            />
          ))}
          {student.owedRequestPaise !== null && (
            <ChoiceRow
              group="ask-what"
              value={owed}
              checked={what === owed}
              onChoose={() => setWhat(owed)}
              title="What is owed"
              detail={
                student.owedRequestPaise > student.owedPaise
                  ? `${formatPaiseExact(student.owedRequestPaise)} (${formatPaiseExact(student.owedPaise)} owed; the smallest payment the checkout takes)`
                  : formatPaiseExact(student.owedRequestPaise)
              }
            />
          )}
          {chosen.batch.plans.length === 0 && student.owedRequestPaise === null && <p css={mutedText}>This batch has no class packs and nothing is owed.</p>}
          <p css={formHint}>Amounts are the batch&apos;s prices as Kalike computes them, GST included. The family has a week to pay.</p>
        </fieldset>
      )}

      {problem && (
        <p id={ids.error} role="alert" css={errorText}>
          {problem}
        </p>
      )}
      <FieldError id={`${ids.error}-send`} message={ask.isError ? readableErrorMessage(ask.error) : undefined} />
      {ask.isSuccess && <Sent request={ask.data} />}
      <Button type="submit" disabled={ask.isPending}>
        {ask.isPending ? 'Sending…' : 'Send payment request'}
      </Button>
    </form>
  );
}

/** Ask a student of one of the teacher's batches to pay for a class pack, or for what is owed. */
export function AskToPay() {
  const batches = useTeacherBatches();
  if (batches.isPending) return <SkeletonList rows={2} rowHeight="3rem" label="Loading your batches" />;
  if (batches.isError) {
    return (
      <StatusMessage tone="error" title="Your batches could not be loaded" action={{ label: 'Try again', onClick: () => void batches.refetch() }}>
        {readableErrorMessage(batches.error)}
      </StatusMessage>
    );
  }
  if (batches.data.batches.length === 0) {
    return <StatusMessage title="No batches yet">When you have a batch with students, you can ask them to pay here.</StatusMessage>;
  }
  return <AskForm batches={batches.data.batches} />;
}
