import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../testing/build-test-app';
import { databaseOfHandle, transactionalRepository } from './transactional-repository';

function probeQueries(db: Kysely<Database>) {
  return {
    async add(value: number): Promise<void> {
      await sql`insert into transaction_probe (value) values (${value})`.execute(db);
    },
    async values(): Promise<number[]> {
      const result = await sql<{ value: number }>`select value from transaction_probe order by value`.execute(db);
      return result.rows.map((row) => row.value);
    },
  };
}

describe('transactionalRepository', () => {
  let testDatabase: TestDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    db = testDatabase.database.db;
    await sql`create table transaction_probe (value int not null)`.execute(db);
  });

  afterAll(() => testDatabase.close());

  beforeEach(() => sql`delete from transaction_probe`.execute(db));

  test('outside a transaction the queries run on the database itself', async () => {
    const repository = transactionalRepository(db, probeQueries);
    await repository.add(1);
    expect(await repository.values()).toEqual([1]);
  });

  test('the queries inside see their own writes, and the writes are kept when the work succeeds', async () => {
    const repository = transactionalRepository(db, probeQueries);
    const seen = await repository.transaction(async (tx) => {
      await tx.add(2);
      await tx.add(3);
      return tx.values();
    });
    expect(seen).toEqual([2, 3]);
    expect(await repository.values()).toEqual([2, 3]);
  });

  test('a failure anywhere in the work undoes every write in it', async () => {
    const repository = transactionalRepository(db, probeQueries);
    await expect(
      repository.transaction(async (tx) => {
        await tx.add(4);
        throw new Error('the second step failed');
      }),
    ).rejects.toThrow('the second step failed');
    expect(await repository.values()).toEqual([]);
  });

  test('the transaction handed on is the same one the queries use', async () => {
    const repository = transactionalRepository(db, probeQueries);
    await expect(
      repository.transaction(async (tx, handle) => {
        await tx.add(5);
        await sql`insert into transaction_probe (value) values (6)`.execute(databaseOfHandle(handle));
        throw new Error('undo both');
      }),
    ).rejects.toThrow('undo both');
    expect(await repository.values()).toEqual([]);
  });
});
