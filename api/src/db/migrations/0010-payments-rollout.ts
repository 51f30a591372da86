import { sql, type Kysely } from 'kysely';

/**
 * The switch for the staged rollout of the payment flow (docs/payments-rollout.md): `true`
 * sends a signed-in learner to the candidate build of mfe-payments, `false` to the stable
 * one. It ships at 0%: the candidate is reachable only once someone raises the rule's
 * coverage through the admin API. The shell hashes the learner account id (attribute `id`)
 * with this seed, so a learner's bucket stays the same as the percentage grows.
 */
export const paymentsRolloutFlag = {
  key: 'payments-flow-candidate',
  description: 'Staged rollout of the payment flow: share of signed-in learners (by account id) who get the candidate build of mfe-payments.',
  defaultValue: false,
  rules: [{ id: 'payments-candidate-rollout', force: true, coverage: 0, hashAttribute: 'id', seed: 'payments-flow-candidate' }],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into features (key, description, default_value, rules)
    values (${paymentsRolloutFlag.key}, ${paymentsRolloutFlag.description}, ${JSON.stringify(paymentsRolloutFlag.defaultValue)}::jsonb,
            ${JSON.stringify(paymentsRolloutFlag.rules)}::jsonb)
    on conflict (key) do nothing`.execute(db);
  // Clients compare dateUpdated; a new flag must not look like the payload they already have.
  await sql`
    update feature_payload_version
    set revision = revision + 1, date_updated = greatest(clock_timestamp(), date_updated + interval '1 millisecond')
    where id = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from features where key = ${paymentsRolloutFlag.key}`.execute(db);
  await sql`
    update feature_payload_version
    set revision = revision + 1, date_updated = greatest(clock_timestamp(), date_updated + interval '1 millisecond')
    where id = 1`.execute(db);
}
