import { sql, type Kysely } from 'kysely';

/**
 * Demo people are seeded on +91 00000 XXXXX (shared/src/domain/demo-phones.ts), numbers no
 * subscriber can have, instead of real-format mobiles. The columns that insist on a mobile
 * number also take that range; the API decides when one may be used (only in the local demo).
 */
const mobileOrDemo = String.raw`^\+91([6-9][0-9]{9}|00000[0-9]{5})$`;
const mobileOnly = String.raw`^\+91[6-9][0-9]{9}$`;

const checked = [
  ['users', 'phone'],
  ['enquiries', 'alternate_phone'],
  ['payment_links', 'learner_phone'],
] as const;

async function recheck(db: Kysely<unknown>, pattern: string): Promise<void> {
  for (const [table, column] of checked) {
    const constraint = `${table}_${column}_check`;
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(constraint)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(constraint)} check (${sql.ref(column)} ~ ${sql.lit(pattern)})`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await recheck(db, mobileOrDemo);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await recheck(db, mobileOnly);
}
