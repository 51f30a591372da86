import { css } from '@emotion/react';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { definePages } from '@kalike/shared/federation/define-pages';
import type { RemotePageComponents } from '@kalike/shared/federation/remote-pages';

import { buildVersion } from './build-version';

// One chunk per page: a visit downloads only the page it opens. The old-payments routes,
// the thank-you page and the earlier payment-request link render the same pages.
const SelectPaymentPlanPage = lazy(() => import(/* webpackChunkName: "page-select-payment-plan" */ '../routes/select-payment-plan-page'));
const PayPage = lazy(() => import(/* webpackChunkName: "page-pay" */ '../routes/pay-page'));
const PaymentSuccessPage = lazy(() => import(/* webpackChunkName: "page-payment-success" */ '../routes/payment-success-page'));
const SettlePage = lazy(() => import(/* webpackChunkName: "page-settle" */ '../routes/settle-page'));
const ChangePlanPage = lazy(() => import(/* webpackChunkName: "page-change-plan" */ '../routes/change-plan-page'));
const CancelPackPage = lazy(() => import(/* webpackChunkName: "page-cancel-pack" */ '../routes/cancel-pack-page'));
const PayLinkPage = lazy(() => import(/* webpackChunkName: "page-pay-link" */ '../routes/pay-link-page'));
const PaymentRequestPage = lazy(() => import(/* webpackChunkName: "page-payment-request" */ '../routes/payment-request-page'));
const OrderSuccessPage = lazy(() => import(/* webpackChunkName: "page-order-success" */ '../routes/order-success-page'));
const TeachPaymentsPage = lazy(() => import(/* webpackChunkName: "page-teach-payments" */ '../routes/teach/payments-page'));
const TeachPayoutsPage = lazy(() => import(/* webpackChunkName: "page-teach-payouts" */ '../routes/teach/payouts-page'));
const TeachHomeMoney = lazy(() => import(/* webpackChunkName: "page-teach-home-money" */ '../routes/teach/home-money'));
const AccountPaymentsPage = lazy(() => import(/* webpackChunkName: "page-account-payments" */ '../routes/account-payments-page'));
const AdminRefundsPage = lazy(() => import(/* webpackChunkName: "page-admin-refunds" */ '../routes/admin-refunds-page'));
const AdminPayoutsPage = lazy(() => import(/* webpackChunkName: "page-admin-payouts" */ '../routes/admin-payouts-page'));
const CreditNotePage = lazy(() => import(/* webpackChunkName: "page-credit-note" */ '../routes/credit-note-page'));
const BatchPaymentRequestPage = lazy(() => import(/* webpackChunkName: "page-batch-payment-request" */ '../routes/batch-payment-request-page'));

const buildVersionStyle = css({ display: 'contents' });

/** Marks the page with this build's version, so a deploy (stable or candidate) can be told apart in the page. */
function versioned(Page: LazyExoticComponent<ComponentType>): ComponentType {
  const Versioned = () => (
    <div data-build-version={buildVersion} css={buildVersionStyle}>
      <Page />
    </div>
  );
  return Versioned;
}

/** Each page, versioned; the names stay the ones the shell routes to. */
function versionedPages<Name extends string>(pages: Record<Name, LazyExoticComponent<ComponentType>>): Record<Name, ComponentType> {
  const entries = Object.entries<LazyExoticComponent<ComponentType>>(pages).map(([name, Page]) => [name, versioned(Page)] as const);
  return Object.fromEntries(entries) as Record<Name, ComponentType>;
}

const raw = {
  'payments-select-payment-plan': SelectPaymentPlanPage,
  'payments-pay': PayPage,
  'payments-payment-success': PaymentSuccessPage,
  'payments-thank-you': PaymentSuccessPage,
  'payments-settle': SettlePage,
  'payments-change-plan': ChangePlanPage,
  'payments-cancel-pack': CancelPackPage,
  'old-payments-select-payment-plan': SelectPaymentPlanPage,
  'old-payments-pay': PayPage,
  'old-payments-settle': SettlePage,
  'old-payments-payment-success': PaymentSuccessPage,
  pay: PayLinkPage,
  'payment-request': PaymentRequestPage,
  'payment-success': OrderSuccessPage,
  'batch-payment-request': BatchPaymentRequestPage,
  'old-batch-payment-request': PaymentRequestPage,
  'teach-payments': TeachPaymentsPage,
  'teach-home-money': TeachHomeMoney,
  'teach-payouts': TeachPayoutsPage,
  'account-payments': AccountPaymentsPage,
  'admin-refunds': AdminRefundsPage,
  'admin-payouts': AdminPayoutsPage,
  'credit-note': CreditNotePage,
} satisfies RemotePageComponents<'mfe_payments'>;

/** The payments remote's public surface: the pages the shell may mount (shell/src/app/route-table.ts). */
export const { pages } = definePages('mfe_payments', versionedPages(raw));
