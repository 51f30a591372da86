import { addDaysToDateKey } from '@kalike/shared/format/dates';
import { addMinutes, type BatchGen, type ProgramGen } from '../seed-context';
import { familyBatches } from '../sessions';
import { basePacks, batchName, quarterlyPack, type ListingBatchRows, type PackShape } from './batch-rows';
import type { ClassSeedContext } from './class-seed-context';

const dayPatterns: number[][] = [[2, 4], [1, 3, 5], [6, 7], [6], [7], [3, 5], [1, 4], [2, 6]];
const weekdayTimes = ['06:30', '07:00', '16:00', '16:30', '17:00', '17:30', '18:00', '18:30', '19:00', '19:30'];
const weekendTimes = ['08:00', '09:00', '10:00', '11:00', '15:00', '16:30'];

/** Meera's children's batches on the program that hosts them, drawing ids from their own stream so adding them moves no other row. */
export function seedFamilyBatches({ anchor, streams, seeded }: ClassSeedContext, program: ProgramGen, batchRows: ListingBatchRows): void {
  for (const family of familyBatches) {
    const batch: BatchGen = {
      id: family.id,
      program,
      name: batchName([...family.days], family.start),
      days: [...family.days],
      start: family.start,
      end: family.end,
      startsOn: addDaysToDateKey(anchor, -family.startsDaysBefore),
      capacity: family.capacity,
      seatsTaken: family.seatsTaken,
      plans: [],
    };
    batchRows.pushBatch(batch);
    for (const pack of [...basePacks, quarterlyPack]) batchRows.pushPlan(batch, streams.family.uuid(), pack);
    seeded.familyBatches.push(batch);
  }
}

/** A program's batches drawn from the classes stream, each with its class-pack plans. */
export function seedDrawnBatches({ anchor, profile, streams, seeded }: ClassSeedContext, program: ProgramGen, batchRows: ListingBatchRows): void {
  const random = streams.class;
  const mode = program.listing.mode;
  const batchCount = random.int(...profile.batchesPerProgram);
  for (let b = 0; b < batchCount; b++) {
    const days = random.pick(dayPatterns);
    const weekendOnly = days.every((day) => day >= 6);
    const start = random.pick(weekendOnly ? weekendTimes : weekdayTimes);
    const duration = random.pick([45, 60, 60, 90]);
    const end = addMinutes(start, duration);
    const startsOn = addDaysToDateKey(anchor, -random.int(-14, 120));
    const capacity = mode === 'at_home' ? random.int(1, 3) : random.int(6, 20);
    // How full the batch is drawn steers which batches the seed's scenarios pick; the seats it
    // shows taken are counted from the places seeded in it, at the end (`countSeatsFromPlaces`).
    const seatsTaken = random.int(0, capacity);
    const batch: BatchGen = { id: random.uuid(), program, name: batchName(days, start), days, start, end, startsOn, capacity, seatsTaken, plans: [] };
    batchRows.pushBatch(batch);
    const packs: PackShape[] = [...basePacks];
    if (random.chance(0.5)) packs.push(quarterlyPack);
    for (const pack of packs) batchRows.pushPlan(batch, random.uuid(), pack);
    seeded.batches.push(batch);
  }
}
