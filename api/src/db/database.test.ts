import { sql, type Kysely } from 'kysely';
import { createTestDatabase, TEST_ANCHOR_DATE, type TestDatabase } from '../testing/build-test-app';
import { migrateToLatest } from './migrations';
import type { Database } from './schema';
import { seededCouponCodes, wellKnownOwingBatchStudentId, wellKnownPaymentLinkIds } from './seed/payments';
import { seedDatabase, wellKnownPaymentRequestIds } from './seed/seed-database';

const fingerprintedTables = [
  'localities',
  'apartments',
  'categories',
  'teachers',
  'teacher_badges',
  'teacher_listings',
  'programs',
  'batches',
  'class_pack_plans',
  'class_sessions',
  'payment_requests',
  'class_updates',
] as const;

async function fingerprint(db: Kysely<Database>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of fingerprintedTables) {
    // Hash every column of every row in a stable order.
    const result = await sql<{ digest: string | null; rows: number }>`
      select md5(string_agg(row_to_json(t)::text, '|' order by row_to_json(t)::text)) as digest, count(*)::int as rows
      from ${sql.table(table)} t
    `.execute(db);
    const row = result.rows[0];
    out[table] = `${row?.rows}:${row?.digest}`;
  }
  return out;
}

describe('database migrations and seed', () => {
  const opened: TestDatabase[] = [];

  async function freshDatabase(): Promise<Kysely<Database>> {
    const testDatabase = await createTestDatabase();
    opened.push(testDatabase);
    await migrateToLatest(testDatabase.database.db);
    return testDatabase.database.db;
  }

  afterAll(async () => {
    await Promise.all(opened.map((testDatabase) => testDatabase.close()));
  });

  test('the same seed and anchor date produce identical rows; another seed does not', async () => {
    const [first, second] = await Promise.all([freshDatabase(), freshDatabase()]);
    await seedDatabase(first, { size: 'test', anchorDate: TEST_ANCHOR_DATE });
    await seedDatabase(second, { size: 'test', anchorDate: TEST_ANCHOR_DATE });
    const [a, b] = await Promise.all([fingerprint(first), fingerprint(second)]);
    expect(a).toEqual(b);
    expect(a.teachers).toMatch(/^40:/);

    const third = await freshDatabase();
    await seedDatabase(third, { size: 'test', anchorDate: TEST_ANCHOR_DATE, seed: 'another' });
    const c = await fingerprint(third);
    expect(c.teachers).not.toEqual(a.teachers);
    expect(c.localities).not.toEqual(a.localities);

    // Migrations are idempotent: a second run applies nothing and leaves the data alone.
    expect(await migrateToLatest(first)).toEqual([]);
    expect(await fingerprint(first)).toEqual(a);

    const fixed = await first
      .selectFrom('payment_requests')
      .select(['id', 'status'])
      .where('id', 'in', Object.values(wellKnownPaymentRequestIds))
      .orderBy('id')
      .execute();
    expect(fixed).toEqual([
      { id: wellKnownPaymentRequestIds.open, status: 'open' },
      { id: wellKnownPaymentRequestIds.completed, status: 'completed' },
      { id: wellKnownPaymentRequestIds.cancelled, status: 'cancelled' },
      { id: wellKnownPaymentRequestIds.openSecond, status: 'open' },
    ]);
  });

  test('seeded data respects the domain rules', async () => {
    const db = await freshDatabase();
    await seedDatabase(db, { size: 'test', anchorDate: TEST_ANCHOR_DATE });

    const statuses = await db
      .selectFrom('payment_requests')
      .select(['status', sql<number>`count(*)::int`.as('count')])
      .groupBy('status')
      .execute();
    for (const status of ['open', 'completed', 'cancelled']) {
      expect(statuses.find((row) => row.status === status)?.count ?? 0).toBeGreaterThanOrEqual(5);
    }

    const sessions = await sql<{ first: string; last: string }>`
      select to_char(min(starts_at at time zone 'Asia/Kolkata'), 'YYYY-MM-DD') as first,
             to_char(max(starts_at at time zone 'Asia/Kolkata'), 'YYYY-MM-DD') as last
      from class_sessions
    `.execute(db);
    expect(sessions.rows[0]).toEqual({ first: TEST_ANCHOR_DATE, last: '2025-06-29' });

    const prices = await db
      .selectFrom('class_pack_plans')
      .select(['classes_count', 'price_paise'])
      .where('classes_count', '=', 8)
      .execute();
    for (const plan of prices) {
      expect(plan.price_paise % 100).toBe(0);
      expect(plan.price_paise).toBeGreaterThanOrEqual(2_000_00);
      expect(plan.price_paise).toBeLessThanOrEqual(9_000_00);
    }

    // Payments: every ledger adds up, every paid order is booked once, every link state is there.
    const coupons = await db.selectFrom('coupons').select('code').orderBy('code').execute();
    expect(coupons.map((coupon) => coupon.code)).toEqual([...seededCouponCodes].sort());
    const links = await db.selectFrom('payment_links').select(['id', 'status']).orderBy('id').execute();
    expect(links).toEqual(Object.entries(wellKnownPaymentLinkIds).map(([status, id]) => ({ id, status })));
    const ledgers = await sql<{ batch_student_id: string; money: number; classes: number }>`
      select batch_student_id, sum(amount_paise)::int as money, sum(classes_delta)::int as classes
      from ledger_entries where batch_student_id is not null group by batch_student_id order by batch_student_id
    `.execute(db);
    expect(ledgers.rows).toHaveLength(2);
    for (const ledger of ledgers.rows) {
      expect(ledger.classes).toBeGreaterThanOrEqual(0);
      expect(ledger.batch_student_id === wellKnownOwingBatchStudentId ? ledger.money < 0 : ledger.money === 0).toBe(true);
    }
    const bookings = await sql<{ count: number }>`
      select count(*)::int as count from orders o
      where o.status = 'paid' and (select count(*) from ledger_entries le where le.order_id = o.id and le.kind = 'payment') <> 1
    `.execute(db);
    expect(bookings.rows[0]?.count).toBe(0);

    const localities = await db.selectFrom('localities').select(['slug', 'pincode']).execute();
    expect(localities.length).toBeGreaterThanOrEqual(35);
    expect(localities).toEqual(expect.arrayContaining([{ slug: 'indiranagar', pincode: '560038' }]));
  });
});
