import { css } from '@emotion/react';
import { useId, useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import type { CreateBatchStudentPaymentRequestBody } from '@kalike/shared/contracts/payments';
import type { TeacherBatchStudent, TeacherPaymentBatch } from '@kalike/shared/contracts/teacher-payments';
import { formatCalendarDate } from '@kalike/shared/format/dates';
import { formatPaiseExact } from '@kalike/shared/format/money';
import { Button } from '@kalike/shared/ui/button';
import { FieldGroup } from '@kalike/shared/ui/form/field';
import { FieldError, FormFailure } from '@kalike/shared/ui/form/field-error';
import { formHint } from '@kalike/shared/ui/form/form-css';
import { RadioOption } from '@kalike/shared/ui/form/radio-option';
import { SelectField } from '@kalike/shared/ui/form/registered-fields';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';
import { stack } from '@kalike/shared/ui/layout-styles';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { mutedText, strongText } from '@kalike/shared/ui/text-styles';
import { colors, radius, space } from '@kalike/shared/ui/theme';

import { batchLabel, useTeacherBatches } from '../../../../api/teacher-batches';
import { useAskToPay } from '../api/teacher-requests-api';

const sentStyle = css({ padding: space(3), borderRadius: radius.medium, background: colors.brandSoft });

/** What the teacher asks for: one of the batch's packs, or what the ledger says is owed. */
const owed = 'owed';

/** "5 of 8 classes left · owes ₹450.00 · 1 request open": what the teacher needs to choose. */
export function studentSituation(student: TeacherBatchStudent): string {
  const parts = [student.classPack ? `${student.classPack.classesLeft} of ${student.classPack.classesTotal} classes left` : 'No class pack'];
  if (student.queuedPacks.length > 0) parts.push('a pack is already waiting');
  if (student.status === 'held') parts.push('joining, not paid yet');
  if (student.owedPaise > 0) parts.push(`owes ${formatPaiseExact(student.owedPaise)}`);
  if (student.openRequests > 0) parts.push(`${student.openRequests} ${student.openRequests === 1 ? 'request' : 'requests'} open`);
  return parts.join(' · ');
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

interface AskValues {
  batchId: string;
  studentId: string;
  /** A class pack plan's id, or `owed`. */
  what: string;
}

function AskForm({ batches }: { batches: TeacherPaymentBatch[] }) {
  const errorId = useId();
  // The first thing missing is said, once, under the form; it stays until the next try.
  const { form, register } = useCheckedForm<AskValues, CreateBatchStudentPaymentRequestBody>({
    defaultValues: { batchId: batches.length === 1 ? (batches[0]?.batch.id ?? '') : '', studentId: '', what: '' },
    check: (values) => {
      const batch = batches.find((entry) => entry.batch.id === values.batchId);
      if (!batch) return { errors: { batchId: 'Choose a batch.' } };
      if (!batch.students.some((entry) => entry.batchStudentId === values.studentId)) return { errors: { studentId: 'Choose the student who should pay.' } };
      if (!values.what) return { errors: { what: 'Choose a class pack, or what is owed.' } };
      return { body: { batchStudentId: values.studentId, ...(values.what === owed ? {} : { classPackPlanId: values.what }) } };
    },
  });
  const [batchId, studentId] = useWatch({ control: form.control, name: ['batchId', 'studentId'] });
  const { errors } = form.formState;
  const problem = errors.batchId?.message ?? errors.studentId?.message ?? errors.what?.message;
  const ask = useAskToPay();
  const chosen = batches.find((entry) => entry.batch.id === batchId);
  const student = chosen?.students.find((entry) => entry.batchStudentId === studentId);

  // A second tap while sending, or once sent, must neither send again nor check the form the
  // success cleared: the form takes one request at a time until the teacher changes a choice.
  // Set in the tap's own event, so the button is disabled before a second tap can land.
  const [busy, setBusy] = useState(false);
  const send = form.handleSubmit(
    (body) =>
      ask
        .mutateAsync(body)
        .then(() => form.setValue('what', ''))
        .catch(() => {
          setBusy(false);
        }),
    () => setBusy(false),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    void send(event);
  };
  // A change after a sent request starts the next one.
  const changed = () => {
    if (!ask.isSuccess) return;
    setBusy(false);
    ask.reset();
  };

  return (
    <form css={stack[4]} onSubmit={submit} noValidate aria-describedby={problem ? errorId : undefined}>
      <SelectField
        label="Batch"
        // Another batch starts the choice again: its student and pack are cleared, and every problem with them.
        registration={register('batchId', {
          onChange: () => {
            changed();
            form.setValue('studentId', '');
            form.setValue('what', '');
            form.clearErrors();
          },
        })}
      >
        <option value="">Choose a batch</option>
        {batches.map(({ batch }) => (
          <option key={batch.id} value={batch.id}>
            {batchLabel(batch)}
          </option>
        ))}
      </SelectField>

      {chosen && chosen.students.length === 0 && (
        <p css={mutedText}>No students in this batch yet. Invite a family below; once they join, you can ask them to pay here.</p>
      )}

      {chosen && chosen.students.length > 0 && (
        <FieldGroup legend="Student">
          {chosen.students.map((entry) => (
            <RadioOption
              roomy
              key={entry.batchStudentId}
              value={entry.batchStudentId}
              {...form.register('studentId', {
                onChange: () => {
                  changed();
                  form.setValue('what', '');
                },
              })}
              title={entry.studentName}
              detail={studentSituation(entry)}
            />
          ))}
        </FieldGroup>
      )}

      {chosen && student && (
        <FieldGroup legend="Ask for">
          {/* The family's own checkout would refuse another pack: it is not offered here either. */}
          {!student.nextPack.allowed && <p css={mutedText}>{student.nextPack.message}</p>}
          {student.nextPack.allowed && student.classPack?.status === 'active' && student.nextPack.startsOn && (
            <p css={formHint}>A pack paid now waits behind the current one and starts by {formatCalendarDate(student.nextPack.startsOn)}.</p>
          )}
          {(student.nextPack.allowed ? chosen.batch.plans : []).map((plan) => (
            <RadioOption
              roomy
              key={plan.id}
              value={plan.id}
              {...form.register('what', { onChange: changed })}
              title={plan.name}
              detail={`${plan.classesCount} classes · ${formatPaiseExact(plan.pricePaise)}`}
            />
          ))}
          {student.owedRequestPaise !== null && (
            <RadioOption
              roomy
              value={owed}
              {...form.register('what', { onChange: changed })}
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
        </FieldGroup>
      )}

      <FormFailure id={errorId} message={problem} />
      <FieldError id={`${errorId}-send`} message={ask.isError ? readableErrorMessage(ask.error) : undefined} />
      {ask.isSuccess && <Sent request={ask.data} />}
      <Button type="submit" disabled={busy}>
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
