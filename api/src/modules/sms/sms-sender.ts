import type { Kysely } from 'kysely';
import type { SmsProviderConfig } from '../../config';
import type { Database } from '../../db/schema';
import { createSmsRepository } from './sms.repository';

/** Sends one text message to an E.164 number. */
export interface SmsSender {
  readonly kind: 'outbox' | 'http';
  send(to: string, text: string): Promise<void>;
}

/** Default: keeps messages in sms_outbox, where the dev endpoint (and a future relay) reads them. */
export function createOutboxSmsSender(db: Kysely<Database>): SmsSender {
  const repository = createSmsRepository(db);
  return {
    kind: 'outbox',
    send: (to, text) => repository.insert(to, text),
  };
}

const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * A generic JSON provider: `POST {url}` with `{ to, text }` and a bearer token. Errors never
 * include the message text, because it contains a sign-in code and errors end up in logs.
 */
export function createHttpSmsSender({ url, token }: SmsProviderConfig): SmsSender {
  return {
    kind: 'http',
    async send(to, text) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      // Drain the body so the connection can be reused, without reading it into logs.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
    },
  };
}

export function createSmsSender(db: Kysely<Database>, provider: SmsProviderConfig | undefined): SmsSender {
  return provider ? createHttpSmsSender(provider) : createOutboxSmsSender(db);
}
