import { css } from '@emotion/react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { EarningsFigures, MonthEarnings, TeacherEarnings } from '@kalike/shared/contracts/teacher-earnings';
import { feePercent } from '@kalike/shared/format/fee-percent';
import { formatPaiseExact } from '@kalike/shared/format/money';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { checkResolver } from '@kalike/shared/ui/form/check-resolver';
import { FormFailure } from '@kalike/shared/ui/form/field-error';
import { TextField } from '@kalike/shared/ui/form/registered-fields';
import { plainList, stack } from '@kalike/shared/ui/layout-styles';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { mutedColor, mutedText, smallMutedText, strongText, subsectionHeading } from '@kalike/shared/ui/text-styles';
import { colors, space } from '@kalike/shared/ui/theme';

import { useTeacherEarnings } from '../api/teacher-earnings-api';
import { addMonths, checkMonthRange, currentIstMonth, formatMonth } from '../utils/month-range';

const rangeFields = css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: space(3) });
// A month field's own width (its picker icon included) must not push past a phone's column.
const monthInput = css({ boxSizing: 'border-box', minWidth: 0 });
const figuresStyle = css({ display: 'grid', gridTemplateColumns: '1fr auto', gap: `${space(1)} ${space(3)}`, margin: 0 });
const figureRow = css({ display: 'contents' });
const amountStyle = css({ margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
const netRow = css({ '& > dt, & > dd': { fontWeight: 700, borderTop: `1px solid ${colors.border}`, paddingTop: space(1) } });
const studentsStyle = css({ borderTop: `1px solid ${colors.border}`, paddingTop: space(3) });

/**
 * The figures of a row, named as where a teacher sets a price: what families paid, less what went
 * back to them, GST and Kalike's fee, is what the teacher receives. A refund shows only where there
 * is one; its GST and fee are already taken off the GST and fee shown.
 */
function Figures({ figures, feeBasisPoints }: { figures: EarningsFigures; feeBasisPoints: number }) {
  const rows: Array<[string, number]> = [
    ['Families paid', figures.collectedPaise],
    ...(figures.refundedPaise > 0 ? [['Refunded', -figures.refundedPaise] as [string, number]] : []),
    ['GST', figures.gstPaise],
    [`Kalike's fee (${feePercent(feeBasisPoints)})`, figures.feePaise],
  ];
  return (
    <dl css={figuresStyle}>
      {rows.map(([term, paise]) => (
        <div key={term} css={figureRow}>
          <dt css={mutedColor}>{term}</dt>
          <dd css={amountStyle}>{formatPaiseExact(paise)}</dd>
        </div>
      ))}
      <div css={[figureRow, netRow]}>
        <dt>You receive</dt>
        <dd css={amountStyle}>{formatPaiseExact(figures.netPaise)}</dd>
      </div>
    </dl>
  );
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function paymentsNote(figures: EarningsFigures): string {
  const count =
    figures.refunds > 0
      ? `${counted(figures.payments, 'payment', 'payments')}, ${counted(figures.refunds, 'refund', 'refunds')}`
      : counted(figures.payments, 'payment', 'payments');
  return figures.creditKeptPaise > 0 ? `${count}; ${formatPaiseExact(figures.creditKeptPaise)} of it kept as the family's credit` : count;
}

function MonthCard({ month, feeBasisPoints }: { month: MonthEarnings; feeBasisPoints: number }) {
  const headingId = useId();
  return (
    <Card as="article" aria-labelledby={headingId} css={stack[3]}>
      <h4 id={headingId} css={subsectionHeading}>
        {formatMonth(month.month)}
      </h4>
      {month.payments === 0 && month.refunds === 0 ? (
        <p css={mutedText}>No payments this month.</p>
      ) : (
        <>
          <Figures figures={month} feeBasisPoints={feeBasisPoints} />
          <p css={smallMutedText}>{paymentsNote(month)}</p>
          <ul css={[plainList, studentsStyle]} aria-label={`Students who paid or were refunded in ${formatMonth(month.month)}`}>
            {month.students.map((student) => (
              <li key={`${student.batchStudentId ?? 'none'}-${student.studentName}`} css={stack[1]}>
                <p css={strongText}>
                  {student.studentName}
                  {student.batchName ? <span css={mutedColor}> · {student.batchName}</span> : null}
                </p>
                <Figures figures={student} feeBasisPoints={feeBasisPoints} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function Statement({ statement }: { statement: TeacherEarnings }) {
  const months = [...statement.months].reverse();
  return (
    <div css={stack[4]}>
      {/* One month is its own total: the card would repeat it. */}
      {statement.months.length > 1 && (
        <Card as="section" aria-label="Totals" css={stack[2]}>
          <h4 css={subsectionHeading}>
            {statement.from === statement.to ? formatMonth(statement.from) : `${formatMonth(statement.from)} to ${formatMonth(statement.to)}`}
          </h4>
          <Figures figures={statement.totals} feeBasisPoints={statement.feeBasisPoints} />
          <p css={smallMutedText}>{paymentsNote(statement.totals)}.</p>
        </Card>
      )}
      <p css={smallMutedText}>
        GST is the tax inside what families paid. Kalike&apos;s fee is {feePercent(statement.feeBasisPoints)} of each payment&apos;s price before GST, to the
        nearest paisa (rounded down for payments before December 2026). Every figure here is the sum of its payments, each worked out as where you set a price
        (&quot;families pay, you receive&quot;). A refund to a family counts in the month it was made, whenever they paid, and takes back its own GST, fee and
        what you received from it, as your payouts do; a refund the bank refused is not counted, as the family keeps that money as credit for your classes.
      </p>
      <ul css={plainList}>
        {months.map((month) => (
          <li key={month.month}>
            <MonthCard month={month} feeBasisPoints={statement.feeBasisPoints} />
          </li>
        ))}
      </ul>
    </div>
  );
}

interface MonthRange {
  from: string;
  to: string;
}

/** The range's one problem belongs to both months: each is marked, the sentence is said once under the form. */
const monthRangeResolver = checkResolver<MonthRange, MonthRange>(({ from, to }) => {
  const checked = checkMonthRange(from, to);
  return checked.ok ? { body: { from: checked.from, to: checked.to } } : { errors: { from: checked.message, to: checked.message } };
});

/** The teacher's earnings from the ledger, month by month and student by student, to the paisa. */
export function EarningsStatement() {
  const errorId = useId();
  const thisMonth = currentIstMonth();
  const [initialRange] = useState<MonthRange>(() => ({ from: addMonths(thisMonth, -2), to: thisMonth }));
  const form = useForm<MonthRange, unknown, MonthRange>({ defaultValues: initialRange, resolver: monthRangeResolver, reValidateMode: 'onSubmit' });
  const [range, setRange] = useState<MonthRange>(initialRange);
  const problem = form.formState.errors.from?.message;
  const earnings = useTeacherEarnings(range);

  const submit = form.handleSubmit(setRange);

  return (
    <div css={stack[4]}>
      <form css={stack[3]} onSubmit={(event) => void submit(event)} noValidate aria-label="Months of the statement">
        <div css={rangeFields}>
          <TextField
            label="From"
            type="month"
            css={monthInput}
            max={thisMonth}
            invalid={Boolean(problem)}
            describedBy={problem ? errorId : undefined}
            registration={form.register('from')}
          />
          <TextField
            label="To"
            type="month"
            css={monthInput}
            max={thisMonth}
            invalid={Boolean(problem)}
            describedBy={problem ? errorId : undefined}
            registration={form.register('to')}
          />
        </div>
        <div>
          <Button type="submit">Show statement</Button>
        </div>
      </form>
      <FormFailure id={errorId} message={problem} />
      {earnings.isPending ? (
        <SkeletonList rows={2} rowHeight="8rem" label="Loading your earnings" />
      ) : earnings.isError ? (
        <StatusMessage tone="error" title="Your earnings could not be loaded" action={{ label: 'Try again', onClick: () => void earnings.refetch() }}>
          {readableErrorMessage(earnings.error)}
        </StatusMessage>
      ) : (
        <Statement statement={earnings.data} />
      )}
    </div>
  );
}
