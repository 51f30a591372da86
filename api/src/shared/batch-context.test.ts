import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../testing/build-test-app';
import { selectBatchesWithTeacher } from './batch-context';

describe('selectBatchesWithTeacher', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(() => testApp.close());

  test('gives every batch once, with the program, listing and teacher it belongs to', async () => {
    const rows = await selectBatchesWithTeacher(testApp.db)
      .select(['b.id as batch_id', 'p.id as program_id', 'l.id as listing_id', 't.id as teacher_id'])
      .orderBy('b.id')
      .execute();
    const expected = await sql<{ batch_id: string; program_id: string; listing_id: string; teacher_id: string }>`
      select b.id as batch_id, b.program_id, p.listing_id, l.teacher_id
      from batches b, programs p, teacher_listings l
      where p.id = b.program_id and l.id = p.listing_id
      order by b.id
    `.execute(testApp.db);

    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(expected.rows);
  });
});
