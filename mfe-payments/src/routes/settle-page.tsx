import { useCallback, useMemo } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { formatPaise } from '@kalike/shared/format/money';
import * as paths from '@kalike/shared/routing/paths';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { paymentKeys } from '../api/payment-keys';
import { PageLoading } from '@kalike/shared/ui/page-loading';
import { CheckoutProblem } from '../features/checkout/components/checkout-problem';
import { CheckoutReturn } from '../features/checkout/components/checkout-return';
import { PayButton } from '../features/checkout/components/pay-button';
import { useCheckout } from '../features/checkout/hooks/use-checkout';
import { checkoutSlots } from '../features/checkout/utils/checkout-attempts';
import { checkoutReturnPath, readGatewayReturn } from '../features/checkout/utils/gateway-return';
import { createLedgerPayment } from '../features/settlement/api/create-ledger-payment';
import { createSettlementOrder } from '../features/settlement/api/create-settlement-order';
import { useSettlement } from '../features/settlement/api/get-settlement';
import { SettlementLines } from '../features/settlement/components/settlement-lines';
import { isUuid } from '@kalike/shared/domain/uuid';
import { stack } from '@kalike/shared/ui/layout-styles';
import { mutedText } from '@kalike/shared/ui/text-styles';
import { readRefParams, refLinkParams } from '../utils/ref-params';
import { BatchStudentGate } from '../components/batch-student-gate';
import { LoadFailure } from '../components/load-failure';
import { usePaymentFlow } from '../hooks/payment-flow';

function NothingToSettle({ creditPaise }: { creditPaise: number }) {
  return (
    <StatusMessage title="Nothing to settle">
      <p>You owe nothing for this class.{creditPaise > 0 ? ` You have ${formatPaise(creditPaise)} in credit; it counts towards your next class pack.` : ''}</p>
      <p>
        <Link to={paths.classes()}>Go to My Classes</Link>
      </p>
    </StatusMessage>
  );
}

function Settle({ batchStudentId }: { batchStudentId: string }) {
  const flow = usePaymentFlow();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const searchText = search.toString();
  const gatewayReturn = useMemo(() => readGatewayReturn(new URLSearchParams(searchText)), [searchText]);
  const refs = useMemo(() => readRefParams(new URLSearchParams(searchText)), [searchText]);
  const orderId = search.get('orderId');
  const settlement = useSettlement(batchStudentId);
  const toReceipt = useCallback(
    (paidOrderId: string) => navigate(flow.step('payment-success', batchStudentId, { orderId: paidOrderId, ...refLinkParams(refs) }), { replace: true }),
    [navigate, flow, batchStudentId, refs],
  );
  const checkout = useCheckout({
    slot: checkoutSlots.settlement(batchStudentId),
    // The ledger's own payment call; links of the earlier flow keep the settlement call they were made with.
    createOrder: (key) => (flow.old ? createSettlementOrder : createLedgerPayment)(batchStudentId, key),
    returnPath: (id) => checkoutReturnPath(pathname, search, id),
    onAlreadyPaid: (id) => (id ? toReceipt(id) : void queryClient.invalidateQueries({ queryKey: paymentKeys.learner.settlement(batchStudentId) })),
    refs,
  });

  if (gatewayReturn?.kind === 'success') {
    return (
      <CheckoutReturn
        orderId={isUuid(orderId) ? orderId : null}
        gatewayReturn={gatewayReturn}
        purpose="settlement"
        refs={refs}
        onPaid={toReceipt}
        onRetry={(fresh) => void checkout.pay({ fresh })}
        retrying={checkout.pending}
      />
    );
  }
  if (settlement.isPending) return <PageLoading label="Loading what is due" rows={3} />;
  if (settlement.isError) return <LoadFailure error={settlement.error} title="What is due could not be loaded" onRetry={() => void settlement.refetch()} />;
  const { owedPaise, creditPaise } = settlement.data;
  if (owedPaise === 0 || checkout.problem?.kind === 'nothing-to-pay') return <NothingToSettle creditPaise={creditPaise} />;
  return (
    <div css={stack[5]}>
      {gatewayReturn && (
        <CheckoutReturn
          orderId={isUuid(orderId) ? orderId : null}
          gatewayReturn={gatewayReturn}
          purpose="settlement"
          refs={refs}
          onPaid={toReceipt}
          onRetry={(fresh) => void checkout.pay({ fresh })}
          retrying={checkout.pending}
        />
      )}
      <p css={mutedText}>What is due for this class, as Kalike's records of your classes and payments have it.</p>
      <SettlementLines settlement={settlement.data} />
      {checkout.problem && <CheckoutProblem problem={checkout.problem} />}
      {!gatewayReturn && (
        <PayButton
          label={`Pay ${formatPaise(owedPaise)}`}
          pending={checkout.pending}
          onPay={() => void checkout.pay({ fresh: checkout.problem?.kind === 'start-again' })}
        />
      )}
    </div>
  );
}

/** `/payments/settle?batchStudentID` (and `/old-payments/settle`): what is owed, line by line, and paying it. */
export default function SettlePage() {
  return (
    <PageColumn>
      <DocumentTitle>Settle your balance</DocumentTitle>
      <PageTitle>Settle your balance</PageTitle>
      <BatchStudentGate
        signInTitle="Sign in to settle your balance"
        signInReason="Balances belong to your Kalike account. Sign in with the phone number you enrolled with; you come straight back here."
      >
        {(batchStudentId) => <Settle batchStudentId={batchStudentId} />}
      </BatchStudentGate>
    </PageColumn>
  );
}
