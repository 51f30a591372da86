import type { Kysely } from 'kysely';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { batchesWithPlans, enrol, newLearner, PAYMENT_TEST_NOW } from '../../testing/payment-fixtures';
import { down, up } from './0028-pack-queue';

describe('migration 0028: packs queue behind the pack in use', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('re-dates paid packs that overlapped the one in use into a chain, each keeping its length', async () => {
    const { db } = testApp;
    const untyped = db as unknown as Kysely<unknown>;
    await down(untyped);

    const [batchId = ''] = await batchesWithPlans(db, 2);
    const learner = await newLearner(testApp.app);
    const place = await enrol(db, learner.accountId, batchId);
    const plan = await db
      .selectFrom('class_pack_plans')
      .select(['id', 'classes_count', 'price_paise'])
      .where('batch_id', '=', batchId)
      .executeTakeFirstOrThrow();
    const insertPack = async (validFrom: string, validUntil: string, validityDays: number) =>
      (
        await db
          .insertInto('batch_student_plans')
          .values({
            batch_student_id: place,
            class_pack_plan_id: plan.id,
            classes_total: plan.classes_count,
            price_paise: plan.price_paise,
            validity_days: validityDays,
            paid_paise: plan.price_paise,
            status: 'active',
            valid_from: validFrom,
            valid_until: validUntil,
            created_at: PAYMENT_TEST_NOW,
            updated_at: PAYMENT_TEST_NOW,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const first = await insertPack('2025-05-01', '2025-06-04', 35);
    const second = await insertPack('2025-05-20', '2025-06-23', 35);
    const third = await insertPack('2025-05-25', '2025-06-28', 35);

    await up(untyped);

    const dates = await db
      .selectFrom('batch_student_plans')
      .select(['id', 'extra_days'])
      .select((eb) => [
        eb.fn<string>('to_char', ['valid_from', eb.val('YYYY-MM-DD')]).as('from'),
        eb.fn<string>('to_char', ['valid_until', eb.val('YYYY-MM-DD')]).as('until'),
      ])
      .where('batch_student_id', '=', place)
      .orderBy('seq')
      .execute();
    expect(dates).toEqual([
      { id: first, extra_days: 0, from: '2025-05-01', until: '2025-06-04' },
      { id: second, extra_days: 0, from: '2025-06-05', until: '2025-07-09' },
      { id: third, extra_days: 0, from: '2025-07-10', until: '2025-08-13' },
    ]);
    const tables = await db
      .selectFrom('information_schema.tables' as never)
      .select('table_name' as never)
      .where('table_name' as never, 'in', ['pack_extensions', 'pack_lapse_warnings'] as never)
      .execute();
    expect(tables).toHaveLength(2);
  });
});
