import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isCustomerSql } from './is-customer';
import { transactionalRepository } from '../../shared/transactional-repository';

export interface AccountRow {
  id: string;
  name: string;
  email: string | null;
  phone: string;
  is_customer: boolean;
}

export interface StudentRow {
  id: string;
  name: string;
  date_of_birth: string | null;
  grade: string | null;
  school: string | null;
}

export interface LocationRow {
  id: string;
  label: string;
  address: string;
  lat: number;
  lng: number;
  pincode: string;
}

export interface NewLocation {
  label: string;
  address: string;
  lat: number;
  lng: number;
  pincode: string;
}

async function updateProfile(
  db: Kysely<Database>,
  id: string,
  changes: { name?: string; email?: string | null; completed?: boolean },
  at: Date,
): Promise<void> {
  await db
    .updateTable('learner_accounts')
    .set((eb) => ({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.email !== undefined ? { email: changes.email } : {}),
      ...(changes.completed ? { completed_at: eb.fn.coalesce('completed_at', eb.val(at)) } : {}),
      updated_at: at,
    }))
    .where('id', '=', id)
    .execute();
}

function insertStudent(
  db: Kysely<Database>,
  values: { accountId: string; name: string; dateOfBirth: string | null; grade: string | null; school: string | null },
): Promise<StudentRow> {
  return db
    .insertInto('students')
    .values({
      learner_account_id: values.accountId,
      name: values.name,
      date_of_birth: values.dateOfBirth,
      grade: values.grade,
      school: values.school,
    })
    .returning(['id', 'name', sql<string | null>`to_char(date_of_birth, 'YYYY-MM-DD')`.as('date_of_birth'), 'grade', 'school'])
    .executeTakeFirstOrThrow();
}

/** Undefined when the student is not on that account. */
function updateStudent(
  db: Kysely<Database>,
  accountId: string,
  studentId: string,
  patch: { name?: string; dateOfBirth?: string | null; grade?: string | null; school?: string | null },
): Promise<StudentRow | undefined> {
  return db
    .updateTable('students')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.dateOfBirth !== undefined ? { date_of_birth: patch.dateOfBirth } : {}),
      ...(patch.grade !== undefined ? { grade: patch.grade } : {}),
      ...(patch.school !== undefined ? { school: patch.school } : {}),
    })
    .where('id', '=', studentId)
    .where('learner_account_id', '=', accountId)
    .returning(['id', 'name', sql<string | null>`to_char(date_of_birth, 'YYYY-MM-DD')`.as('date_of_birth'), 'grade', 'school'])
    .executeTakeFirst();
}

function queries(db: Kysely<Database>) {
  return {
    findOwnerById(id: string): Promise<{ id: string; user_id: string } | undefined> {
      return db.selectFrom('learner_accounts').select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();
    },

    async findIdByUserId(userId: string): Promise<string | undefined> {
      const row = await db.selectFrom('learner_accounts').select('id').where('user_id', '=', userId).executeTakeFirst();
      return row?.id;
    },

    /** For a Teacher who also signs up to learn: a learner account on the same user. */
    async createForUser(userId: string): Promise<string> {
      await db
        .insertInto('learner_accounts')
        .values({ user_id: userId })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      const row = await db.selectFrom('learner_accounts').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
      return row.id;
    },

    findById(id: string): Promise<AccountRow | undefined> {
      return db
        .selectFrom('learner_accounts as la')
        .innerJoin('users as u', 'u.id', 'la.user_id')
        .select(['la.id', 'la.name', 'la.email', 'u.phone', isCustomerSql('la.id', 'u.phone').as('is_customer')])
        .where('la.id', '=', id)
        .executeTakeFirst();
    },

    findStudentsByAccountId(accountId: string): Promise<StudentRow[]> {
      return db
        .selectFrom('students')
        .select(['id', 'name', sql<string | null>`to_char(date_of_birth, 'YYYY-MM-DD')`.as('date_of_birth'), 'grade', 'school'])
        .where('learner_account_id', '=', accountId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    findLocationsByAccountId(accountId: string): Promise<LocationRow[]> {
      return db
        .selectFrom('learner_locations')
        .select(['id', 'label', 'address', 'lat', 'lng', 'pincode'])
        .where('learner_account_id', '=', accountId)
        .orderBy('position')
        .execute();
    },

    updateProfile: (id: string, changes: { name?: string; email?: string | null; completed?: boolean }, at: Date) => updateProfile(db, id, changes, at),

    async replaceLocations(accountId: string, locations: NewLocation[]): Promise<void> {
      await db.deleteFrom('learner_locations').where('learner_account_id', '=', accountId).execute();
      if (locations.length === 0) return;
      await db
        .insertInto('learner_locations')
        .values(locations.map((location, position) => ({ ...location, learner_account_id: accountId, position })))
        .execute();
    },

    /** Takes a row lock on the account so concurrent student inserts count correctly. */
    async lockById(id: string): Promise<void> {
      await db.selectFrom('learner_accounts').select('id').where('id', '=', id).forUpdate().execute();
    },

    async countStudents(accountId: string): Promise<number> {
      const row = await db
        .selectFrom('students')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('learner_account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      return row.count;
    },

    insertStudent: (values: { accountId: string; name: string; dateOfBirth: string | null; grade: string | null; school: string | null }) =>
      insertStudent(db, values),

    updateStudent: (
      accountId: string,
      studentId: string,
      patch: { name?: string; dateOfBirth?: string | null; grade?: string | null; school?: string | null },
    ) => updateStudent(db, accountId, studentId, patch),
  };
}

export type AccountsQueries = ReturnType<typeof queries>;

export function createAccountsRepository(db: Kysely<Database>) {
  return transactionalRepository(db, queries);
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
