import { sql, type Kysely } from 'kysely';

/** The next day of a YYYY-MM-DD key, as the migration cannot import the app's date helpers. */
const nextDay = (key: string, days = 1): string => {
  const date = new Date(`${key}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * A pack bought while another is in use waits behind it: paid packs of one place form a chain of
 * dates, each starting the day after the one in front ends. Packs also carry the days a teacher's
 * cancellations and holidays gave back (`extra_days`, one `pack_extensions` row per lost class and
 * place), a family is warned once before classes lapse (`pack_lapse_warnings`), and a request
 * withdrawn because the family already holds what it asks for says so (`cancel_reason`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table batch_student_plans add column extra_days integer not null default 0 check (extra_days >= 0)`.execute(db);
  await sql`alter table payment_requests add column cancel_reason text`.execute(db);
  await sql`
    create table pack_extensions (
      id uuid primary key default gen_random_uuid(),
      batch_student_id uuid not null references batch_students (id) on delete cascade,
      batch_student_plan_id uuid not null references batch_student_plans (id) on delete cascade,
      session_id uuid not null references class_sessions (id) on delete cascade,
      days integer not null check (days > 0),
      created_at timestamptz not null,
      -- A lost class gives a place its day back once, however often it is reported.
      unique (session_id, batch_student_id)
    )`.execute(db);
  await sql`
    create table pack_lapse_warnings (
      batch_student_plan_id uuid primary key references batch_student_plans (id) on delete cascade,
      valid_until date not null,
      sent_at timestamptz not null
    )`.execute(db);
  await redateOverlappingPacks(db);
}

/**
 * Places that hold two paid packs at once (bought before packs queued): a pack no class has come
 * out of yet moves to start the day after the one in front of it ends, keeping its length.
 */
async function redateOverlappingPacks(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{
    id: string;
    batch_student_id: string;
    valid_from: string;
    valid_until: string;
    validity_days: number;
    used: number;
  }>`
    select bsp.id, bsp.batch_student_id, to_char(bsp.valid_from, 'YYYY-MM-DD') as valid_from,
           to_char(bsp.valid_until, 'YYYY-MM-DD') as valid_until, bsp.validity_days,
           (select count(*) from ledger_entries le where le.batch_student_plan_id = bsp.id and le.kind = 'class_consumed')::int as used
    from batch_student_plans bsp
    where bsp.status = 'active' and bsp.batch_student_id is not null
    order by bsp.batch_student_id, bsp.valid_from, bsp.seq`.execute(db);
  let place: string | null = null;
  let end = '';
  for (const pack of rows) {
    if (pack.batch_student_id !== place) {
      place = pack.batch_student_id;
      end = '';
    }
    if (end !== '' && pack.valid_from <= end && pack.used === 0) {
      const validFrom = nextDay(end);
      const validUntil = nextDay(validFrom, pack.validity_days - 1);
      await sql`update batch_student_plans set valid_from = ${validFrom}, valid_until = ${validUntil} where id = ${pack.id}`.execute(db);
      end = validUntil;
    } else {
      end = end > pack.valid_until ? end : pack.valid_until;
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists pack_lapse_warnings`.execute(db);
  await sql`drop table if exists pack_extensions`.execute(db);
  await sql`alter table payment_requests drop column if exists cancel_reason`.execute(db);
  await sql`alter table batch_student_plans drop column if exists extra_days`.execute(db);
}
