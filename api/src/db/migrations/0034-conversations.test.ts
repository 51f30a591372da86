import { sql, type Kysely } from 'kysely';
import { wellKnownEnquiryIds } from '../seed/enquiries';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { down, up } from './0034-conversations';

const tables = ['conversation_threads', 'conversation_messages', 'conversation_reads', 'conversation_reports'];

describe('migration 0034: conversations on enquiries and enrolments', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  const existing = async () => {
    const names = await Promise.all(
      tables.map(async (table) => (await sql<{ name: string | null }>`select to_regclass(${table})::text as name`.execute(testApp.db)).rows[0]?.name),
    );
    return names.filter(Boolean);
  };

  it('makes a thread on exactly one of an enquiry or an enrolment, one open report per side, and goes down and up again', async () => {
    expect(await existing()).toEqual(tables);
    const at = new Date('2025-06-02T03:30:00.000Z');
    await expect(testApp.db.insertInto('conversation_threads').values({ created_at: at }).execute()).rejects.toThrow(/check/);
    const enrolled = await testApp.db
      .selectFrom('enquiries')
      .select('batch_student_id')
      .where('id', '=', wellKnownEnquiryIds.enrolled)
      .executeTakeFirstOrThrow();
    await expect(
      testApp.db
        .insertInto('conversation_threads')
        .values({ enquiry_id: wellKnownEnquiryIds.enrolled, batch_student_id: enrolled.batch_student_id, created_at: at })
        .execute(),
    ).rejects.toThrow(/check/);
    const thread = await testApp.db
      .insertInto('conversation_threads')
      .values({ enquiry_id: wellKnownEnquiryIds.sent, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reporter = await testApp.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    const report = () =>
      testApp.db
        .insertInto('conversation_reports')
        .values({ thread_id: thread.id, reporter_user_id: reporter.id, reporter_party: 'learner', reason: 'Spam', created_at: at })
        .execute();
    await report();
    await expect(report()).rejects.toThrow(/unique|duplicate/);

    const untyped = testApp.db as unknown as Kysely<unknown>;
    await down(untyped);
    expect(await existing()).toEqual([]);
    await up(untyped);
    expect(await existing()).toEqual(tables);
  });
});
