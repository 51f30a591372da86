import { sql, type Kysely } from 'kysely';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { down, up } from './0031-refunds';
import * as adminMoneyActions from './0032-admin-money-actions';

describe('migration 0031: refunds, credit notes and cancelled packs', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  const packStatusCheck = async () => {
    const result = await sql<{ definition: string }>`
      select pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = 'batch_student_plans'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%status%pending_payment%'`.execute(testApp.db);
    return result.rows.map((row) => [...row.definition.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]).sort());
  };

  it('adds cancelled to the statuses a pack may have, keeping every other, and goes down and up again', async () => {
    const untyped = testApp.db as unknown as Kysely<unknown>;
    expect(await packStatusCheck()).toEqual([['active', 'cancelled', 'expired', 'pending_payment', 'replaced', 'used_up']]);
    // The later log of admin money actions refers to refunds: it goes down first and comes back after.
    await adminMoneyActions.down(untyped);
    await down(untyped);
    expect(await packStatusCheck()).toEqual([['active', 'expired', 'pending_payment', 'replaced', 'used_up']]);
    await up(untyped);
    await adminMoneyActions.up(untyped);
    expect(await packStatusCheck()).toEqual([['active', 'cancelled', 'expired', 'pending_payment', 'replaced', 'used_up']]);
    const refunds = await testApp.db.selectFrom('refunds').select('id').execute();
    expect(refunds).toEqual([]);
  });
});
