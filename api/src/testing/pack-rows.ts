import type { PackRow } from '../modules/payments/class-packs/class-packs.repository';

/** A paid pack as the packs query reads it, for the pure tests of pack dates and the queue. */
export function packRow(id: string, values: Partial<PackRow> = {}): PackRow {
  return {
    id,
    batch_student_id: 'place',
    class_pack_plan_id: 'plan',
    plan_name: 'Starter pack',
    classes_total: 8,
    price_paise: 240_000,
    validity_days: 60,
    paid_paise: 240_000,
    status: 'active',
    valid_from: '2026-10-01',
    valid_until: '2026-11-30',
    classes_left: 3,
    classes_used: 5,
    extra_days: 0,
    last_class_on: null,
    ...values,
  };
}
