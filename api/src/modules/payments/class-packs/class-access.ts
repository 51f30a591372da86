import { formatTime, istDateKey } from '@kalike/shared/format/dates';
import { holdLapsed } from '../../../shared/batch-seats';
import type { PaymentsRepository } from '../payments.repository';
import type { ClassAccess } from '../payments.port';
import { isUsable } from './packs';

export interface ClassAccessDeps {
  repository: Pick<PaymentsRepository, 'places' | 'packs'>;
  now: () => Date;
}

/** Who may have a batch's class link, for the sessions a family sees. */
export function createClassAccess({ repository, now }: ClassAccessDeps) {
  return {
    /**
     * Who may have a batch's class link: a student with a pack in use (classes left, within its
     * validity) or one the teacher admitted (enrolled from the teacher's batch offer). Anyone
     * else, a seat held unpaid or a pack used up or lapsed, gets the reason instead.
     */
    async classAccess(batchStudentIds: readonly string[]): Promise<Map<string, ClassAccess>> {
      const at = now();
      const today = istDateKey(at);
      const access = new Map<string, ClassAccess>();
      for (const id of batchStudentIds) {
        const [row, packs] = await Promise.all([repository.places.find(id), repository.packs.findOf(id)]);
        if (!row) continue;
        const admitted = row.enquiry_id !== null && (row.status === 'enrolled' || row.status === 'active');
        if (admitted || ((row.status === 'active' || row.status === 'enrolled') && packs.some((pack) => isUsable(pack, today)))) {
          access.set(id, { allowed: true });
        } else if (row.status === 'held' && row.hold_expires_at && !holdLapsed(row, at)) {
          access.set(id, {
            allowed: false,
            reason: 'seat_held_unpaid',
            message: `Your seat is held until ${formatTime(new Date(row.hold_expires_at))} while you pay. The class link appears here once a class pack is paid.`,
          });
        } else {
          access.set(id, {
            allowed: false,
            reason: 'no_usable_pack',
            message: 'The class link appears here while you have a class pack with classes left. Buy or renew a pack to join online.',
          });
        }
      }
      return access;
    },
  };
}
