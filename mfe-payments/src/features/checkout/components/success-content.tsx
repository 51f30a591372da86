import { useCallback, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { Receipt } from '@kalike/shared/contracts/payments';
import type { OrderPurpose } from '@kalike/shared/domain/payment-values';

import { CheckoutReturn } from './checkout-return';
import { forgetAttemptOfOrder } from '../utils/checkout-attempts';
import { readGatewayReturn, withoutGatewayParams } from '../utils/gateway-return';
import { readRefParams } from '../../../utils/ref-params';
import { OrderReceipt } from './order-receipt';

interface SuccessContentProps {
  orderId: string;
  purpose: OrderPurpose;
  retryTo: string | null;
  children?: (receipt: Receipt) => ReactNode;
}

/**
 * A success page: when the checkout came back here with its answer, verify it once and
 * drop the answer from the address (a reload then only reads the receipt); otherwise the
 * order's receipt, or where it stands.
 */
export function SuccessContent({ orderId, purpose, retryTo, children }: SuccessContentProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const searchText = search.toString();
  const gatewayReturn = useMemo(() => readGatewayReturn(new URLSearchParams(searchText)), [searchText]);
  const refs = useMemo(() => readRefParams(new URLSearchParams(searchText)), [searchText]);
  const showReceipt = useCallback(
    (paidOrderId: string) => {
      const params = withoutGatewayParams(new URLSearchParams(searchText));
      params.set('orderId', paidOrderId);
      navigate(`${pathname}?${params.toString()}`, { replace: true });
    },
    [navigate, pathname, searchText],
  );
  if (gatewayReturn) {
    return (
      <CheckoutReturn
        orderId={orderId}
        gatewayReturn={gatewayReturn}
        purpose={purpose}
        refs={refs}
        onPaid={showReceipt}
        onRetry={(fresh) => {
          // After a definite failure the page that pays makes a new order; after closing the window, the same one.
          if (fresh) forgetAttemptOfOrder(orderId);
          if (retryTo) navigate(retryTo);
        }}
        retrying={false}
      />
    );
  }
  return (
    <OrderReceipt orderId={orderId} retryTo={retryTo}>
      {children}
    </OrderReceipt>
  );
}
