import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { isApiError, readableErrorMessage } from '@kalike/shared/api/api-error';
import { newIdempotencyKey } from '@kalike/shared/api/idempotency-key';
import type { CancellationQuote, CancelPackBody, RefundMethod } from '@kalike/shared/contracts/refunds';
import { refundPolicyRules } from '@kalike/shared/domain/refund-policy';
import { isUuid } from '@kalike/shared/domain/uuid';
import { formatCalendarDate } from '@kalike/shared/format/dates';
import { formatPaiseExact } from '@kalike/shared/format/money';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { DetailsList } from '@kalike/shared/ui/details-list';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { FieldGroup } from '@kalike/shared/ui/form/field';
import { FormFailure } from '@kalike/shared/ui/form/field-error';
import { RadioOption } from '@kalike/shared/ui/form/radio-option';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';
import { stack } from '@kalike/shared/ui/layout-styles';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { PageLoading } from '@kalike/shared/ui/page-loading';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { amountText, mutedText, sectionHeading } from '@kalike/shared/ui/text-styles';

import { ActionRow } from '../components/action-row';
import { LoadFailure } from '../components/load-failure';
import { useCancellationQuote, useCancelPack } from '../features/cancel-pack/api/cancel-pack';
import { RefundResult } from '../features/cancel-pack/components/refund-result';

function QuoteCard({ quote }: { quote: CancellationQuote }) {
  return (
    <Card as="section" aria-labelledby="what-comes-back" css={stack[3]}>
      <h2 id="what-comes-back" css={sectionHeading}>
        What comes back
      </h2>
      <p css={amountText}>{formatPaiseExact(quote.amountPaise)}</p>
      <p>{quote.reason}.</p>
      <DetailsList
        rows={[
          ['Class pack', `${quote.planName} for ${quote.studentName} with ${quote.teacherName}`],
          ['Paid', `${formatPaiseExact(quote.paidPaise)} on ${formatCalendarDate(quote.paidOn)}`],
          ['Classes used', `${quote.classesUsed} of ${quote.classesTotal}`],
          ['Classes cancelled', String(quote.classes)],
        ]}
      />
      {quote.wholePackUntil && <p css={mutedText}>The whole pack comes back if you cancel by {formatCalendarDate(quote.wholePackUntil)}.</p>}
    </Card>
  );
}

interface CancelValues {
  method: RefundMethod | '';
}

/** The choice of how the money comes back, then the confirmation for exactly the amount shown. */
function CancelForm({ quote, onDone }: { quote: CancellationQuote; onDone: ReturnType<typeof useCancelPack> }) {
  const errorId = useId();
  // One key per confirmed body: a retry of the same confirmation never refunds twice.
  const [keys] = useState(() => new Map<string, string>());
  const { form, register, errors } = useCheckedForm<CancelValues, CancelPackBody>({
    defaultValues: { method: quote.originalMethodPaise > 0 ? '' : 'credit' },
    check: (values) =>
      values.method ? { body: { method: values.method, expectedAmountPaise: quote.amountPaise } } : { errors: { method: 'Choose how the money comes back.' } },
  });
  const submit = form.handleSubmit((body) => {
    const slot = `${body.method}:${body.expectedAmountPaise}`;
    const key = keys.get(slot) ?? newIdempotencyKey();
    keys.set(slot, key);
    onDone.mutate({ body, key });
  });
  const problem = errors.method?.message ?? (onDone.isError ? readableErrorMessage(onDone.error) : null);
  const changed = isApiError(onDone.error) && onDone.error.code === 'REFUND_AMOUNT_CHANGED';
  return (
    <form css={stack[4]} onSubmit={(event) => void submit(event)} noValidate aria-describedby={problem ? errorId : undefined}>
      <FieldGroup legend="How should the money come back?">
        {quote.originalMethodPaise > 0 && (
          <RadioOption
            roomy
            value="original"
            title="To my payment method"
            detail={
              quote.creditPaise > 0
                ? `${formatPaiseExact(quote.originalMethodPaise)} to the card, UPI or bank that paid (5–7 working days); ${formatPaiseExact(quote.creditPaise)} paid with credit comes back as credit.`
                : 'To the card, UPI or bank that paid; banks usually take 5–7 working days.'
            }
            {...register('method')}
          />
        )}
        <RadioOption
          roomy
          value="credit"
          title="As Kalike credit"
          detail="At once; it pays for your next class pack with this teacher."
          {...register('method')}
        />
      </FieldGroup>
      {problem && <FormFailure id={errorId} message={changed ? `${problem} The amount above is the new one.` : problem} />}
      <ActionRow>
        <Button type="submit" disabled={onDone.isPending}>
          {onDone.isPending ? 'Cancelling…' : `Cancel the pack and get back ${formatPaiseExact(quote.amountPaise)}`}
        </Button>
        <LinkButton to={paths.classes()} variant="secondary">
          Keep the pack
        </LinkButton>
      </ActionRow>
    </form>
  );
}

function Policy() {
  return (
    <details>
      <summary>How refunds work</summary>
      <ul css={stack[2]}>
        {refundPolicyRules.map(({ rule, text }) => (
          <li key={rule} css={mutedText}>
            {text}
          </li>
        ))}
      </ul>
    </details>
  );
}

function CancelPack({ packId }: { packId: string }) {
  const quote = useCancellationQuote(packId);
  const cancel = useCancelPack(packId);
  if (cancel.isSuccess) {
    return (
      <div css={stack[5]}>
        <StatusMessage title="Your class pack is cancelled">Here is what comes back. We have also sent it to you by text.</StatusMessage>
        {cancel.data.refunds.map((refund) => (
          <RefundResult key={refund.id} refund={refund} />
        ))}
        <ActionRow>
          <LinkButton to={paths.classes()}>Go to My Classes</LinkButton>
        </ActionRow>
      </div>
    );
  }
  if (quote.isPending) return <PageLoading label="Working out your refund" rows={2} />;
  if (quote.isError) return <LoadFailure error={quote.error} title="Your refund could not be worked out" onRetry={() => void quote.refetch()} />;
  return (
    <div css={stack[5]}>
      <QuoteCard quote={quote.data} />
      {quote.data.cancellable ? (
        <CancelForm key={quote.data.amountPaise} quote={quote.data} onDone={cancel} />
      ) : (
        <StatusMessage title="This pack cannot be cancelled for a refund">There is nothing left of it to give back.</StatusMessage>
      )}
      <Policy />
    </div>
  );
}

/** `/payments/cancel-pack/:packId`: what cancelling a pack gives back under the policy, the choice of how, then the refund and its credit note. */
export default function CancelPackPage() {
  const { packId = '' } = useParams();
  return (
    <PageColumn>
      <DocumentTitle>Cancel a class pack</DocumentTitle>
      <PageTitle>Cancel a class pack</PageTitle>
      {isUuid(packId) ? (
        <CancelPack packId={packId} />
      ) : (
        <StatusMessage tone="error" title="This link is not complete">
          Open the pack from My Classes and choose Cancel.
        </StatusMessage>
      )}
    </PageColumn>
  );
}
