import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { AdminPayoutReview } from '@kalike/shared/contracts/payouts';
import { formatInstantLong } from '@kalike/shared/format/dates';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { DetailsList } from '@kalike/shared/ui/details-list';
import { FormFailure } from '@kalike/shared/ui/form/field-error';
import { TextAreaField } from '@kalike/shared/ui/form/registered-fields';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';
import { stack, wrapRow } from '@kalike/shared/ui/layout-styles';
import { subsectionHeading } from '@kalike/shared/ui/text-styles';

import { useDecidePayoutAccount } from '../api/admin-payouts';

/** An admin's reason, as the API takes it: 3 to 500 characters. */
function reasonProblem(reason: string): string | null {
  const length = [...reason.trim()].length;
  if (length < 3) return 'Say why, in a few words: it is kept on the audit trail';
  if (length > 500) return 'A reason can be at most 500 characters';
  return null;
}

const reasonCss = css({ minHeight: '4.5rem', resize: 'vertical', fontFamily: 'inherit', boxSizing: 'border-box' });

/** One account held for review: both names side by side, and approve or reject with a reason. */
export function PayoutReviewItem({ review, onDecided }: { review: AdminPayoutReview; onDecided: (message: string) => void }) {
  const decide = useDecidePayoutAccount();
  const { form, register, errors } = useCheckedForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const headingId = `payout-review-${review.teacherId}`;
  const rows: Array<readonly [string, string]> = [
    ['Name on Kalike', review.teacherName],
    ['Name at the bank', review.nameAtBank ?? 'The bank gave no name'],
    ...(review.holderName ? ([['Name typed', review.holderName]] as const) : []),
    ['Account', review.destination],
    ['Changed', formatInstantLong(review.changedAt)],
  ];
  const submit = (decision: 'approve' | 'reject') =>
    form.handleSubmit((values) =>
      // A decided account leaves the queue, unmounting this item: the message is passed up first.
      decide.mutateAsync({ teacherId: review.teacherId, body: { decision, reason: values.reason.trim() } }).then(
        () => onDecided(decision === 'approve' ? `${review.teacherName}'s payout account approved` : `${review.teacherName}'s payout account rejected`),
        () => undefined,
      ),
    );

  return (
    <li>
      <Card as="article" aria-labelledby={headingId} css={stack[3]}>
        <h3 id={headingId} css={subsectionHeading}>
          {review.teacherName}: {review.destination}
        </h3>
        <DetailsList rows={rows} />
        <form css={stack[2]} noValidate onSubmit={(event) => event.preventDefault()} aria-label={`Decide ${review.teacherName}'s payout account`}>
          <TextAreaField
            label="Reason"
            hint="Kept on the audit trail; on a rejection the teacher reads it."
            error={errors.reason?.message}
            css={reasonCss}
            registration={register('reason', { validate: (value) => reasonProblem(value) ?? true })}
          />
          <div css={wrapRow}>
            <Button type="button" disabled={decide.isPending} onClick={(event) => void submit('approve')(event)}>
              Approve the account
            </Button>
            <Button type="button" variant="secondary" disabled={decide.isPending} onClick={(event) => void submit('reject')(event)}>
              Reject the account
            </Button>
          </div>
        </form>
        <FormFailure id={`${headingId}-failure`} message={decide.isError ? readableErrorMessage(decide.error) : null} />
      </Card>
    </li>
  );
}
