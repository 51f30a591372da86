import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { css } from '@emotion/react';
import { formatCalendarDate } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { Button } from '@kalike/shared/ui/button';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { PageLoading } from '@kalike/shared/ui/page-loading';
import { fullWidth, stack } from '@kalike/shared/ui/layout-styles';
import { noMargin } from '@kalike/shared/ui/text-styles';
import { colors, space, radius } from '@kalike/shared/ui/theme';
import { PriceBreakdown } from '../../../components/price-breakdown';
import { useClassPackOptions } from '../api/get-class-pack-options';
import { useCouponQuote } from '../api/validate-coupon';
import { BatchStudentSummaryCard } from './batch-summary';
import { ClassPackBalance, QueuedPackBalance } from './class-pack-balance';
import { CodeField } from './code-field';
import { CodeOutcome } from './code-outcome';
import { PlanChoice } from './plan-choice';
import { checkCouponCode, checkReferralCode, couponFromUrl, referralFromUrl } from '../utils/code-rules';
import { LoadFailure } from '../../../components/load-failure';
import { usePaymentFlow } from '../../../hooks/payment-flow';

export interface PlanChoiceResult {
  planId: string;
  coupon: string | null;
  referral: string | null;
}

const creditNoteStyle = css({ margin: 0, padding: space(3), borderRadius: radius.medium, background: colors.brandSoft });

/**
 * Choosing what to pay for: the batch, the plans priced by the server, a referral code
 * (the plans are re-priced with it) and a coupon (the server quotes the price with it).
 * Choices live in the URL (`planId`, `coupon`, `referral`), so reload and Back keep them.
 */
export function PlanSelection({ batchStudentId, onContinue }: { batchStudentId: string; onContinue: (choice: PlanChoiceResult) => void }) {
  const flow = usePaymentFlow();
  const [search, setSearch] = useSearchParams();
  const [mustChoose, setMustChoose] = useState(false);
  const referral = referralFromUrl(search.get('referral'));
  const coupon = couponFromUrl(search.get('coupon'));
  const options = useClassPackOptions(batchStudentId, referral);
  const plans = options.data?.plans ?? [];
  const selected = plans.find((plan) => plan.id === search.get('planId')) ?? (plans.length === 1 ? plans[0]! : null);
  const referralCheck = options.data?.referral ?? null;
  const validReferral = referral && referralCheck?.valid && referralCheck.code.toUpperCase() === referral ? referral : null;
  const quote = useCouponQuote(
    selected && coupon && !options.isPlaceholderData ? { batchStudentId, planId: selected.id, couponCode: coupon, referralCode: validReferral } : null,
  );

  const update = (values: Record<string, string | null>) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(values)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );

  if (options.isPending) return <PageLoading label="Loading the class packs" rows={4} />;
  if (options.isError) return <LoadFailure error={options.error} title="The class packs could not be loaded" onRetry={() => void options.refetch()} />;

  const { batchStudent, currentPlan, creditPaise, queuedPlans, nextPack, planChange } = options.data;
  const continueToPay = () => {
    if (!selected) {
      setMustChoose(true);
      return;
    }
    onContinue({ planId: selected.id, coupon: coupon && quote.data?.valid ? coupon : null, referral: validReferral });
  };

  return (
    <div css={stack[5]}>
      <BatchStudentSummaryCard batchStudent={batchStudent} />
      {creditPaise > 0 && (
        <p role="note" css={creditNoteStyle}>
          {batchStudent.studentName ?? batchStudent.learnerName} has {formatPaise(creditPaise)} in credit. It pays towards the pack you choose; you pay only the
          rest.
        </p>
      )}
      {currentPlan && currentPlan.status === 'active' && (
        <div css={stack[2]}>
          <ClassPackBalance classPack={currentPlan} title="Your current pack" />
          {planChange.allowed && <Link to={flow.step('change-plan', batchStudentId)}>Change to another pack instead</Link>}
        </div>
      )}
      {queuedPlans.map((queued) => (
        <QueuedPackBalance key={queued.id} classPack={queued} />
      ))}
      {nextPack.allowed && currentPlan?.status === 'active' && nextPack.startsOn && (
        <p role="note" css={creditNoteStyle}>
          A pack bought now waits behind the current one and starts when it ends, by {formatCalendarDate(nextPack.startsOn)}. Its days count from then.
        </p>
      )}
      {!nextPack.allowed ? (
        <StatusMessage title="A pack is already waiting">{nextPack.message}</StatusMessage>
      ) : plans.length === 0 ? (
        <StatusMessage title="No class packs yet">
          {batchStudent.teacher.name} has not set up class packs for this batch yet. Ask them, or check again later.
        </StatusMessage>
      ) : (
        <>
          <PlanChoice
            plans={plans}
            selectedId={selected?.id ?? null}
            onSelect={(planId) => {
              setMustChoose(false);
              update({ planId });
            }}
            error={mustChoose ? 'Choose a class pack to continue.' : null}
          />
          <div css={stack[2]}>
            <CodeField
              label="Referral code"
              hint="From a friend who learns on Kalike (optional)"
              applied={referral}
              check={checkReferralCode}
              pending={options.isFetching}
              onApply={(code) => update({ referral: code })}
              onRemove={() => update({ referral: null })}
            />
            {referral && referralCheck && !options.isPlaceholderData && <CodeOutcome valid={referralCheck.valid} message={referralCheck.message} />}
          </div>
          <div css={stack[2]}>
            <CodeField
              label="Coupon code"
              applied={coupon}
              check={(code) => (selected ? checkCouponCode(code) : 'Choose a class pack first, then apply the coupon.')}
              pending={quote.isFetching}
              onApply={(code) => update({ coupon: code })}
              onRemove={() => update({ coupon: null })}
            />
            {coupon && selected && quote.isFetching && !quote.data && (
              <p role="status" css={noMargin}>
                Checking the coupon…
              </p>
            )}
            {coupon && quote.isError && <CodeOutcome valid={false} message={readableErrorMessage(quote.error)} />}
            {coupon && quote.data && <CodeOutcome valid={quote.data.valid} message={quote.data.message} />}
            {coupon && quote.data?.valid && <PriceBreakdown price={quote.data.price} baseLabel="Class pack price" label="Price with the coupon" />}
          </div>
          <Button type="button" onClick={continueToPay} disabled={Boolean(coupon && selected && quote.isFetching)} css={fullWidth}>
            Continue to pay
          </Button>
        </>
      )}
    </div>
  );
}
