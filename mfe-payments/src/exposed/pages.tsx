import { lazy } from 'react';
import { definePages } from '@kalike/shared/federation/define-pages';

const PaymentRequestPage = lazy(() => import('../routes/payment-request-page'));

/** The payments remote's public surface: the pages the shell may mount. */
export const { pages } = definePages('mfe_payments', {
  'payment-request': PaymentRequestPage,
});
