import { appendFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { isDemoPhone } from '@kalike/shared/domain/demo-phones';
import type { SmsProviderConfig } from '../../config';
import type { Database } from '../../db/schema';
import { createSmsRepository } from './sms.repository';

/** Sends one text message to an E.164 number. */
export interface SmsSender {
  /** `outbox`: the local demo's stand-in that keeps texts on this machine; `http`: a real provider. */
  readonly kind: 'outbox' | 'http';
  send(to: string, text: string): Promise<void>;
}

/** One line of the outbox file (`<DATA_DIR>/sms-outbox.jsonl`). */
export interface OutboxFileLine {
  to: string;
  text: string;
  at: string;
}

export interface OutboxSenderOptions {
  /** Where each text is also written as one line, for the person at the terminal. */
  log?: { info(details: object, message: string): void };
  /** Each text is appended here as a JSON line, for end-to-end tests and scripts. */
  file?: string | undefined;
}

/**
 * The local demo's SMS: like a console mail backend, nothing leaves the machine. Each text is
 * kept in sms_outbox (API tests read it there), printed as one log line in the terminal of
 * `npm start` / `npm run dev`, and appended to the outbox file. No HTTP route reads any of it.
 */
export function createOutboxSmsSender(db: Kysely<Database>, { log, file }: OutboxSenderOptions = {}): SmsSender {
  const repository = createSmsRepository(db);
  return {
    kind: 'outbox',
    async send(to, text) {
      await repository.insert(to, text);
      // The message carries the text itself: pretty logs show only the message.
      log?.info({ sms: { to } }, `SMS to ${to}: ${text}`);
      if (file) {
        const line: OutboxFileLine = { to, text, at: new Date().toISOString() };
        await appendFile(file, `${JSON.stringify(line)}\n`, { encoding: 'utf8', mode: 0o600 });
      }
    },
  };
}

const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * A generic JSON provider: `POST {url}` with `{ to, text }` and a bearer token. Errors never
 * include the message text, because it contains a sign-in code and errors end up in logs.
 * Demo numbers (+91 00000 XXXXX) are refused here, the one door every text goes out by.
 */
export function createHttpSmsSender({ url, token }: SmsProviderConfig): SmsSender {
  return {
    kind: 'http',
    async send(to, text) {
      if (isDemoPhone(to)) throw new Error('Not sent: a demo number, which only the local demo can text');
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

export function createSmsSender(db: Kysely<Database>, provider: SmsProviderConfig | undefined, outbox: OutboxSenderOptions = {}): SmsSender {
  return provider ? createHttpSmsSender(provider) : createOutboxSmsSender(db, outbox);
}
