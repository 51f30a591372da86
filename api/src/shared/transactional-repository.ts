import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type TransactionalRepository<Queries> = Queries & {
  /**
   * Runs `work` with the same queries bound to one transaction; nothing inside may use `db`
   * itself. `handle` is the same transaction for another module's port, which runs its own
   * statements there (see `TransactionHandle`).
   */
  transaction<T>(work: (tx: Queries, handle: TransactionHandle) => Promise<T>): Promise<T>;
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
    transaction: (work) => db.transaction().execute((trx) => work(queries(trx), transactionHandle(trx))),
  };
}

declare const transactionHandleBrand: unique symbol;

/**
 * Where another module's statements run when a caller needs them inside its own transaction:
 * handed across modules to a port, which runs its statements there. Opaque on purpose: a
 * module can pass it on but never query through it, so each table keeps one owner. A handle
 * made outside any transaction runs each statement on its own.
 */
export interface TransactionHandle {
  readonly [transactionHandleBrand]: true;
}

/** The handle of a repository's database or open transaction, for a port call. */
export function transactionHandle(db: Kysely<Database>): TransactionHandle {
  return db as unknown as TransactionHandle;
}

/** Only the repository that owns the statements opens the handle again. */
export function databaseOfHandle(handle: TransactionHandle): Kysely<Database> {
  return handle as unknown as Kysely<Database>;
}
