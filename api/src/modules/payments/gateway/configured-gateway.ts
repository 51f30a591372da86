import type { FastifyInstance } from 'fastify';
import type { PaymentsConfig } from '../../../config';
import { persistedSecret } from '../../../shared/persisted-secret';
import type { PaymentGatewayAdapter } from './payment-gateway';
import { createRazorpayGateway } from './razorpay-gateway';
import { createSandboxGateway, type SandboxGateway } from './sandbox-gateway';
import { createSandboxRefunds } from './sandbox-refunds';

const SANDBOX_SECRET_NAME = 'payments-sandbox';

/**
 * The gateway chosen by configuration: Razorpay when its keys are set, else the offline sandbox
 * (then also returned as `sandbox`, which signs like Razorpay for its checkout and for tests).
 */
export function configuredGateway(app: FastifyInstance, config: PaymentsConfig): { gateway: PaymentGatewayAdapter; sandbox: SandboxGateway | null } {
  if (config.razorpay) return { gateway: createRazorpayGateway(config.razorpay), sandbox: null };
  let sandboxSecret: string | undefined = config.sandboxSecret;
  const sandbox = createSandboxGateway(
    () => {
      if (!sandboxSecret) throw new Error('The sandbox secret is used before the app is ready');
      return sandboxSecret;
    },
    createSandboxRefunds(() => app.db, app.clock),
  );
  if (!sandboxSecret) {
    // Like the auth dev secret: generated once and kept in the embedded database.
    app.addHook('onReady', async () => {
      sandboxSecret = await persistedSecret(app.db, SANDBOX_SECRET_NAME);
    });
  }
  return { gateway: sandbox, sandbox };
}
