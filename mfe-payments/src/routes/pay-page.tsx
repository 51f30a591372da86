import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { CheckoutOrder, PlanOption } from '@kalike/shared/contracts/payments';
import { formatPaise } from '@kalike/shared/format/money';
import { isPayableOrder } from '@kalike/shared/domain/order-lifecycle';
import * as paths from '@kalike/shared/routing/paths';
import { Card } from '@kalike/shared/ui/card';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { PageLoading } from '@kalike/shared/ui/page-loading';
import { PriceBreakdown } from '../components/price-breakdown';
import { useBatchPaymentRequestFor } from '../features/batch-payment-requests/stores/batch-payment-request-store';
import { useOrder } from '../features/checkout/api/get-order';
import { CheckoutProblem } from '../features/checkout/components/checkout-problem';
import { CheckoutReturn } from '../features/checkout/components/checkout-return';
import { PayButton } from '../features/checkout/components/pay-button';
import { useCheckout } from '../features/checkout/hooks/use-checkout';
import { attemptFor, checkoutSlots } from '../features/checkout/utils/checkout-attempts';
import { endedOrderText } from '../features/checkout/utils/ended-order';
import { checkoutReturnPath, readGatewayReturn } from '../features/checkout/utils/gateway-return';
import { createClassPackOrder } from '../features/class-packs/api/create-class-pack-order';
import { useClassPackOptions } from '../features/class-packs/api/get-class-pack-options';
import { useCouponQuote } from '../features/class-packs/api/validate-coupon';
import { BatchStudentSummaryCard } from '../features/class-packs/components/batch-summary';
import { CodeOutcome } from '../features/class-packs/components/code-outcome';
import { couponFromUrl, referralFromUrl } from '../features/class-packs/utils/code-rules';
import { isUuid } from '@kalike/shared/domain/uuid';
import { stack } from '@kalike/shared/ui/layout-styles';
import { mutedText, noMargin, sectionHeading, smallMutedText } from '@kalike/shared/ui/text-styles';
import { readRefParams, refLinkParams } from '../utils/ref-params';
import { BatchStudentGate } from '../components/batch-student-gate';
import { LoadFailure } from '../components/load-failure';
import { usePaymentFlow } from '../hooks/payment-flow';

const gstNote = 'Prices include GST at 18% (9% CGST and 9% SGST). Your receipt lists the amounts.';

interface Price {
  /** What "Pay" will charge, when a server answer says it exactly. */
  amountPaise: number | null;
  view: ReactNode;
  /** The coupon no longer applies: the learner chooses again before paying. */
  blocked: boolean;
}

/**
 * The price to show before paying, always a server figure: the order's own breakdown when
 * this attempt already has an order, else the coupon quote, else the plan's own quote (with
 * the referral and the batch student's credit taken off).
 */
function usePrice(
  batchStudentId: string,
  plan: PlanOption | null,
  coupon: string | null,
  referral: string | null,
  openOrder: CheckoutOrder | null,
): Price | 'loading' {
  const quote = useCouponQuote(plan && coupon && !openOrder ? { batchStudentId, planId: plan.id, couponCode: coupon, referralCode: referral } : null);
  if (openOrder) {
    return { amountPaise: openOrder.amountPaise, blocked: false, view: <PriceBreakdown price={openOrder.price} baseLabel="Class pack price" /> };
  }
  if (!plan) return 'loading';
  if (coupon) {
    if (quote.isPending) return 'loading';
    if (quote.isError || !quote.data.valid) {
      return {
        amountPaise: null,
        blocked: true,
        view: <CodeOutcome valid={false} message={quote.isError ? readableErrorMessage(quote.error) : quote.data.message} />,
      };
    }
    return { amountPaise: quote.data.price.totalPaise, blocked: false, view: <PriceBreakdown price={quote.data.price} baseLabel="Class pack price" /> };
  }
  return {
    amountPaise: plan.price.totalPaise,
    blocked: false,
    view: (
      <div css={stack[2]}>
        <PriceBreakdown price={plan.price} baseLabel="Class pack price" />
        <p css={smallMutedText}>
          {plan.price.creditPaise > 0 && plan.price.totalPaise === 0 ? `Your credit pays for this pack; nothing is charged. ${gstNote}` : gstNote}
        </p>
      </div>
    ),
  };
}

function ClassPackPay({ batchStudentId }: { batchStudentId: string }) {
  const flow = usePaymentFlow();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const searchText = search.toString();
  const gatewayReturn = useMemo(() => readGatewayReturn(new URLSearchParams(searchText)), [searchText]);
  const refs = useMemo(() => readRefParams(new URLSearchParams(searchText)), [searchText]);
  const planId = search.get('planId');
  const coupon = couponFromUrl(search.get('coupon'));
  const referral = referralFromUrl(search.get('referral'));
  const urlOrderId = search.get('orderId');
  const slot = checkoutSlots.classPack(batchStudentId, planId ?? '', coupon, referral);
  // An order this attempt already made (a reload, Back from the gateway): show where it stands.
  const [earlierOrderId] = useState(() => attemptFor(slot)?.orderId ?? null);
  const returnOrderId = isUuid(urlOrderId) ? urlOrderId : null;
  const knownOrderId = gatewayReturn ? null : (returnOrderId ?? earlierOrderId);
  const [nothingToPay, setNothingToPay] = useState(false);
  const batchId = useBatchPaymentRequestFor(batchStudentId);

  const options = useClassPackOptions(batchStudentId, referral);
  const earlier = useOrder(knownOrderId);
  const toReceipt = useCallback(
    (orderId: string) => navigate(flow.step('payment-success', batchStudentId, { orderId, ...refLinkParams(refs) }), { replace: true }),
    [navigate, flow, batchStudentId, refs],
  );
  const checkout = useCheckout({
    slot,
    createOrder: (key) =>
      createClassPackOrder(batchStudentId, planId ?? '', { ...(coupon ? { couponCode: coupon } : {}), ...(referral ? { referralCode: referral } : {}) }, key),
    returnPath: (orderId) => checkoutReturnPath(pathname, search, orderId),
    onAlreadyPaid: (orderId) => (orderId ? toReceipt(orderId) : setNothingToPay(true)),
    refs,
  });
  const plan = options.data?.plans.find((option) => option.id === planId) ?? null;
  const openOrder = earlier.data && isPayableOrder(earlier.data.order.status) ? earlier.data.order : null;
  const price = usePrice(batchStudentId, plan, coupon, referral, openOrder);
  const chooseAgain = batchId
    ? paths.batchPaymentRequest(batchId)
    : flow.step('select-payment-plan', batchStudentId, {
        planId: planId ?? undefined,
        coupon: coupon ?? undefined,
        referral: referral ?? undefined,
        ...refLinkParams(refs),
      });

  if (gatewayReturn?.kind === 'success') {
    return (
      <CheckoutReturn
        orderId={returnOrderId}
        gatewayReturn={gatewayReturn}
        purpose="class_pack"
        refs={refs}
        onPaid={toReceipt}
        onRetry={(fresh) => void checkout.pay({ fresh })}
        retrying={checkout.pending}
      />
    );
  }
  if (!isUuid(planId)) {
    return (
      <StatusMessage title="Choose a class pack first">
        <p>
          <Link to={flow.step('select-payment-plan', batchStudentId)}>See the class packs</Link>
        </p>
      </StatusMessage>
    );
  }
  if (options.isPending || (knownOrderId && earlier.isPending)) return <PageLoading label="Loading your order" rows={3} />;
  if (options.isError) return <LoadFailure error={options.error} title="Your order could not be loaded" onRetry={() => void options.refetch()} />;
  if (!plan) {
    return (
      <StatusMessage title="This class pack is no longer offered">
        <p>
          <Link to={flow.step('select-payment-plan', batchStudentId)}>Choose another class pack</Link>
        </p>
      </StatusMessage>
    );
  }
  const paidOrderId = earlier.data?.order.status === 'paid' ? earlier.data.order.orderId : null;
  if (paidOrderId) {
    return (
      <StatusMessage title="You have paid for this already" action={{ label: 'See the receipt', onClick: () => toReceipt(paidOrderId) }}>
        You will not be charged again.
      </StatusMessage>
    );
  }
  if (nothingToPay || checkout.problem?.kind === 'nothing-to-pay' || checkout.problem?.kind === 'already-paid') {
    return (
      <StatusMessage title="There is nothing to pay">
        <p>This class pack needs no payment now.</p>
        <p>
          <Link to={paths.classes()}>Go to My Classes</Link>
        </p>
      </StatusMessage>
    );
  }

  const earlierEnded = earlier.data?.order.status === 'expired' ? endedOrderText(earlier.data.order) : null;
  const earlierExpired = earlierEnded !== null;
  const payLabel =
    price === 'loading' || price.amountPaise === null
      ? 'Continue to payment'
      : price.amountPaise === 0
        ? 'Pay from my credit'
        : `Pay ${formatPaise(price.amountPaise)}`;
  return (
    <div css={stack[5]}>
      {gatewayReturn && (
        <CheckoutReturn
          orderId={returnOrderId}
          gatewayReturn={gatewayReturn}
          purpose="class_pack"
          refs={refs}
          onPaid={toReceipt}
          onRetry={(fresh) => void checkout.pay({ fresh })}
          retrying={checkout.pending}
        />
      )}
      <BatchStudentSummaryCard batchStudent={options.data.batchStudent} />
      <Card as="section" aria-labelledby="order-summary" css={stack[3]}>
        <h2 id="order-summary" css={sectionHeading}>
          {plan.name}
        </h2>
        <p css={mutedText}>
          {plan.classesCount} classes · valid for {plan.validityDays} days from the first payment · {formatPaise(plan.pricePerClassPaise)} per class
        </p>
        {price === 'loading' ? <PageLoading label="Checking the price" rows={1} rowHeight="6rem" /> : price.view}
      </Card>
      {earlierEnded && !gatewayReturn && (
        <p role="status" css={noMargin}>
          {earlierEnded.note}
        </p>
      )}
      {checkout.problem && <CheckoutProblem problem={checkout.problem} />}
      {!gatewayReturn && (
        <PayButton
          label={payLabel}
          pending={checkout.pending}
          disabled={price === 'loading' || price.blocked}
          onPay={() => void checkout.pay({ fresh: earlierExpired || checkout.problem?.kind === 'start-again' })}
        />
      )}
      <p css={smallMutedText}>You pay on a secure payment page and come back here. Tapping twice never pays twice.</p>
      <Link to={chooseAgain}>Change the class pack or codes</Link>
    </div>
  );
}

/** `/payments/pay` (and `/old-payments/pay`): the order summary, "Pay", and the return from the checkout. */
export default function PayPage() {
  return (
    <PageColumn>
      <DocumentTitle>Pay for your class pack</DocumentTitle>
      <PageTitle>Pay for your class pack</PageTitle>
      <BatchStudentGate
        signInTitle="Sign in to pay"
        signInReason="Payments are made from your Kalike account, so the receipt and the classes land in one place. Sign in with the phone number you enrolled with; you come straight back to this order."
      >
        {(batchStudentId) => <ClassPackPay batchStudentId={batchStudentId} />}
      </BatchStudentGate>
    </PageColumn>
  );
}
