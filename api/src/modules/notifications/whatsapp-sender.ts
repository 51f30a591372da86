import { appendFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { isDemoPhone } from '@kalike/shared/domain/demo-phones';
import type { WhatsappConfig } from '../../config';
import type { Database } from '../../db/schema';

/** One WhatsApp template message: the approved template's name, its body values in order, and the filled text. */
export interface WhatsappMessage {
  template: string;
  values: string[];
  text: string;
}

/** Sends one approved template to an E.164 number. */
export interface WhatsappSender {
  /** `outbox`: the local stand-in that keeps messages on this machine; `cloud`: Meta's Cloud API. */
  readonly kind: 'outbox' | 'cloud';
  send(to: string, message: WhatsappMessage): Promise<void>;
}

export interface WhatsappOutboxOptions {
  log?: { info(details: object, message: string): void };
  /** Each message is appended here as a JSON line, for end-to-end tests and scripts. */
  file?: string | undefined;
}

/** One line of the outbox file (`<DATA_DIR>/whatsapp-outbox.jsonl`). */
export interface WhatsappOutboxLine {
  to: string;
  template: string;
  values: string[];
  text: string;
  at: string;
}

/**
 * The local demo's WhatsApp, like its SMS outbox: kept in whatsapp_outbox, printed in the
 * terminal and appended to the outbox file. No HTTP route reads any of it.
 */
export function createOutboxWhatsappSender(db: Kysely<Database>, { log, file }: WhatsappOutboxOptions = {}): WhatsappSender {
  return {
    kind: 'outbox',
    async send(to, { template, values, text }) {
      await db
        .insertInto('whatsapp_outbox')
        .values({ to_phone: to, template, params: JSON.stringify(values), body: text })
        .execute();
      log?.info({ whatsapp: { to, template } }, `WhatsApp to ${to}: ${text}`);
      if (file) {
        const line: WhatsappOutboxLine = { to, template, values, text, at: new Date().toISOString() };
        await appendFile(file, `${JSON.stringify(line)}\n`, { encoding: 'utf8', mode: 0o600 });
      }
    },
  };
}

const CLOUD_API_VERSION = 'v21.0';
const CLOUD_TIMEOUT_MS = 10_000;
/** The language every template is approved in. */
export const WHATSAPP_TEMPLATE_LANGUAGE = 'en';

/**
 * Meta's WhatsApp Business Cloud API: a pre-approved template with its body values. Errors carry
 * the status only, never the text. Demo numbers are refused here, as by the SMS sender.
 */
export function createCloudWhatsappSender({ phoneNumberId, token, apiUrl }: WhatsappConfig): WhatsappSender {
  return {
    kind: 'cloud',
    async send(to, { template, values }) {
      if (isDemoPhone(to)) throw new Error('Not sent: a demo number, which only the local demo can message');
      const response = await fetch(`${apiUrl}/${CLOUD_API_VERSION}/${encodeURIComponent(phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to: to.replace(/^\+/, ''),
          type: 'template',
          template: {
            name: template,
            language: { code: WHATSAPP_TEMPLATE_LANGUAGE },
            components: [{ type: 'body', parameters: values.map((text) => ({ type: 'text', text })) }],
          },
        }),
        signal: AbortSignal.timeout(CLOUD_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`WhatsApp Cloud API answered ${response.status}`);
    },
  };
}

export function createWhatsappSender(db: Kysely<Database>, config: WhatsappConfig | undefined, outbox: WhatsappOutboxOptions = {}): WhatsappSender {
  return config ? createCloudWhatsappSender(config) : createOutboxWhatsappSender(db, outbox);
}
