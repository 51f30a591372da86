import { timeOfDayBits } from '../../listing-filters';
import type { BatchPlace } from '../../schema';
import { formatTime, type BatchGen, type ListingGen } from '../seed-context';
import type { ClassRows } from './class-seed-context';

/** Name, classes, discount on the per-class price, validity in days. */
export type PackShape = readonly [string, number, number, number];
export const basePacks: readonly PackShape[] = [
  ['Monthly pack', 8, 0, 35],
  ['Flexi pack', 12, 0.05, 50],
];
export const quarterlyPack: PackShape = ['Quarterly pack', 24, 0.1, 100];

const weekdayLabels = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export function batchName(days: readonly number[], start: string): string {
  return `${days.map((day) => weekdayLabels[day]).join(' & ')}, ${formatTime(start)}`;
}

/** A meeting room per online batch; any room name opens one. */
function onlineLink(batchId: string): string {
  return `https://meet.jit.si/kalike-${batchId.slice(0, 13)}`;
}

export interface ListingBatchRows {
  /** The listing's day and time filter masks, filled in as its batches are written. */
  masks: { day: number; time: number };
  pushBatch: (batch: BatchGen) => void;
  pushPlan: (batch: BatchGen, id: string, pack: PackShape) => void;
}

/**
 * Writes one listing's batch and class-pack plan rows: each batch meets where the listing does,
 * and each pack is priced from the listing's per-class price.
 */
export function listingBatchRows(listing: ListingGen, rows: ClassRows): ListingBatchRows {
  const { mode, apartment, locality, perClassPaise } = listing;
  const masks = { day: 0, time: 0 };
  const place: BatchPlace = mode === 'online' ? 'online' : mode === 'apartment' ? 'apartment' : 'locality';
  const pushBatch = (batch: BatchGen) => {
    for (const day of batch.days) masks.day |= 1 << (day - 1);
    masks.time |= batch.start < '12:00' ? timeOfDayBits.morning : batch.start < '16:00' ? timeOfDayBits.afternoon : timeOfDayBits.evening;
    rows.batches.push({
      id: batch.id,
      program_id: batch.program.id,
      name: batch.name,
      days_of_week: batch.days,
      start_time: batch.start,
      end_time: batch.end,
      starts_on: batch.startsOn,
      capacity: batch.capacity,
      seats_taken: batch.seatsTaken,
      place,
      apartment_id: place === 'apartment' ? (apartment?.id ?? null) : null,
      locality_id: place === 'locality' ? locality.id : null,
      ends_on: null,
      online_link: place === 'online' ? onlineLink(batch.id) : null,
    });
  };
  const pushPlan = (batch: BatchGen, id: string, [packName, classes, discount, validity]: PackShape) => {
    const pricePaise = Math.round((classes * perClassPaise * (1 - discount)) / 5000) * 5000;
    const plan = { id, name: `${packName} (${classes} classes)`, classes, pricePaise };
    batch.plans.push(plan);
    rows.plans.push({ id: plan.id, batch_id: batch.id, name: plan.name, classes_count: classes, price_paise: pricePaise, validity_days: validity });
  };
  return { masks, pushBatch, pushPlan };
}
