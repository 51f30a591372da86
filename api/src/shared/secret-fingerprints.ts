import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sharedSecretSettings, type AppConfig, type SharedSecretSetting } from '../config';
import type { Database } from '../db/schema';

/** What an unset secret is recorded as: an instance with a secret and one without disagree too. */
const UNSET = 'unset';

/**
 * An HMAC of a fixed label under the secret: equal secrets give equal fingerprints, and the
 * fingerprint tells nothing about the secret (a plain hash of a short admin key could be guessed
 * offline; an HMAC keyed by it cannot be checked without the key).
 */
export function secretFingerprint(setting: SharedSecretSetting, secret: string | undefined): string {
  if (!secret) return UNSET;
  return `hmac-sha256:${createHmac('sha256', secret).update(`kalike:shared-secret-fingerprint:v1:${setting}`).digest('base64url')}`;
}

/** The shared secrets as this instance has them; unset ones are generated into the database or not used. */
export function sharedSecretsOf(config: Pick<AppConfig, 'auth' | 'payments' | 'adminApiKey'>): Record<SharedSecretSetting, string | undefined> {
  return {
    AUTH_SECRET: config.auth.secret,
    PAYMENTS_SANDBOX_SECRET: config.payments.sandboxSecret,
    RAZORPAY_KEY_SECRET: config.payments.razorpay?.keySecret,
    RAZORPAY_WEBHOOK_SECRET: config.payments.razorpay?.webhookSecret,
    ADMIN_API_KEY: config.adminApiKey,
  };
}

export class SecretMismatchError extends Error {
  constructor(readonly settings: SharedSecretSetting[]) {
    super(
      `${settings.join(', ')} ${settings.length === 1 ? 'differs' : 'differ'} from what the other API instances on this database use: ` +
        `each would reject the others' sign-ins, codes or signatures. Give every instance the same ${settings.join(', ')}; ` +
        `to change ${settings.length === 1 ? 'it' : 'them'} on purpose, start the first instance with the new value and ` +
        `ACCEPT_SECRET_CHANGE=${settings.join(',')} (docs/running-several-instances.md)`,
    );
    this.name = 'SecretMismatchError';
  }
}

export interface SharedSecretCheck {
  /** Settings seen for the first time on this database. */
  recorded: SharedSecretSetting[];
  /** Settings whose changed fingerprint ACCEPT_SECRET_CHANGE let this instance record. */
  accepted: SharedSecretSetting[];
}

/**
 * Compares this instance's shared secrets with the fingerprints the first instance recorded,
 * recording the missing ones; throws SecretMismatchError naming every setting that differs,
 * unless ACCEPT_SECRET_CHANGE names it. All or nothing, in one transaction.
 */
export async function checkSharedSecrets(
  db: Kysely<Database>,
  secrets: Record<SharedSecretSetting, string | undefined>,
  { acceptChange, now }: { acceptChange: readonly SharedSecretSetting[]; now: Date },
): Promise<SharedSecretCheck> {
  return db.transaction().execute(async (trx) => {
    const outcome: SharedSecretCheck = { recorded: [], accepted: [] };
    const differing: SharedSecretSetting[] = [];
    for (const setting of sharedSecretSettings) {
      const fingerprint = secretFingerprint(setting, secrets[setting]);
      const inserted = await trx
        .insertInto('secret_fingerprints')
        .values({ setting, fingerprint, recorded_at: now })
        .onConflict((oc) => oc.column('setting').doNothing())
        .returning('setting')
        .executeTakeFirst();
      if (inserted) {
        outcome.recorded.push(setting);
        continue;
      }
      const stored = await trx.selectFrom('secret_fingerprints').select('fingerprint').where('setting', '=', setting).forUpdate().executeTakeFirstOrThrow();
      if (stored.fingerprint === fingerprint) continue;
      if (!acceptChange.includes(setting)) {
        differing.push(setting);
        continue;
      }
      await trx.updateTable('secret_fingerprints').set({ fingerprint, recorded_at: now }).where('setting', '=', setting).execute();
      outcome.accepted.push(setting);
    }
    if (differing.length > 0) throw new SecretMismatchError(differing);
    return outcome;
  });
}
