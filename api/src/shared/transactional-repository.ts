import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type TransactionalRepository<Queries> = Queries & {
  /**
   * Runs `work` with the same queries bound to one transaction; nothing inside may use `db`
   * itself. `trx` is only for handing on to another module's transaction-taking call.
   */
  transaction<T>(work: (tx: Queries, trx: Kysely<Database>) => Promise<T>): Promise<T>;
};

/**
 * A module's repository: its queries bound to the database, and the same queries bound to one
 * transaction when a use case must read and write together.
 */
export function transactionalRepository<Queries extends object>(
  db: Kysely<Database>,
  queries: (db: Kysely<Database>) => Queries,
): TransactionalRepository<Queries> {
  return {
    ...queries(db),
    transaction: (work) => db.transaction().execute((trx) => work(queries(trx), trx)),
  };
}
