import type { FastifyInstance } from 'fastify';
import { newSandboxEventId, type SandboxGateway } from './sandbox-gateway';

export interface SandboxPaymentEvent {
  event: 'payment.captured' | 'payment.failed';
  payment: {
    id: string;
    order_id: string;
    amount: number;
    status: 'captured' | 'failed';
    method: string;
    error_code: string | null;
    error_description: string | null;
  };
}

export interface SandboxWebhookDelivery {
  /** Delivers the event to our own webhook route after the configured delay, signed like Razorpay. */
  schedule(event: SandboxPaymentEvent): void;
  /** Resolves once every scheduled delivery has been made (tests wait on it). */
  idle(): Promise<void>;
  /** Drops deliveries not yet made; called when the app closes. */
  close(): void;
}

const ATTEMPTS = 3;

/**
 * The sandbox's webhook sender. It goes through the real route (app.inject) with the raw body
 * and signature a Razorpay delivery would carry, so the webhook path is exercised end to end,
 * and it is late on purpose: the webhook may land before or after the browser's verify.
 */
export function createSandboxWebhookDelivery(app: FastifyInstance, gateway: SandboxGateway, delayMs: number): SandboxWebhookDelivery {
  const pending = new Map<NodeJS.Timeout, () => void>();
  const running = new Set<Promise<void>>();
  let closed = false;

  async function deliver(event: SandboxPaymentEvent): Promise<void> {
    const raw = JSON.stringify({
      entity: 'event',
      account_id: 'acc_sandbox',
      event: event.event,
      contains: ['payment'],
      payload: { payment: { entity: { entity: 'payment', currency: 'INR', ...event.payment } } },
      created_at: Math.floor(Date.now() / 1000),
    });
    const headers = {
      'content-type': 'application/json',
      'x-razorpay-signature': gateway.signWebhook(raw),
      'x-razorpay-event-id': newSandboxEventId(),
    };
    for (let attempt = 1; attempt <= ATTEMPTS && !closed; attempt++) {
      try {
        const response = await app.inject({ method: 'POST', url: '/v1/payments/webhooks/sandbox', headers, payload: raw });
        if (response.statusCode < 300) return;
        app.log.warn({ statusCode: response.statusCode, attempt }, 'Sandbox webhook was refused');
      } catch (error) {
        app.log.warn({ err: error, attempt }, 'Sandbox webhook failed');
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }

  return {
    schedule(event) {
      if (closed) return;
      let finish: () => void = () => undefined;
      const done = new Promise<void>((resolve) => {
        finish = resolve;
      });
      running.add(done);
      void done.finally(() => running.delete(done));
      const timer = setTimeout(() => {
        pending.delete(timer);
        deliver(event).finally(finish);
      }, delayMs);
      timer.unref();
      pending.set(timer, finish);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    close() {
      closed = true;
      for (const [timer, finish] of pending) {
        clearTimeout(timer);
        finish();
      }
      pending.clear();
    },
  };
}
