import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { BatchStudentPlan } from '@kalike/shared/contracts/payments';
import { formatPaise } from '@kalike/shared/format/money';
import { rootKeys } from '@kalike/shared/query/query-keys';
import * as paths from '@kalike/shared/routing/paths';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { ActionRow } from '../components/action-row';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { PageLoading } from '@kalike/shared/ui/page-loading';
import { confirmPlanChange, usePlanChangePreview } from '../features/change-plan/api/change-plan';
import { PlanChangePreview } from '../features/change-plan/components/plan-change-preview';
import { CheckoutProblem } from '../features/checkout/components/checkout-problem';
import { CheckoutReturn } from '../features/checkout/components/checkout-return';
import { PayButton } from '../features/checkout/components/pay-button';
import { useCheckout } from '../features/checkout/hooks/use-checkout';
import { checkoutSlots, forgetAttemptOfOrder } from '../features/checkout/utils/checkout-attempts';
import { checkoutReturnPath, readGatewayReturn, withoutGatewayParams } from '../features/checkout/utils/gateway-return';
import { useClassPackOptions } from '../features/class-packs/api/get-class-pack-options';
import { BatchStudentSummaryCard } from '../features/class-packs/components/batch-summary';
import { ClassPackBalance, QueuedPackBalance } from '../features/class-packs/components/class-pack-balance';
import { PlanChoice } from '../features/class-packs/components/plan-choice';
import { isUuid } from '@kalike/shared/domain/uuid';
import { stack } from '@kalike/shared/ui/layout-styles';
import { mutedText } from '@kalike/shared/ui/text-styles';
import { readRefParams, refLinkParams } from '../utils/ref-params';
import { BatchStudentGate } from '../components/batch-student-gate';
import { LoadFailure } from '../components/load-failure';
import { usePaymentFlow } from '../hooks/payment-flow';

function Changed({ classPack }: { classPack: BatchStudentPlan }) {
  return (
    <div css={stack[5]}>
      <StatusMessage title="Your class pack is changed">Your credit covered the new pack, so there was nothing to pay.</StatusMessage>
      <ClassPackBalance classPack={classPack} />
      <ActionRow>
        <LinkButton to={paths.classes()}>Go to My Classes</LinkButton>
      </ActionRow>
    </div>
  );
}

/** The preview for the chosen plan, then the confirmation: it pays the difference or takes effect at once. */
function ConfirmChange({ batchStudentId, planId, onChanged }: { batchStudentId: string; planId: string; onChanged: (classPack: BatchStudentPlan) => void }) {
  const flow = usePaymentFlow();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const refs = useMemo(() => readRefParams(new URLSearchParams(search.toString())), [search]);
  const preview = usePlanChangePreview(batchStudentId, planId);
  const toReceipt = useCallback(
    (orderId: string) => navigate(flow.step('payment-success', batchStudentId, { orderId, ...refLinkParams(refs) }), { replace: true }),
    [navigate, flow, batchStudentId, refs],
  );
  const checkout = useCheckout({
    slot: checkoutSlots.changePlan(batchStudentId, planId),
    createOrder: async (key) => {
      const result = await confirmPlanChange(batchStudentId, planId, key);
      if (result.order) return result.order;
      if (result.classPack) onChanged(result.classPack);
      return null;
    },
    returnPath: (orderId) => checkoutReturnPath(pathname, search, orderId),
    onAlreadyPaid: (orderId) => orderId && toReceipt(orderId),
    onNoPayment: () => void queryClient.invalidateQueries({ queryKey: rootKeys.payments }),
    refs,
  });

  if (preview.isPending) return <PageLoading label="Working out the change" rows={1} rowHeight="10rem" />;
  if (preview.isError) {
    return (
      <StatusMessage tone="error" title="The change could not be worked out" action={{ label: 'Try again', onClick: () => void preview.refetch() }}>
        {readableErrorMessage(preview.error)}
      </StatusMessage>
    );
  }
  const due = preview.data.price.totalPaise;
  return (
    <div css={stack[3]}>
      <PlanChangePreview preview={preview.data} />
      {checkout.problem && <CheckoutProblem problem={checkout.problem} />}
      <PayButton
        label={due > 0 ? `Confirm and pay ${formatPaise(due)}` : 'Confirm the change'}
        pending={checkout.pending}
        onPay={() => void checkout.pay({ fresh: checkout.problem?.kind === 'start-again' })}
      />
    </div>
  );
}

function ChangePlan({ batchStudentId }: { batchStudentId: string }) {
  const flow = usePaymentFlow();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const searchText = search.toString();
  const gatewayReturn = useMemo(() => readGatewayReturn(new URLSearchParams(searchText)), [searchText]);
  const refs = useMemo(() => readRefParams(new URLSearchParams(searchText)), [searchText]);
  const orderId = search.get('orderId');
  const options = useClassPackOptions(batchStudentId);
  const planId = search.get('planId');
  const [changed, setChanged] = useState<BatchStudentPlan | null>(null);
  const toReceipt = useCallback(
    (paidOrderId: string) => navigate(flow.step('payment-success', batchStudentId, { orderId: paidOrderId, ...refLinkParams(refs) }), { replace: true }),
    [navigate, flow, batchStudentId, refs],
  );

  if (gatewayReturn) {
    // Trying again goes back through the preview: the credit may have changed since.
    const retry = (fresh: boolean) => {
      if (fresh && isUuid(orderId)) forgetAttemptOfOrder(orderId);
      setSearch((previous) => {
        const next = withoutGatewayParams(previous);
        next.delete('orderId');
        return next;
      });
    };
    return (
      <CheckoutReturn
        orderId={isUuid(orderId) ? orderId : null}
        gatewayReturn={gatewayReturn}
        purpose="change_plan"
        refs={refs}
        onPaid={toReceipt}
        onRetry={retry}
        retrying={false}
      />
    );
  }
  if (changed) return <Changed classPack={changed} />;
  if (options.isPending) return <PageLoading label="Loading your class packs" rows={4} />;
  if (options.isError) return <LoadFailure error={options.error} title="Your class packs could not be loaded" onRetry={() => void options.refetch()} />;
  const { currentPlan, plans, batchStudent } = options.data;
  if (!currentPlan || currentPlan.status !== 'active') {
    return (
      <StatusMessage title="There is no class pack to change yet">
        <p>
          <Link to={flow.step('select-payment-plan', batchStudentId)}>Choose a class pack</Link>
        </p>
      </StatusMessage>
    );
  }
  const others = plans.filter((plan) => plan.id !== currentPlan.plan.id);
  const chosen = others.find((plan) => plan.id === planId) ?? null;
  const { queuedPlans, planChange } = options.data;
  return (
    <div css={stack[5]}>
      <BatchStudentSummaryCard batchStudent={batchStudent} />
      <ClassPackBalance classPack={currentPlan} title="Your current pack" />
      {queuedPlans.map((queued) => (
        <QueuedPackBalance key={queued.id} classPack={queued} />
      ))}
      {!planChange.allowed ? (
        <StatusMessage title="The plan cannot be changed now">{planChange.message}</StatusMessage>
      ) : others.length === 0 ? (
        <StatusMessage title="No other class pack to change to">{batchStudent.teacher.name} offers only your current pack for this batch.</StatusMessage>
      ) : (
        <PlanChoice
          plans={others}
          selectedId={chosen?.id ?? null}
          legend="Change to"
          onSelect={(id) =>
            setSearch(
              (previous) => {
                const next = new URLSearchParams(previous);
                next.set('planId', id);
                return next;
              },
              { replace: true },
            )
          }
        />
      )}
      {!planChange.allowed ? null : chosen ? (
        <ConfirmChange key={chosen.id} batchStudentId={batchStudentId} planId={chosen.id} onChanged={setChanged} />
      ) : (
        others.length > 0 && <p css={mutedText}>Choose a pack to see the credit for your unused classes and what is left to pay, before anything changes.</p>
      )}
    </div>
  );
}

/** `/payments/change-plan?batchStudentID`: another pack, with the server's preview (credit, amount due) before confirming. */
export default function ChangePlanPage() {
  return (
    <PageColumn>
      <DocumentTitle>Change your class pack</DocumentTitle>
      <PageTitle>Change your class pack</PageTitle>
      <BatchStudentGate
        signInTitle="Sign in to change your class pack"
        signInReason="Class packs belong to your Kalike account. Sign in with the phone number you enrolled with; you come straight back here."
      >
        {(batchStudentId) => <ChangePlan batchStudentId={batchStudentId} />}
      </BatchStudentGate>
    </PageColumn>
  );
}
