import { sql, type Kysely } from 'kysely';

/** The learner web app's SDK key; documented in api/README.md. */
export const seededClientKey = 'sdk-kalikeWebLearner01';

// The starting flag set ships with the schema so every environment (and every test database)
// serves the same payload before anyone opens the admin API. Rules are stored in the admin
// format; the payload route turns them into GrowthBook SDK rules.
const seededFeatures: { key: string; description: string; defaultValue: unknown; rules: unknown[] }[] = [
  {
    key: 'payments-new-checkout',
    description: 'New checkout flow, rolled out to 10% of learners by id.',
    defaultValue: false,
    rules: [{ id: 'rollout-10pct', force: true, coverage: 0.1, hashAttribute: 'id', seed: 'payments-new-checkout' }],
  },
  { key: 'discover-map-view', description: 'Map view on /discover.', defaultValue: true, rules: [] },
  { key: 'request-class-bubble', description: 'The Request Class helper bubble.', defaultValue: true, rules: [] },
  {
    key: 'teacher-card-layout',
    description: 'Teacher card layout experiment on listings.',
    defaultValue: 'classic',
    rules: [
      {
        id: 'teacher-card-layout-exp',
        key: 'teacher-card-layout',
        name: 'Teacher card layout',
        status: 'running',
        variations: ['classic', 'compact'],
        weights: [0.5, 0.5],
        coverage: 1,
        hashAttribute: 'id',
        seed: 'teacher-card-layout',
      },
    ],
  },
  {
    key: 'enquiry-form-steps',
    description: 'Stopped experiment: the two-step enquiry form won and is served to everyone.',
    defaultValue: 'one-step',
    rules: [
      {
        id: 'enquiry-form-steps-exp',
        key: 'enquiry-form-steps',
        name: 'Enquiry form steps',
        status: 'stopped',
        variations: ['one-step', 'two-step'],
        weights: [0.5, 0.5],
        coverage: 1,
        hashAttribute: 'id',
        seed: 'enquiry-form-steps',
        force: 'two-step',
      },
    ],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // Typo-tolerant place search; apartments already have this index (0002).
  await sql`create index localities_name_trgm_idx on localities using gin (name gin_trgm_ops)`.execute(db);

  await sql`
    create table feature_clients (
      client_key text primary key check (client_key ~ '^sdk-[A-Za-z0-9]{8,40}$'),
      name text not null,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table features (
      key text primary key check (key ~ '^[a-z0-9][a-z0-9-]{1,60}$'),
      description text not null default '',
      default_value jsonb not null,
      rules jsonb not null default '[]'::jsonb check (jsonb_typeof(rules) = 'array'),
      updated_at timestamptz not null default now()
    )`.execute(db);

  // One row: the payload version. Deletes leave no row behind to date, so the version lives apart
  // from the features and every edit bumps it in the same transaction.
  await sql`
    create table feature_payload_version (
      id smallint primary key default 1 check (id = 1),
      revision bigint not null,
      date_updated timestamptz not null
    )`.execute(db);

  await sql`
    create table analytics_events (
      id bigint generated always as identity primary key,
      received_at timestamptz not null default now(),
      stream text not null check (stream in ('learner', 'teacher')),
      kind text not null check (kind in ('funnel', 'engagement')),
      name text not null,
      lat_lng text,
      address text,
      pincode char(6),
      event_type text not null,
      user_type text not null check (user_type in ('customer', 'new')),
      is_logged_in boolean not null,
      user_time timestamptz not null,
      client text not null check (client in ('MobileWeb', 'DesktopWeb')),
      ref_page text,
      ref_section text,
      properties jsonb not null default '{}'::jsonb
    )`.execute(db);
  await sql`create index analytics_events_stream_name_time_idx on analytics_events (stream, name, received_at)`.execute(db);

  await sql`insert into feature_clients (client_key, name) values (${seededClientKey}, 'Learner web app')`.execute(db);
  for (const feature of seededFeatures) {
    await sql`
      insert into features (key, description, default_value, rules)
      values (${feature.key}, ${feature.description}, ${JSON.stringify(feature.defaultValue)}::jsonb, ${JSON.stringify(feature.rules)}::jsonb)
    `.execute(db);
  }
  await sql`insert into feature_payload_version (id, revision, date_updated) values (1, 1, now())`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists analytics_events, feature_payload_version, features, feature_clients`.execute(db);
  await sql`drop index if exists localities_name_trgm_idx`.execute(db);
}
