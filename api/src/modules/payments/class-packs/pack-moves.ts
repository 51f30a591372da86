import { istDateKey } from '@kalike/shared/format/dates';
import type { ReplacedPack } from '../ledger/ledger-postings';
import { classPackMove } from '../lifecycle-moves';
import type { PaymentsQueries } from '../payments.repository';
import type { PackRow } from './class-packs.repository';
import { creditForPack } from './packs';

/**
 * A change of plan replaces the pack in use: its unused classes, at the per-class price paid
 * for it, become credit. Returns what the ledger is to book; a pack that lapsed or was already
 * replaced is worth nothing and keeps its status.
 */
export async function replacePack(tx: Pick<PaymentsQueries, 'packs'>, previous: PackRow, at: Date): Promise<ReplacedPack> {
  const { creditPaise, classesLeft } = creditForPack(previous, istDateKey(at));
  if (previous.status === 'active') await tx.packs.update(previous.id, { status: classPackMove('replace', previous.status), updated_at: at });
  return { packId: previous.id, planName: previous.plan_name, creditPaise, classesLeft };
}
