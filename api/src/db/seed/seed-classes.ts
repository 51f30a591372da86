import { addDaysToDateKey } from '@kalike/shared/format/dates';
import { timeOfDayBits } from '../listing-filters';
import type { BatchPlace, ListingMode } from '../schema';
import { bulkInsert, type SeedRow } from './bulk-insert';
import { categories } from './catalogue';
import type { Random } from './random';
import { addMinutes, formatTime, istTimestamp, type BatchGen, type ListingGen, type ProgramGen, type SeedContext, type TeacherGen } from './seed-context';
import { familyBatches } from './sessions';
import type { SeededPlaces } from './seed-teachers';

const weekdayLabels = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const dayPatterns: number[][] = [[2, 4], [1, 3, 5], [6, 7], [6], [7], [3, 5], [1, 4], [2, 6]];
const weekdayTimes = ['06:30', '07:00', '16:00', '16:30', '17:00', '17:30', '18:00', '18:30', '19:00', '19:30'];
const weekendTimes = ['08:00', '09:00', '10:00', '11:00', '15:00', '16:30'];
const levels = ['beginner', 'intermediate', 'advanced', 'all_levels'] as const;

function batchName(days: readonly number[], start: string): string {
  return `${days.map((day) => weekdayLabels[day]).join(' & ')}, ${formatTime(start)}`;
}

/** A meeting room per online batch; any room name opens one. */
function onlineLink(batchId: string): string {
  return `https://meet.jit.si/kalike-${batchId.slice(0, 13)}`;
}

function jitter(random: Random, value: number, spread: number): number {
  return Math.round((value + (random.next() * 2 - 1) * spread) * 1e6) / 1e6;
}

/** Name, classes, discount on the per-class price, validity in days. */
type PackShape = readonly [string, number, number, number];
const basePacks: readonly PackShape[] = [
  ['Monthly pack', 8, 0, 35],
  ['Flexi pack', 12, 0.05, 50],
];
const quarterlyPack: PackShape = ['Quarterly pack', 24, 0.1, 100];

export interface SeededClasses {
  listings: ListingGen[];
  programs: ProgramGen[];
  batches: BatchGen[];
  /** Meera's children's batches, kept apart so every random pick over `batches` stays as it was. */
  familyBatches: BatchGen[];
}

/** The rows one listing's generation writes, gathered for the four bulk inserts. */
interface ClassRows {
  listings: SeedRow<'teacher_listings'>[];
  programs: SeedRow<'programs'>[];
  batches: SeedRow<'batches'>[];
  plans: SeedRow<'class_pack_plans'>[];
}

interface ClassStreams {
  listing: Random;
  class: Random;
  family: Random;
}

/**
 * Every teacher's listings, with their programs, batches and class-pack plans. Listings draw
 * from one stream and programs and batches from another, so the counts of one never move the
 * other's rows.
 */
export async function seedClasses(
  context: SeedContext,
  teachers: readonly TeacherGen[],
  places: SeededPlaces,
  categoryIds: ReadonlyMap<string, string>,
): Promise<SeededClasses> {
  const { db, profile, summary, stream } = context;
  const streams: ClassStreams = { listing: stream('listings'), class: stream('classes'), family: stream('family') };
  const seeded: SeededClasses = { listings: [], programs: [], batches: [], familyBatches: [] };
  const rows: ClassRows = { listings: [], programs: [], batches: [], plans: [] };
  const perTeacher = Math.floor(profile.listings / profile.teachers);
  const extra = profile.listings % profile.teachers;

  teachers.forEach((teacher, teacherIndex) => {
    const count = perTeacher + (teacherIndex < extra ? 1 : 0);
    const used = new Set<string>();
    for (let n = 0; n < count; n++) {
      let category = teacher.category;
      if (n > 0) {
        const sameGroup = categories.filter((c) => c.group === teacher.category.group && !used.has(c.slug));
        category = streams.listing.pick(sameGroup.length > 0 ? sameGroup : categories.filter((c) => !used.has(c.slug)));
      }
      used.add(category.slug);
      // The teacher of the day's first listing hosts the family batches, so it meets in person.
      const hostsFamily = teacherIndex === 0 && n === 0;
      seedListing(context, { teacher, category, hostsFamily }, places, categoryIds, streams, seeded, rows);
    }
  });

  summary.teacher_listings = await bulkInsert(db, 'teacher_listings', rows.listings);
  summary.programs = await bulkInsert(db, 'programs', rows.programs);
  summary.batches = await bulkInsert(db, 'batches', rows.batches);
  summary.class_pack_plans = await bulkInsert(db, 'class_pack_plans', rows.plans);
  return seeded;
}

function seedListing(
  { anchor, profile }: SeedContext,
  { teacher, category, hostsFamily }: { teacher: TeacherGen; category: ListingGen['category']; hostsFamily: boolean },
  places: SeededPlaces,
  categoryIds: ReadonlyMap<string, string>,
  streams: ClassStreams,
  seeded: SeededClasses,
  rows: ClassRows,
): void {
  const random = streams.listing;
  // Swapping in a mode that draws nothing extra keeps every later listing as it was.
  const drawnMode = random.pick(category.modes);
  const mode: ListingMode = hostsFamily && drawnMode === 'online' ? (category.modes.includes('at_centre') ? 'at_centre' : 'at_home') : drawnMode;
  let locality = random.chance(0.75) ? teacher.home : random.pick(places.localities);
  let apartment: ListingGen['apartment'] = null;
  let lat = jitter(random, locality.lat, 0.012);
  let lng = jitter(random, locality.lng, 0.012);
  if (mode === 'apartment') {
    apartment = random.pick(places.apartments);
    const apartmentLocality = places.localityBySlug.get(apartment.locality);
    if (apartmentLocality) locality = apartmentLocality;
    lat = apartment.lat;
    lng = apartment.lng;
  }
  const perClassPaise = random.int(category.perClassRupees[0] / 50, category.perClassRupees[1] / 50) * 5000;
  const baseTitle = random.pick(category.titles);
  const title =
    mode === 'online' ? `${baseTitle} (online)` : mode === 'apartment' && apartment ? `${baseTitle} at ${apartment.name}` : `${baseTitle} in ${locality.name}`;
  const ageMin = Math.min(category.ages[1] - 2, category.ages[0] + random.int(0, 3));
  const ageMax = Math.max(ageMin + 2, category.ages[1] - random.int(0, 5));
  const categoryId = categoryIds.get(category.slug);
  if (!categoryId) throw new Error(`Listing in unknown category ${category.slug}`);
  const listing: ListingGen = { id: random.uuid(), teacher, category, locality, apartment, mode, perClassPaise, active: true };
  seeded.listings.push(listing);

  const programNames = streams.class.sample(category.programs, streams.class.int(...profile.programsPerListing));
  const searchText = [title, category.name, teacher.name, locality.name, apartment?.name ?? '', ...programNames].filter(Boolean).join(' ').toLowerCase();
  // The filter masks are filled in as the listing's batches are drawn; computing them here
  // spares the bench seed an UPDATE of every listing row.
  const masks = { day: 0, time: 0 };
  listing.active = !random.chance(0.05) || hostsFamily;
  const listingRow: SeedRow<'teacher_listings'> = {
    id: listing.id,
    teacher_id: teacher.id,
    category_id: categoryId,
    title,
    locality_id: locality.id,
    apartment_id: apartment?.id ?? null,
    lat,
    lng,
    mode,
    price_from_paise: perClassPaise * 8,
    age_min: ageMin,
    age_max: ageMax,
    search_text: searchText,
    is_active: listing.active,
    review_state: 'live',
    created_at: istTimestamp(addDaysToDateKey(anchor, -random.int(0, 400)), '11:00'),
    day_mask: 0,
    time_mask: 0,
    badge_mask: teacher.badgeMask,
    teacher_rating_avg: teacher.ratingAvg,
  };
  rows.listings.push(listingRow);

  programNames.forEach((programName, programIndex) => {
    const program: ProgramGen = { id: streams.class.uuid(), listing, name: programName };
    seeded.programs.push(program);
    const level = programIndex === 0 ? streams.class.pick(['beginner', 'all_levels'] as const) : streams.class.pick(levels);
    rows.programs.push({
      id: program.id,
      listing_id: listing.id,
      name: programName,
      level,
      description: `${programName} with ${teacher.name}. ${category.description} Ages ${ageMin} to ${ageMax}.`,
    });
    const place: BatchPlace = mode === 'online' ? 'online' : mode === 'apartment' ? 'apartment' : 'locality';
    const pushBatch = (batch: BatchGen) => {
      for (const day of batch.days) masks.day |= 1 << (day - 1);
      masks.time |= batch.start < '12:00' ? timeOfDayBits.morning : batch.start < '16:00' ? timeOfDayBits.afternoon : timeOfDayBits.evening;
      rows.batches.push({
        id: batch.id,
        program_id: program.id,
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

    if (hostsFamily && programIndex === 0) {
      // From their own stream, so adding them moves no other row.
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
        pushBatch(batch);
        for (const pack of [...basePacks, quarterlyPack]) pushPlan(batch, streams.family.uuid(), pack);
        seeded.familyBatches.push(batch);
      }
    }

    const random = streams.class;
    const batchCount = random.int(...profile.batchesPerProgram);
    for (let b = 0; b < batchCount; b++) {
      const days = random.pick(dayPatterns);
      const weekendOnly = days.every((day) => day >= 6);
      const start = random.pick(weekendOnly ? weekendTimes : weekdayTimes);
      const duration = random.pick([45, 60, 60, 90]);
      const end = addMinutes(start, duration);
      const startsOn = addDaysToDateKey(anchor, -random.int(-14, 120));
      const capacity = mode === 'at_home' ? random.int(1, 3) : random.int(6, 20);
      const seatsTaken = random.int(0, capacity);
      const batch: BatchGen = { id: random.uuid(), program, name: batchName(days, start), days, start, end, startsOn, capacity, seatsTaken, plans: [] };
      pushBatch(batch);
      const packs: PackShape[] = [...basePacks];
      if (random.chance(0.5)) packs.push(quarterlyPack);
      for (const pack of packs) pushPlan(batch, random.uuid(), pack);
      seeded.batches.push(batch);
    }
  });
  listingRow.day_mask = masks.day;
  listingRow.time_mask = masks.time;
}
