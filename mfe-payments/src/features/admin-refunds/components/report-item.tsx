import { css } from '@emotion/react';
import { useState } from 'react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { AdminClassReport } from '@kalike/shared/contracts/admin-refunds';
import { formatInstantLong, formatLongDayWithYear } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import { formatIndianPhone } from '@kalike/shared/format/phone';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { DetailsList } from '@kalike/shared/ui/details-list';
import { FormFailure } from '@kalike/shared/ui/form/field-error';
import { TextAreaField } from '@kalike/shared/ui/form/registered-fields';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';
import { stack, wrapRow } from '@kalike/shared/ui/layout-styles';
import { subsectionHeading } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

import { useResolveReport } from '../api/admin-refunds';
import { packHoldings } from './pack-holdings';

const formStyles = css({ display: 'grid', gap: space(2) });
const reasonCss = css({ minHeight: '4.5rem', resize: 'vertical', fontFamily: 'inherit', boxSizing: 'border-box' });

const markedText = { attended: 'Marked present', missed: 'Marked absent' } as const;

/** An admin's reason, as the API takes it: 3 to 500 characters, kept in the log and read by the family. */
export function reasonProblem(reason: string): string | null {
  const length = [...reason.trim()].length;
  if (length < 3) return 'Say why, in a few words: the family reads it';
  if (length > 500) return 'A reason can be at most 500 characters';
  return null;
}

function DismissForm({ onDismiss, pending, onBack }: { onDismiss: (reason: string) => void; pending: boolean; onBack: () => void }) {
  const { form, register, errors } = useCheckedForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const onSubmit = form.handleSubmit((values) => onDismiss(values.reason.trim()));
  return (
    <form css={formStyles} onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextAreaField
        label="Why is it not refunded?"
        hint="The family reads this beside the class and gets it by text."
        error={errors.reason?.message}
        css={reasonCss}
        registration={register('reason', { validate: (value) => reasonProblem(value) ?? true })}
      />
      <div css={wrapRow}>
        <Button type="submit" disabled={pending}>
          {pending ? 'Dismissing…' : 'Dismiss the report'}
        </Button>
        <Button type="button" variant="secondary" onClick={onBack}>
          Back
        </Button>
      </div>
    </form>
  );
}

/** One open report with everything needed to decide it, and the two decisions. */
export function ReportItem({ report, onDecided }: { report: AdminClassReport; onDecided: (message: string) => void }) {
  const [dismissing, setDismissing] = useState(false);
  const resolve = useResolveReport();
  const failureId = `report-failure-${report.id}`;
  const headingId = `report-${report.id}`;
  const rows: Array<readonly [string, string]> = [
    ['Family', `${report.familyName} · ${formatIndianPhone(report.familyPhone)}`],
    ['Child', report.studentName],
    ['Teacher', report.teacherName],
    ['Batch', `${report.programName} · ${report.batchName}`],
    ['Register', report.marked ? markedText[report.marked] : 'Not marked'],
    ['Reported', formatInstantLong(report.createdAt)],
    ['Note', report.note || 'No note'],
    ['Pack', report.pack ? packHoldings(report.pack) : 'No pack covers this class'],
  ];
  const decide = (decision: { refund: true } | { dismiss: { reason: string } }, message: string) =>
    // A decided report leaves the queue, unmounting this item before mutate's own callbacks would run.
    resolve.mutateAsync({ reportId: report.id, decision }).then(
      () => onDecided(message),
      // The failure is shown from the mutation's state.
      () => undefined,
    );

  return (
    <li>
      <Card as="article" aria-labelledby={headingId} css={stack[3]}>
        <h3 id={headingId} css={subsectionHeading}>
          {report.studentName}: the class of {formatLongDayWithYear(report.classOn)}
        </h3>
        <DetailsList rows={rows} />
        {dismissing ? (
          <DismissForm
            pending={resolve.isPending}
            onBack={() => setDismissing(false)}
            onDismiss={(reason) => decide({ dismiss: { reason } }, `Report of ${report.studentName}'s class dismissed`)}
          />
        ) : (
          <div css={wrapRow}>
            <Button
              type="button"
              disabled={resolve.isPending || report.classRefundPaise === 0}
              onClick={() => decide({ refund: true }, `${formatPaise(report.classRefundPaise)} refunded to ${report.familyName}`)}
            >
              {report.classRefundPaise > 0 ? `Refund the class (${formatPaise(report.classRefundPaise)})` : 'Nothing to refund'}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setDismissing(true)}>
              Dismiss with a reason
            </Button>
          </div>
        )}
        <FormFailure id={failureId} message={resolve.isError ? readableErrorMessage(resolve.error) : null} />
      </Card>
    </li>
  );
}
