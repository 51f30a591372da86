import { sql, type Kysely } from 'kysely';
import { migrateToLatest } from '../../db/migrations';
import type { Database } from '../../db/schema';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../testing/build-test-app';
import type { SmsSender } from '../sms/sms-sender';
import { createMessageOutboxRepository } from './message-outbox.repository';
import { createMessageRelay, retryDelayMs } from './message-relay';

describe('message relay', () => {
  let testApp: TestApp;
  let clock = new Date('2025-06-02T03:30:00.000Z');
  const sent: { to: string; text: string }[] = [];
  const failing = new Set<string>();
  const sender: SmsSender = {
    kind: 'http',
    async send(to, text) {
      if (failing.has(to)) throw new Error('SMS provider answered 503');
      sent.push({ to, text });
    },
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ seed: false });
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('retries back off from 30 seconds, doubling, to at most an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });

  test('a failed send is kept, backed off and sent later; sent messages are never sent again', async () => {
    const outbox = createMessageOutboxRepository(testApp.db);
    await outbox.enqueue({ toPhone: '+919700000501', body: 'first', kind: 'test', enquiryId: null }, clock);
    await outbox.enqueue({ toPhone: '+919700000502', body: 'second', kind: 'test', enquiryId: null }, clock);
    failing.add('+919700000502');
    const relay = createMessageRelay(testApp.db, sender, () => clock);

    expect(await relay.deliverDue()).toEqual({ sent: 1, failed: 1 });
    const failed = await testApp.db.selectFrom('message_outbox').selectAll().where('to_phone', '=', '+919700000502').executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, last_error: 'SMS provider answered 503' });
    expect(new Date(failed.next_attempt_at).getTime()).toBe(clock.getTime() + 30_000);

    // Not yet due: nothing is sent, and the message that went out stays sent.
    expect(await relay.deliverDue()).toEqual({ sent: 0, failed: 0 });

    clock = new Date(clock.getTime() + 31_000);
    failing.clear();
    expect(await relay.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(sent).toEqual([
      { to: '+919700000501', text: 'first' },
      { to: '+919700000502', text: 'second' },
    ]);
    const rows = await testApp.db.selectFrom('message_outbox').select(['attempts', 'sent_at', 'last_error']).orderBy('to_phone').execute();
    expect(rows).toEqual([
      { attempts: 0, sent_at: expect.any(Date), last_error: null },
      { attempts: 1, sent_at: expect.any(Date), last_error: null },
    ]);
  });

  test('two relays running at once send each message exactly once', async () => {
    const outbox = createMessageOutboxRepository(testApp.db);
    for (let i = 0; i < 6; i++) await outbox.enqueue({ toPhone: '+919700000503', body: `batch ${i}`, kind: 'test', enquiryId: null }, clock);
    sent.length = 0;
    const [a, b] = [createMessageRelay(testApp.db, sender, () => clock), createMessageRelay(testApp.db, sender, () => clock)];
    const reports = await Promise.all([a.deliverDue(4), b.deliverDue(4), a.deliverDue(4)]);
    expect(reports.reduce((total, report) => total + report.sent, 0)).toBe(6);
    expect(sent.map((message) => message.text).sort()).toEqual(['batch 0', 'batch 1', 'batch 2', 'batch 3', 'batch 4', 'batch 5']);
  });
});

describe('a pass of the background task', () => {
  test('works a backlog off in claims of a few, up to its bound', async () => {
    const testApp = await buildTestApp({ seed: false });
    try {
      const clock = new Date('2025-06-02T03:30:00.000Z');
      const outbox = createMessageOutboxRepository(testApp.db);
      for (let i = 0; i < 25; i++) await outbox.enqueue({ toPhone: '+919700000700', body: `backlog ${i}`, kind: 'test', enquiryId: null }, clock);
      const delivered: string[] = [];
      const relay = createMessageRelay(testApp.db, { kind: 'http', send: async (_to, text) => void delivered.push(text) }, () => clock);
      expect(await relay.deliverPass(22)).toEqual({ sent: 22, failed: 0 });
      expect(await relay.deliverPass()).toEqual({ sent: 3, failed: 0 });
      expect(delivered.sort()).toEqual(Array.from({ length: 25 }, (_, i) => `backlog ${i}`).sort());
    } finally {
      await testApp.close();
    }
  });
});

describe('message relays on several instances', () => {
  let testDatabase: TestDatabase;
  let instances: Kysely<Database>[];

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    await migrateToLatest(testDatabase.database.db);
    instances = [testDatabase.database.db, (await testDatabase.openAnotherPool()).db];
  });

  afterAll(async () => {
    await testDatabase.close();
  });

  test('with a provider slower than the lease, two relays deliver each of 60 texts exactly once', async () => {
    let clock = new Date('2025-06-02T03:30:00.000Z');
    const outbox = createMessageOutboxRepository(instances[0]!);
    for (let i = 0; i < 60; i++) await outbox.enqueue({ toPhone: '+919700000600', body: `text ${i}`, kind: 'test', enquiryId: null }, clock);

    // Every send moves the shared clock on by 25 s: three sends outlast a claim's 60-second lease.
    const deliveries = new Map<string, number>();
    const slowProvider: SmsSender = {
      kind: 'http',
      async send(_to, text) {
        deliveries.set(text, (deliveries.get(text) ?? 0) + 1);
        clock = new Date(clock.getTime() + 25_000);
        await new Promise((resolve) => setImmediate(resolve));
      },
    };
    const unsent = async () =>
      (
        await instances[0]!
          .selectFrom('message_outbox')
          .select(sql<number>`count(*)::int`.as('count'))
          .where('sent_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).count;
    const relayUntilEmpty = async (db: Kysely<Database>) => {
      const relay = createMessageRelay(db, slowProvider, () => clock);
      while ((await unsent()) > 0) {
        await relay.deliverDue();
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await Promise.all(instances.map(relayUntilEmpty));

    expect(deliveries.size).toBe(60);
    expect([...deliveries.entries()].filter(([, times]) => times !== 1)).toEqual([]);
  });

  test('a provider that never answers is given up on before the lease ends, and the text is retried later', async () => {
    const clock = new Date('2025-06-03T03:30:00.000Z');
    const outbox = createMessageOutboxRepository(instances[0]!);
    await outbox.enqueue({ toPhone: '+919700000601', body: 'hung', kind: 'test', enquiryId: null }, clock);
    const hungProvider: SmsSender = { kind: 'http', send: () => new Promise<void>(() => undefined) };
    const relay = createMessageRelay(instances[0]!, hungProvider, () => clock, { sendTimeoutMs: 50 });

    expect(await relay.deliverDue()).toEqual({ sent: 0, failed: 1 });
    const row = await instances[0]!.selectFrom('message_outbox').selectAll().where('body', '=', 'hung').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, sent_at: null, claim_token: null, last_error: 'SMS provider did not answer within 50 ms' });
    expect(new Date(row.next_attempt_at).getTime()).toBe(clock.getTime() + retryDelayMs(1));
  });
});
