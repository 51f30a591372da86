import { sql, type Kysely } from 'kysely';
import { ledgerEntryKinds } from '@kalike/shared/domain/payment-values';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { wellKnownFamily } from '../seed/accounts';
import { down, up } from './0029-register-corrections';

describe('migration 0029: a class given back by a corrected mark', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  const allowedKinds = async (): Promise<string> => {
    const result = await sql<{ definition: string }>`
      select pg_get_constraintdef(oid) as definition from pg_constraint where conname = 'ledger_entries_kind_check'`.execute(testApp.db);
    return result.rows[0]?.definition ?? '';
  };

  it('accepts every ledger kind the code knows, class_returned among them, and goes down and up again', async () => {
    const definition = await allowedKinds();
    for (const kind of ledgerEntryKinds) expect(definition).toContain(`'${kind}'`);

    const untyped = testApp.db as unknown as Kysely<unknown>;
    await down(untyped);
    expect(await allowedKinds()).not.toContain('class_returned');
    await up(untyped);
    expect(await allowedKinds()).toContain('class_returned');
  });

  it('lets a consumption be answered by one return only, and a return by one consumption only', async () => {
    const { db } = testApp;
    const place = await db
      .selectFrom('batch_students')
      .select(['id', 'learner_account_id'])
      .where('id', '=', wellKnownFamily.aarav.batchStudentId)
      .executeTakeFirstOrThrow();
    const session = await db
      .selectFrom('class_sessions')
      .select('id')
      .where('batch_id', '=', wellKnownFamily.aarav.batchId)
      .orderBy('starts_at', 'desc')
      .executeTakeFirstOrThrow();
    const entry = (kind: 'class_consumed' | 'class_returned', classesDelta: number, answersEntryId: string | null) => ({
      learner_account_id: place.learner_account_id,
      batch_student_id: place.id,
      kind,
      amount_paise: 0,
      classes_delta: classesDelta,
      session_id: session.id,
      answers_entry_id: answersEntryId,
      description: 'test',
      created_at: new Date(),
    });
    const insert = (values: ReturnType<typeof entry>) => db.insertInto('ledger_entries').values(values).returning('id').executeTakeFirstOrThrow();

    const first = await insert(entry('class_consumed', -1, null));
    await expect(insert(entry('class_consumed', -1, null))).rejects.toThrow(/ledger_entries_consumed_session_idx/);
    const back = await insert(entry('class_returned', 1, first.id));
    await expect(insert(entry('class_returned', 1, first.id))).rejects.toThrow(/ledger_entries_answers_idx/);
    await expect(insert(entry('class_returned', 1, null))).rejects.toThrow(/ledger_entries_class_returned_shape/);
    const again = await insert(entry('class_consumed', -1, back.id));
    await expect(insert(entry('class_consumed', -1, back.id))).rejects.toThrow(/ledger_entries_answers_idx/);

    // Going down keeps the mark pointing at a consumption that stays: the session's first.
    const teacher = await db.selectFrom('teachers').select('id').executeTakeFirstOrThrow();
    await db.deleteFrom('session_attendance').where('session_id', '=', session.id).where('batch_student_id', '=', place.id).execute();
    await db
      .insertInto('session_attendance')
      .values({
        session_id: session.id,
        batch_student_id: place.id,
        status: 'attended',
        ledger_entry_id: again.id,
        marked_by_teacher_id: teacher.id,
        marked_at: new Date(),
      })
      .execute();
    const untyped = db as unknown as Kysely<unknown>;
    await down(untyped);
    const mark = await db
      .selectFrom('session_attendance')
      .select('ledger_entry_id')
      .where('session_id', '=', session.id)
      .where('batch_student_id', '=', place.id)
      .executeTakeFirstOrThrow();
    expect(mark.ledger_entry_id).toBe(first.id);
    const left = await db.selectFrom('ledger_entries').select('id').where('session_id', '=', session.id).where('description', '=', 'test').execute();
    expect(left).toEqual([{ id: first.id }]);
    await up(untyped);
  });
});
