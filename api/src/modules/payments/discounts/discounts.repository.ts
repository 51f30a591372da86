import { sql, type Kysely, type Selectable } from 'kysely';
import { orderStatusesHoldingDiscounts } from '@kalike/shared/domain/order-lifecycle';
import type { CouponsTable, Database } from '../../../db/schema';

export type CouponRow = Selectable<CouponsTable>;

export interface ReferralCodeRow {
  id: string;
  learner_account_id: string;
  code: string;
}

/**
 * Orders being opened or still waiting for payment hold their coupon and referral until they
 * are paid or lapse.
 */
const liveOrder = (at: Date, graceMs: number) =>
  sql<boolean>`o.status in (${sql.join([...orderStatusesHoldingDiscounts])}) and o.expires_at > ${new Date(at.getTime() - graceMs)}`;

export function discountQueries(db: Kysely<Database>) {
  return {
    findCouponByCode(code: string): Promise<CouponRow | undefined> {
      return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
    },

    /**
     * The coupon, locked until the transaction ends: its uses are counted only after this, so
     * two orders (or an order and a payment) cannot both take its last use.
     */
    lockCouponByCode(code: string): Promise<CouponRow | undefined> {
      return db.selectFrom('coupons').selectAll().where('code', '=', code).forUpdate().executeTakeFirst();
    },

    lockCoupon(id: string): Promise<CouponRow | undefined> {
      return db.selectFrom('coupons').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** Uses written by paid orders other than `orderId`, overall and by one learner. */
    async countRedemptions(couponId: string, learnerAccountId: string, orderId: string): Promise<{ total: number; byLearner: number }> {
      const row = await db
        .selectFrom('coupon_redemptions')
        .select([sql<number>`count(*)::int`.as('total'), sql<number>`(count(*) filter (where learner_account_id = ${learnerAccountId}))::int`.as('by_learner')])
        .where('coupon_id', '=', couponId)
        .where('order_id', '<>', orderId)
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), byLearner: Number(row.by_learner) };
    },

    /** Redemptions by paid orders plus uses held by orders still waiting for payment. */
    /** `renewing`: a batch student whose waiting orders the new order replaces, so they hold nothing. */
    async countCouponUses(couponId: string, at: Date, graceMs: number, learnerAccountId?: string, renewing?: string): Promise<number> {
      let redemptions = db
        .selectFrom('coupon_redemptions')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('coupon_id', '=', couponId);
      let pending = db
        .selectFrom('orders as o')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('o.coupon_id', '=', couponId)
        .where(liveOrder(at, graceMs));
      if (renewing) pending = pending.where(sql<boolean>`o.batch_student_id is distinct from ${renewing}`);
      if (learnerAccountId) {
        redemptions = redemptions.where('learner_account_id', '=', learnerAccountId);
        pending = pending.where('o.learner_account_id', '=', learnerAccountId);
      }
      const [a, b] = await Promise.all([redemptions.executeTakeFirstOrThrow(), pending.executeTakeFirstOrThrow()]);
      return Number(a.count) + Number(b.count);
    },

    async insertRedemption(values: { couponId: string; orderId: string; learnerAccountId: string; discountPaise: number; at: Date }): Promise<void> {
      await db
        .insertInto('coupon_redemptions')
        .values({
          coupon_id: values.couponId,
          order_id: values.orderId,
          learner_account_id: values.learnerAccountId,
          discount_paise: values.discountPaise,
          redeemed_at: values.at,
        })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .execute();
    },

    findReferralByCode(code: string): Promise<ReferralCodeRow | undefined> {
      return db.selectFrom('referral_codes').select(['id', 'learner_account_id', 'code']).where('code', '=', code).executeTakeFirst();
    },

    /** Whether the learner has paid for a class pack before: referrals are for the first one only. */
    async hasPaidClassPack(learnerAccountId: string): Promise<boolean> {
      const row = await db
        .selectFrom('orders')
        .select('id')
        .where('learner_account_id', '=', learnerAccountId)
        .where('purpose', 'in', ['class_pack', 'change_plan'])
        .where('status', '=', 'paid')
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Another order of the learner waiting for payment with a referral discount. */
    async hasLiveReferralOrder(learnerAccountId: string, at: Date, graceMs: number, renewing?: string): Promise<boolean> {
      let query = db
        .selectFrom('orders as o')
        .select('o.id')
        .where('o.learner_account_id', '=', learnerAccountId)
        .where('o.referral_code_id', 'is not', null)
        .where(liveOrder(at, graceMs));
      if (renewing) query = query.where(sql<boolean>`o.batch_student_id is distinct from ${renewing}`);
      const row = await query.executeTakeFirst();
      return Boolean(row);
    },
  };
}

export type DiscountQueries = ReturnType<typeof discountQueries>;
