import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentsConfig } from '../../config';
import { classPacksRoutes } from './class-packs/class-packs.routes';
import { createClassPacksService } from './class-packs/class-packs.service';
import { discountsRoutes } from './discounts/discounts.routes';
import { earningsRoutes } from './earnings/earnings.routes';
import { createEarningsRepository } from './earnings/earnings.repository';
import { createEarningsService } from './earnings/earnings.service';
import { configuredGateway } from './gateway/configured-gateway';
import type { PaymentGatewayAdapter } from './gateway/payment-gateway';
import type { SandboxGateway } from './gateway/sandbox-gateway';
import { sandboxCheckoutRoutes } from './gateway/sandbox-checkout.routes';
import { createSandboxWebhookDelivery, type SandboxWebhookDelivery } from './gateway/sandbox-webhooks';
import { batchJoinsRoutes } from './invitations/batch-joins.routes';
import { createBatchJoins } from './invitations/batch-joins.service';
import { invitationsRoutes } from './invitations/invitations.routes';
import { createInvitationsService } from './invitations/invitations.service';
import { ledgerRoutes } from './ledger/ledger.routes';
import { createCheckout } from './checkout/checkout';
import { createLedgerService, type LedgerService } from './ledger/ledger.service';
import type { ClassAccess, ClassStanding, GiveBackLostClassWithin, LapseWarningsPort, PaymentRequestsPort } from './payments.port';
import { createLapseWarnings } from './class-packs/lapse-warnings';
import { createLostClasses } from './class-packs/lost-classes';
import { linksRoutes } from './links/links.routes';
import { createLinksService } from './links/links.service';
import { ordersRoutes } from './orders/orders.routes';
import { createOrdersService, type OrdersService } from './orders/orders.service';
import { webhooksRoutes } from './orders/webhooks.routes';
import { createWebhooksService } from './orders/webhooks.service';
import { createPaymentsRepository } from './payments.repository';
import type { RefundSender } from './refunds/refund-sender';
import { createAccountClosing, type AccountClosing } from './refunds/account-closing';
import { createRefunds } from './refunds/refunds.service';
import { refundsRoutes } from './refunds/refunds.routes';
import { adminRefundsRoutes } from './refunds/admin-refunds.routes';
import { classNotHeldRoutes } from './refunds/class-not-held.routes';
import { requestsRoutes } from './requests/requests.routes';
import { createRequestsService } from './requests/requests.service';
import { createTeacherBatches } from './requests/teacher-batches';
import { createSettlement } from './settlement/settlement';
import { actionCodesOf } from '../auth/action-codes.port';
import { adminPayoutAccountsRoutes } from './payouts/admin-payout-accounts.routes';
import { payoutWebhooksRoutes } from './payouts/payout-webhooks.routes';
import type { PayoutProviderAdapter } from './payouts/payout-provider';
import { createPayoutsRepository } from './payouts/payouts.repository';
import { payoutsRoutes } from './payouts/payouts.routes';
import { createPayoutsService, type PayoutsService } from './payouts/payouts.service';
import { createRazorpayPayouts } from './payouts/razorpay-payouts';
import { createSandboxPayouts } from './payouts/sandbox-payouts';
import { createPaymentHistory } from './history/payment-history';
import { paymentHistoryRoutes } from './history/payment-history.routes';
import type { EnrolmentsPort } from '../enrolments/enrolments.port';
import type { EndScheduleWithin } from '../sessions/sessions.port';

export interface PaymentsRuntime {
  gateway: PaymentGatewayAdapter;
  /** Set while the sandbox is the gateway: signs like Razorpay, for its checkout and for tests. */
  sandbox: SandboxGateway | null;
  sandboxWebhooks: SandboxWebhookDelivery | null;
  orders: OrdersService;
  /** consumeClass for attendance: one class per batch student and session, from the ledger. */
  ledger: LedgerService;
  /** Who may have a batch's class link (a pack in use, or admitted by the teacher), and why not. */
  classAccess: (batchStudentIds: readonly string[]) => Promise<Map<string, ClassAccess>>;
  /** Where batch students stand with their packs and the ledger, for the teacher's register. */
  classStanding: (batchStudentIds: readonly string[]) => Promise<Map<string, ClassStanding>>;
  /** The background sweep: gives back the seats of holds that lapsed unpaid by `at`. */
  releaseLapsedHolds: (at: Date) => Promise<number>;
  /** Payouts to teachers: the weekly schedule and moving in-flight payouts on, for the background work. */
  payouts: PayoutsService;
  /** Teachers' payment requests: what a family has open, for My Updates. */
  requests: PaymentRequestsPort;
  /** Classes the teacher called off, given back to the families' packs (for sessions). */
  lostClasses: { giveBackWithin: GiveBackLostClassWithin };
  /** The week's warning before classes lapse: the background pass, and what My Updates shows. */
  lapseWarnings: LapseWarningsPort & { warnPass(): Promise<number> };
  /** Refunds to the original payment method: sends them, and the sweep that asks again about pending ones. */
  refunds: RefundSender;
  /** A family deleting its account: its packs refunded or forfeited by the refund rules, its open requests cancelled. */
  accountClosing: AccountClosing;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsRuntime;
  }
}

export interface PaymentsPluginOptions {
  config: PaymentsConfig;
  publicSiteUrl: string;
  enrolments: EnrolmentsPort;
  /** Sessions ends a batch's schedule when its teacher ends the batch. */
  endScheduleWithin: EndScheduleWithin;
}

/**
 * Orders, verification, webhooks, class packs, the ledger, discounts, links and requests, with
 * the gateway chosen by configuration: Razorpay when its keys are set, else the offline sandbox.
 */
export const paymentsPlugin = fp<PaymentsPluginOptions>(
  async (app: FastifyInstance, { config, publicSiteUrl, enrolments, endScheduleWithin }) => {
    const now = app.clock;
    const { gateway, sandbox } = configuredGateway(app, config);

    const repository = createPaymentsRepository(app.db, enrolments);
    const settlement = createSettlement({ now });
    const orders = createOrdersService({ repository, gateway, settlement, now, supplier: config.invoiceSupplier });
    // Every way of buying (a class pack, a plan change, a balance, a link, a request) goes through checkout.buy.
    const checkout = createCheckout({ repository, gateway, settlement, orders, now });
    const ledger = createLedgerService({ repository, checkout, now, enrolments });
    const classPacks = createClassPacksService({ repository, checkout, now });
    const webhooks = createWebhooksService({ repository, settlement, gateway, now });
    const links = createLinksService({ repository, checkout, now });
    const requests = createRequestsService({ repository, checkout, now });
    const teacherBatches = createTeacherBatches({ repository, now });
    const joins = createBatchJoins({ repository, now });
    const history = createPaymentHistory({ repository });
    const invitations = createInvitationsService({ repository, now, publicSiteUrl });
    const earnings = createEarningsService({ repository: createEarningsRepository(app.db), now, feeBasisPoints: config.kalikeFeeBasisPoints });
    const payoutProvider: PayoutProviderAdapter =
      config.razorpay && config.payouts.razorpayXAccountNumber
        ? createRazorpayPayouts({ ...config.razorpay, accountNumber: config.payouts.razorpayXAccountNumber })
        : createSandboxPayouts(app.db, { now, settleMs: config.payouts.sandboxSettleMs });
    const payouts = createPayoutsService({
      repository: createPayoutsRepository(app.db),
      provider: payoutProvider,
      actionCodes: actionCodesOf(app.db, app.auth),
      now,
      feeBasisPoints: config.kalikeFeeBasisPoints,
      config: config.payouts,
      log: app.log,
    });
    const refunds = createRefunds({ repository, gateway, now, supplier: config.invoiceSupplier, endScheduleWithin });
    const sandboxWebhooks = sandbox ? createSandboxWebhookDelivery(app, sandbox, config.sandboxWebhookDelayMs) : null;
    if (sandboxWebhooks) app.addHook('preClose', async () => sandboxWebhooks.close());

    app.decorate('payments', {
      gateway,
      sandbox,
      sandboxWebhooks,
      orders,
      ledger,
      classAccess: (ids) => classPacks.classAccess(ids),
      classStanding: (ids) => ledger.standings(ids),
      releaseLapsedHolds: (at) => enrolments.releaseLapsedHolds(at),
      payouts,
      requests,
      lostClasses: createLostClasses({ enrolments, now }),
      lapseWarnings: createLapseWarnings({ repository, now }),
      refunds: refunds.sender,
      accountClosing: createAccountClosing({ enrolments, sender: refunds.sender, now }),
    });

    await app.register(async (scope) => {
      // Money and names: never stored by browsers or shared caches.
      scope.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      await scope.register(ordersRoutes, { orders });
      await scope.register(webhooksRoutes, { webhooks });
      await scope.register(classPacksRoutes, { classPacks });
      await scope.register(refundsRoutes, { refunds });
      await scope.register(classNotHeldRoutes, { classNotHeld: refunds.classNotHeld });
      await scope.register(adminRefundsRoutes, { adminRefunds: refunds.adminRefunds, adminReports: refunds.adminReports });
      await scope.register(discountsRoutes, { classPacks });
      await scope.register(ledgerRoutes, { ledger });
      await scope.register(linksRoutes, { links });
      await scope.register(requestsRoutes, { requests, teacherBatches });
      await scope.register(batchJoinsRoutes, { joins });
      await scope.register(invitationsRoutes, { invitations });
      await scope.register(earningsRoutes, { earnings });
      await scope.register(payoutsRoutes, { payouts });
      await scope.register(adminPayoutAccountsRoutes, { admin: payouts.admin });
      await scope.register(paymentHistoryRoutes, { history });
      if (payoutProvider.name === 'razorpay' && config.razorpay) {
        await scope.register(payoutWebhooksRoutes, { payouts, webhookSecret: config.razorpay.webhookSecret });
      }
      if (sandbox && sandboxWebhooks) await scope.register(sandboxCheckoutRoutes, { repository, gateway: sandbox, webhooks: sandboxWebhooks, now });
    });
  },
  { name: 'payments', dependencies: ['db', 'auth'] },
);
