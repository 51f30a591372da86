import { sql, type RawBuilder } from 'kysely';

/**
 * Whether a learner account is a customer, as an SQL expression over the account's id and its
 * user's phone columns: whoever has paid at least once, by a paid order or a payment request
 * completed before orders existed (requests are keyed by phone). The account and the signed-in
 * user (auth) read it from here, so analytics' user_type agrees with the account page.
 */
export function isCustomerSql(learnerAccountIdColumn: string, phoneColumn: string): RawBuilder<boolean> {
  return sql<boolean>`(
    exists (select 1 from orders o where o.learner_account_id = ${sql.ref(learnerAccountIdColumn)} and o.status = 'paid')
    or exists (select 1 from payment_requests pr where pr.learner_phone = ${sql.ref(phoneColumn)} and pr.status = 'completed')
  )`;
}
