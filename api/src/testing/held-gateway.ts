import type { FastifyInstance } from 'fastify';
import type { CreateGatewayOrder, PaymentGatewayAdapter } from '../modules/payments/gateway/payment-gateway';

export interface HeldGateway {
  /** How many gateway orders were asked for so far. */
  readonly calls: number;
  /** Lets every held call (and every later one) through to the gateway. */
  release(): void;
  /** The next call fails with `error` instead of reaching the gateway. */
  failNext(error: Error): void;
  /** Puts the gateway back as it was, releasing anything still held. */
  restore(): void;
}

/**
 * Makes the app's payment gateway (the sandbox in tests) as slow as a gateway can be: every
 * order it is asked for waits until the test releases it, so a test can look at the API while
 * gateway calls are in flight.
 */
export function holdGatewayOrders(app: FastifyInstance): HeldGateway {
  const gateway: PaymentGatewayAdapter = app.payments.gateway;
  const original = gateway.createOrder;
  let open: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    open = resolve;
  });
  let calls = 0;
  let failure: Error | null = null;
  gateway.createOrder = async (input: CreateGatewayOrder) => {
    calls += 1;
    if (failure) {
      const error = failure;
      failure = null;
      throw error;
    }
    await released;
    return original.call(gateway, input);
  };
  return {
    get calls() {
      return calls;
    },
    release: () => open(),
    failNext: (error) => {
      failure = error;
    },
    restore: () => {
      gateway.createOrder = original;
      open();
    },
  };
}

/** Polls until `condition` holds; fails with `what` after `timeoutMs`. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
