import { createHash } from 'node:crypto';
import { sharedSecretSettings } from '../config';
import { migrateToLatest } from '../db/migrations';
import { createTestDatabase, type TestDatabase } from '../testing/build-test-app';
import { checkSharedSecrets, secretFingerprint, SecretMismatchError, sharedSecretsOf } from './secret-fingerprints';

const secretA = 'a'.repeat(40);
const secretB = 'b'.repeat(40);
const at = new Date('2026-03-04T05:06:07.000Z');
const secrets = (authSecret: string, adminApiKey?: string) => ({
  ...sharedSecretsOf({ auth: { secret: authSecret } as never, payments: { sandboxSecret: undefined, razorpay: undefined } as never, adminApiKey }),
});

describe('secrets the instances on one database must share', () => {
  let testDatabase: TestDatabase;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    await migrateToLatest(testDatabase.database.db);
  });

  afterEach(async () => {
    await testDatabase.close();
  });

  test('the first instance records a fingerprint of each, which is neither the secret nor its plain hash', async () => {
    const db = testDatabase.database.db;
    expect(await checkSharedSecrets(db, secrets(secretA), { acceptChange: [], now: at })).toEqual({ recorded: [...sharedSecretSettings], accepted: [] });
    const rows = await db.selectFrom('secret_fingerprints').select(['setting', 'fingerprint']).execute();
    const auth = rows.find((row) => row.setting === 'AUTH_SECRET')!.fingerprint;
    expect(auth).toBe(secretFingerprint('AUTH_SECRET', secretA));
    expect(auth).not.toContain(secretA);
    expect(auth).not.toContain(createHash('sha256').update(secretA).digest('base64url'));
    expect(auth).not.toContain(createHash('sha256').update(secretA).digest('hex'));
    expect(rows.find((row) => row.setting === 'RAZORPAY_KEY_SECRET')!.fingerprint).toBe('unset');
  });

  test('an instance with the same secrets starts; one with another AUTH_SECRET or an admin key the others lack is refused, naming them', async () => {
    const db = testDatabase.database.db;
    await checkSharedSecrets(db, secrets(secretA), { acceptChange: [], now: at });
    expect(await checkSharedSecrets(db, secrets(secretA), { acceptChange: [], now: at })).toEqual({ recorded: [], accepted: [] });

    const refused = checkSharedSecrets(db, secrets(secretB, 'an-admin-key-of-its-own'), { acceptChange: [], now: at });
    await expect(refused).rejects.toThrow(SecretMismatchError);
    await expect(refused).rejects.toThrow(/^AUTH_SECRET, ADMIN_API_KEY differ from what the other API instances on this database use/);
    await expect(refused).rejects.not.toThrow(secretB);
    // Nothing of the refused instance was recorded.
    expect(await checkSharedSecrets(db, secrets(secretA), { acceptChange: [], now: at })).toEqual({ recorded: [], accepted: [] });
  });

  test('ACCEPT_SECRET_CHANGE records a deliberate change; then the old value is the one refused', async () => {
    const db = testDatabase.database.db;
    await checkSharedSecrets(db, secrets(secretA), { acceptChange: [], now: at });
    await expect(checkSharedSecrets(db, secrets(secretB), { acceptChange: ['ADMIN_API_KEY'], now: at })).rejects.toThrow(/^AUTH_SECRET differs/);
    expect(await checkSharedSecrets(db, secrets(secretB), { acceptChange: ['AUTH_SECRET'], now: at })).toEqual({ recorded: [], accepted: ['AUTH_SECRET'] });
    expect(await checkSharedSecrets(db, secrets(secretB), { acceptChange: [], now: at })).toEqual({ recorded: [], accepted: [] });
    await expect(checkSharedSecrets(db, secrets(secretA), { acceptChange: [], now: at })).rejects.toThrow(/^AUTH_SECRET differs/);
  });
});
