import { sql, type Kysely } from 'kysely';
import type { SeedSize } from '../../config';
import type { BatchPlace, ClassUpdateKindColumn, Database, ListingMode, TeacherBadge } from '../schema';
import { seedAccounts, seedPhones, wellKnownLearners, wellKnownTeacher } from './accounts';
import { badgeBits, timeOfDayBits } from '../listing-filters';
import { bulkInsert, type CellValue } from './bulk-insert';
import { seedEnquiries, wellKnownEnquiryIds } from './enquiries';
import { seedPayments } from './payments';
import {
  familyBatches,
  seedFamilyCalendar,
  seedFamilyEnrolments,
  seedPastSessions,
  sessionColumns,
  upcomingSessionRows,
  type SeedSchedule,
} from './sessions';
import {
  categories,
  festivals,
  firstNames,
  languagePool,
  lastNames,
  learnerNames,
  reviewComments,
  venues,
  type CategorySeed,
} from './catalogue';
import { apartments, localities, type ApartmentSeed, type LocalitySeed } from './places';
import { createRandom, type Random } from './random';

/** Payment requests with stable ids, so links in docs, the UI and e2e tests keep working. */
export const wellKnownPaymentRequestIds = {
  open: '00000000-0000-4000-8000-000000000001',
  completed: '00000000-0000-4000-8000-000000000002',
  cancelled: '00000000-0000-4000-8000-000000000003',
  openSecond: '00000000-0000-4000-8000-000000000004',
} as const;

interface SizeProfile {
  teachers: number;
  listings: number;
  programsPerListing: [number, number];
  batchesPerProgram: [number, number];
  classUpdates: number;
  paymentRequests: number;
  /** Written reviews per teacher are drawn from 0 to this. */
  reviewsPerTeacherMax: number;
}

const profiles: Record<SeedSize, SizeProfile> = {
  test: { teachers: 40, listings: 60, programsPerListing: [1, 2], batchesPerProgram: [1, 2], classUpdates: 60, paymentRequests: 30, reviewsPerTeacherMax: 8 },
  standard: { teachers: 400, listings: 700, programsPerListing: [1, 2], batchesPerProgram: [1, 2], classUpdates: 200, paymentRequests: 90, reviewsPerTeacherMax: 8 },
  bench: { teachers: 40_000, listings: 100_000, programsPerListing: [1, 1], batchesPerProgram: [1, 1], classUpdates: 2_000, paymentRequests: 300, reviewsPerTeacherMax: 2 },
};

export interface SeedOptions {
  size: SeedSize;
  /** First day of the seeded calendar, YYYY-MM-DD in Bengaluru time; fixed in tests. */
  anchorDate: string;
  /** Same seed and options, same rows. */
  seed?: string;
  /** Told each time a table's rows are written (the bench seed takes a while). */
  onProgress?: (progress: SeedProgress) => void;
}

export interface SeedSummary {
  [table: string]: number;
}

export interface SeedProgress {
  table: string;
  rows: number;
  /** Tables written so far. */
  tables: number;
}

/**
 * The summary every step writes its row count into; each write is also reported, so the
 * progress follows the seed without every step having to say so.
 */
function reportingSummary(onProgress: SeedOptions['onProgress']): SeedSummary {
  const summary: SeedSummary = {};
  if (!onProgress) return summary;
  return new Proxy(summary, {
    set(target, table, rows) {
      target[table as string] = rows as number;
      onProgress({ table: String(table), rows: rows as number, tables: Object.keys(target).length });
      return true;
    },
  });
}

const IST_OFFSET = '+05:30';

function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

function istTimestamp(date: string, time: string): string {
  return `${date}T${time}:00${IST_OFFSET}`;
}

function addMinutes(time: string, minutes: number): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function jitter(random: Random, value: number, spread: number): number {
  return Math.round((value + (random.next() * 2 - 1) * spread) * 1e6) / 1e6;
}

const weekdayLabels = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const dayPatterns: number[][] = [[2, 4], [1, 3, 5], [6, 7], [6], [7], [3, 5], [1, 4], [2, 6]];
const weekdayTimes = ['06:30', '07:00', '16:00', '16:30', '17:00', '17:30', '18:00', '18:30', '19:00', '19:30'];
const weekendTimes = ['08:00', '09:00', '10:00', '11:00', '15:00', '16:30'];
const levels = ['beginner', 'intermediate', 'advanced', 'all_levels'] as const;

function formatTime(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

function batchName(days: readonly number[], start: string): string {
  return `${days.map((day) => weekdayLabels[day]).join(' & ')}, ${formatTime(start)}`;
}

/** A meeting room per online batch; any room name opens one. */
function onlineLink(batchId: string): string {
  return `https://meet.jit.si/kalike-${batchId.slice(0, 13)}`;
}

/** Name, classes, discount on the per-class price, validity in days. */
type PackShape = readonly [string, number, number, number];
const basePacks: readonly PackShape[] = [
  ['Monthly pack', 8, 0, 35],
  ['Flexi pack', 12, 0.05, 50],
];
const quarterlyPack: PackShape = ['Quarterly pack', 24, 0.1, 100];

function formatRupees(paise: number): string {
  return `₹${(paise / 100).toLocaleString('en-IN')}`;
}

interface TeacherGen {
  id: string;
  name: string;
  phone: string;
  slug: string;
  category: CategorySeed;
  home: LocalitySeed & { id: string };
  ratingAvg: number;
  ratingCount: number;
  createdAt: string;
  badgeMask: number;
}

interface ListingGen {
  id: string;
  teacher: TeacherGen;
  category: CategorySeed;
  locality: LocalitySeed & { id: string };
  apartment: (ApartmentSeed & { id: string }) | null;
  mode: ListingMode;
  perClassPaise: number;
  active: boolean;
}

interface ProgramGen {
  id: string;
  listing: ListingGen;
  name: string;
}

interface BatchGen {
  id: string;
  program: ProgramGen;
  name: string;
  days: number[];
  start: string;
  end: string;
  startsOn: string;
  capacity: number;
  seatsTaken: number;
  plans: { id: string; name: string; classes: number; pricePaise: number }[];
}

/**
 * Fills an empty, migrated database. Each table draws from its own PRNG stream, so changing
 * how one table is generated does not reshuffle the others.
 */
export async function seedDatabase(db: Kysely<Database>, options: SeedOptions): Promise<SeedSummary> {
  const profile = profiles[options.size];
  const seed = options.seed ?? 'kalike';
  const anchor = options.anchorDate;
  const stream = (name: string): Random => createRandom(`${seed}:${options.size}:${name}`);
  const summary = reportingSummary(options.onProgress);

  await db.transaction().execute(async (trx) => {
    // Places
    const placeRandom = stream('places');
    const localityRows = localities.map((locality) => ({ ...locality, id: placeRandom.uuid() }));
    const localityBySlug = new Map(localityRows.map((locality) => [locality.slug, locality]));
    summary.localities = await bulkInsert(
      trx,
      'localities',
      [
        { name: 'id', type: 'uuid' },
        { name: 'slug', type: 'text' },
        { name: 'name', type: 'text' },
        { name: 'pincode', type: 'text' },
        { name: 'lat', type: 'float8' },
        { name: 'lng', type: 'float8' },
      ],
      localityRows.map((l) => [l.id, l.slug, l.name, l.pincode, l.lat, l.lng]),
    );

    const apartmentRows = apartments.map((apartment) => ({ ...apartment, id: placeRandom.uuid() }));
    summary.apartments = await bulkInsert(
      trx,
      'apartments',
      [
        { name: 'id', type: 'uuid' },
        { name: 'slug', type: 'text' },
        { name: 'name', type: 'text' },
        { name: 'locality_id', type: 'uuid' },
        { name: 'pincode', type: 'text' },
        { name: 'lat', type: 'float8' },
        { name: 'lng', type: 'float8' },
      ],
      apartmentRows.map((a) => {
        const locality = localityBySlug.get(a.locality);
        if (!locality) throw new Error(`Apartment ${a.slug} names unknown locality ${a.locality}`);
        return [a.id, a.slug, a.name, locality.id, locality.pincode, a.lat, a.lng];
      }),
    );

    // Categories
    const categoryRandom = stream('categories');
    const categoryIds = new Map(categories.map((category) => [category.slug, categoryRandom.uuid()]));
    summary.categories = await bulkInsert(
      trx,
      'categories',
      [
        { name: 'id', type: 'uuid' },
        { name: 'slug', type: 'text' },
        { name: 'name', type: 'text' },
        { name: 'description', type: 'text' },
        { name: 'icon', type: 'text' },
        { name: 'sort_order', type: 'int' },
      ],
      categories.map((c, index) => [categoryIds.get(c.slug) ?? null, c.slug, c.name, c.description, c.icon, (index + 1) * 10]),
    );

    // Teachers
    const teacherRandom = stream('teachers');
    const teachers: TeacherGen[] = [];
    const teacherRows: CellValue[][] = [];
    const badgeRows: CellValue[][] = [];
    for (let i = 0; i < profile.teachers; i++) {
      const first = teacherRandom.pick(firstNames);
      const last = teacherRandom.pick(lastNames);
      const name = `${first} ${last}`;
      const slug = `${slugify(name)}-${(i + 1).toString(36)}`;
      const category = teacherRandom.pick(categories);
      const home = teacherRandom.pick(localityRows);
      const years = teacherRandom.int(2, 28);
      const languages = ['English', ...teacherRandom.sample(languagePool.slice(1), teacherRandom.int(1, 2))];
      const credential = teacherRandom.pick(category.credentials);
      const style = teacherRandom.pick([
        'Classes are small, so every student gets individual attention.',
        'Parents get a short progress note after every month.',
        'Lessons balance fundamentals with pieces the students enjoy.',
        'Beginners are welcome; the first class is a relaxed assessment.',
        'Students are encouraged to perform at the annual day every December.',
      ]);
      const bio =
        `${first} has been teaching ${category.name.toLowerCase()} in ${home.name} for ${years} years and ${credential}. ` +
        `${style} Teaches in ${languages.join(', ')}.`;
      const id = teacherRandom.uuid();
      // Numbers come from the demo range by index (unique at every size); the two draws that
      // once made a random mobile number still happen, so every later draw and row stays as it was.
      teacherRandom.pick(['9', '8', '7']);
      teacherRandom.int(0, 999_999_999);
      const phone = i === 0 ? wellKnownTeacher.phone : seedPhones.teacher(i);
      const ratingCount = teacherRandom.int(0, 240);
      const ratingAvg = ratingCount === 0 ? 0 : Math.round((3.8 + teacherRandom.next() * 1.2) * 100) / 100;
      const createdAt = istTimestamp(addDays(anchor, -teacherRandom.int(30, 1500)), '10:00');
      const teacher: TeacherGen = { id, name, slug, category, home, phone, ratingAvg, ratingCount, createdAt, badgeMask: 0 };
      teachers.push(teacher);
      teacherRows.push([id, slug, name, bio, years, null, phone, languages, ratingAvg, ratingCount, categoryIds.get(category.slug) ?? null, createdAt]);

      const badges: [TeacherBadge, string][] = [];
      if (teacherRandom.chance(0.3)) badges.push(['verified', 'Identity and qualifications checked']);
      if (ratingAvg >= 4.6 && ratingCount >= 40) badges.push(['super_teacher', `Rated ${ratingAvg} by ${ratingCount} learners`]);
      if (i === 0) badges.push(['teacher_of_the_day', 'Featured for consistently glowing parent feedback']);
      for (const [badge, reason] of badges) {
        teacher.badgeMask |= badgeBits[badge];
        badgeRows.push([id, badge, istTimestamp(addDays(anchor, -teacherRandom.int(0, 20)), '09:00'), reason]);
      }
    }
    summary.teachers = await bulkInsert(
      trx,
      'teachers',
      [
        { name: 'id', type: 'uuid' },
        { name: 'slug', type: 'text' },
        { name: 'name', type: 'text' },
        { name: 'bio', type: 'text' },
        { name: 'experience_years', type: 'int' },
        { name: 'photo_url', type: 'text' },
        { name: 'phone', type: 'text' },
        { name: 'languages', type: 'text[]' },
        { name: 'rating_avg', type: 'numeric' },
        { name: 'rating_count', type: 'int' },
        { name: 'main_category_id', type: 'uuid' },
        { name: 'created_at', type: 'timestamptz' },
      ],
      teacherRows,
    );
    summary.teacher_badges = await bulkInsert(
      trx,
      'teacher_badges',
      [
        { name: 'teacher_id', type: 'uuid' },
        { name: 'badge', type: 'text' },
        { name: 'granted_at', type: 'timestamptz' },
        { name: 'reason', type: 'text' },
      ],
      badgeRows,
    );

    // Listings, programs, batches, plans
    const listingRandom = stream('listings');
    const classRandom = stream('classes');
    const familyRandom = stream('family');
    const listings: ListingGen[] = [];
    const programs: ProgramGen[] = [];
    const batches: BatchGen[] = [];
    /** Meera's children's batches, kept apart so every random pick over `batches` stays as it was. */
    const familyBatchGens: BatchGen[] = [];
    const listingRows: CellValue[][] = [];
    const programRows: CellValue[][] = [];
    const batchRows: CellValue[][] = [];
    const planRows: CellValue[][] = [];
    const perTeacher = Math.floor(profile.listings / profile.teachers);
    const extra = profile.listings % profile.teachers;

    teachers.forEach((teacher, teacherIndex) => {
      const count = perTeacher + (teacherIndex < extra ? 1 : 0);
      const used = new Set<string>();
      for (let n = 0; n < count; n++) {
        let category = teacher.category;
        if (n > 0) {
          const sameGroup = categories.filter((c) => c.group === teacher.category.group && !used.has(c.slug));
          category = listingRandom.pick(sameGroup.length > 0 ? sameGroup : categories.filter((c) => !used.has(c.slug)));
        }
        used.add(category.slug);
        // The teacher of the day's first listing hosts the family batches, so it meets in person;
        // swapping in a mode that draws nothing extra keeps every later listing as it was.
        const hostsFamily = teacherIndex === 0 && n === 0;
        const drawnMode = listingRandom.pick(category.modes);
        const mode: ListingMode =
          hostsFamily && drawnMode === 'online' ? (category.modes.includes('at_centre') ? 'at_centre' : 'at_home') : drawnMode;
        let locality = listingRandom.chance(0.75) ? teacher.home : listingRandom.pick(localityRows);
        let apartment: ListingGen['apartment'] = null;
        let lat = jitter(listingRandom, locality.lat, 0.012);
        let lng = jitter(listingRandom, locality.lng, 0.012);
        if (mode === 'apartment') {
          apartment = listingRandom.pick(apartmentRows);
          const apartmentLocality = localityBySlug.get(apartment.locality);
          if (apartmentLocality) locality = apartmentLocality;
          lat = apartment.lat;
          lng = apartment.lng;
        }
        const perClassPaise = listingRandom.int(category.perClassRupees[0] / 50, category.perClassRupees[1] / 50) * 5000;
        const baseTitle = listingRandom.pick(category.titles);
        const title =
          mode === 'online'
            ? `${baseTitle} (online)`
            : mode === 'apartment' && apartment
              ? `${baseTitle} at ${apartment.name}`
              : `${baseTitle} in ${locality.name}`;
        const ageMin = Math.min(category.ages[1] - 2, category.ages[0] + listingRandom.int(0, 3));
        const ageMax = Math.max(ageMin + 2, category.ages[1] - listingRandom.int(0, 5));
        const listing: ListingGen = { id: listingRandom.uuid(), teacher, category, locality, apartment, mode, perClassPaise, active: true };
        listings.push(listing);

        const programNames = classRandom.sample(category.programs, classRandom.int(...profile.programsPerListing));
        const searchText = [title, category.name, teacher.name, locality.name, apartment?.name ?? '', ...programNames]
          .filter(Boolean)
          .join(' ')
          .toLowerCase();
        // The filter masks are filled in below as the listing's batches are drawn; computing them
        // here spares the bench seed an UPDATE of every listing row.
        const masks = { day: 0, time: 0 };
        listing.active = !listingRandom.chance(0.05) || hostsFamily;
        const listingRow: CellValue[] = [
          listing.id, teacher.id, categoryIds.get(category.slug) ?? null, title, locality.id, apartment?.id ?? null,
          lat, lng, mode, perClassPaise * 8, ageMin, ageMax, searchText, listing.active,
          istTimestamp(addDays(anchor, -listingRandom.int(0, 400)), '11:00'),
        ];
        listingRows.push(listingRow);

        programNames.forEach((programName, programIndex) => {
          const program: ProgramGen = { id: classRandom.uuid(), listing, name: programName };
          programs.push(program);
          const level = programIndex === 0 ? classRandom.pick(['beginner', 'all_levels'] as const) : classRandom.pick(levels);
          programRows.push([
            program.id, listing.id, programName, level,
            `${programName} with ${teacher.name}. ${category.description} Ages ${ageMin} to ${ageMax}.`,
          ]);
          const place: BatchPlace = mode === 'online' ? 'online' : mode === 'apartment' ? 'apartment' : 'locality';
          const pushBatch = (batch: BatchGen) => {
            for (const day of batch.days) masks.day |= 1 << (day - 1);
            masks.time |= batch.start < '12:00' ? timeOfDayBits.morning : batch.start < '16:00' ? timeOfDayBits.afternoon : timeOfDayBits.evening;
            batchRows.push([
              batch.id, program.id, batch.name, batch.days, batch.start, batch.end, batch.startsOn, batch.capacity, batch.seatsTaken, place,
              place === 'apartment' ? (apartment?.id ?? null) : null,
              place === 'locality' ? locality.id : null,
              null,
              place === 'online' ? onlineLink(batch.id) : null,
            ]);
          };
          const pushPlan = (batch: BatchGen, id: string, [packName, classes, discount, validity]: PackShape) => {
            const pricePaise = Math.round((classes * perClassPaise * (1 - discount)) / 5000) * 5000;
            const plan = { id, name: `${packName} (${classes} classes)`, classes, pricePaise };
            batch.plans.push(plan);
            planRows.push([plan.id, batch.id, plan.name, classes, pricePaise, validity]);
          };

          if (hostsFamily && programIndex === 0) {
            // From their own stream, so adding them moves no other row.
            for (const family of familyBatches) {
              const batch: BatchGen = {
                id: family.id, program, name: batchName([...family.days], family.start), days: [...family.days], start: family.start, end: family.end,
                startsOn: addDays(anchor, -family.startsDaysBefore), capacity: family.capacity, seatsTaken: family.seatsTaken, plans: [],
              };
              pushBatch(batch);
              for (const pack of [...basePacks, quarterlyPack]) pushPlan(batch, familyRandom.uuid(), pack);
              familyBatchGens.push(batch);
            }
          }

          const batchCount = classRandom.int(...profile.batchesPerProgram);
          for (let b = 0; b < batchCount; b++) {
            const days = classRandom.pick(dayPatterns);
            const weekendOnly = days.every((day) => day >= 6);
            const start = classRandom.pick(weekendOnly ? weekendTimes : weekdayTimes);
            const duration = classRandom.pick([45, 60, 60, 90]);
            const end = addMinutes(start, duration);
            const startsOn = addDays(anchor, -classRandom.int(-14, 120));
            const capacity = mode === 'at_home' ? classRandom.int(1, 3) : classRandom.int(6, 20);
            const seatsTaken = classRandom.int(0, capacity);
            const batch: BatchGen = { id: classRandom.uuid(), program, name: batchName(days, start), days, start, end, startsOn, capacity, seatsTaken, plans: [] };
            pushBatch(batch);
            const packs: PackShape[] = [...basePacks];
            if (classRandom.chance(0.5)) packs.push(quarterlyPack);
            for (const pack of packs) pushPlan(batch, classRandom.uuid(), pack);
            batches.push(batch);
          }
        });
        listingRow.push(masks.day, masks.time, teacher.badgeMask, teacher.ratingAvg);
      }
    });

    summary.teacher_listings = await bulkInsert(
      trx,
      'teacher_listings',
      [
        { name: 'id', type: 'uuid' },
        { name: 'teacher_id', type: 'uuid' },
        { name: 'category_id', type: 'uuid' },
        { name: 'title', type: 'text' },
        { name: 'locality_id', type: 'uuid' },
        { name: 'apartment_id', type: 'uuid' },
        { name: 'lat', type: 'float8' },
        { name: 'lng', type: 'float8' },
        { name: 'mode', type: 'text' },
        { name: 'price_from_paise', type: 'int' },
        { name: 'age_min', type: 'int' },
        { name: 'age_max', type: 'int' },
        { name: 'search_text', type: 'text' },
        { name: 'is_active', type: 'boolean' },
        { name: 'created_at', type: 'timestamptz' },
        { name: 'day_mask', type: 'smallint' },
        { name: 'time_mask', type: 'smallint' },
        { name: 'badge_mask', type: 'smallint' },
        { name: 'teacher_rating_avg', type: 'numeric' },
      ],
      listingRows,
    );
    summary.programs = await bulkInsert(
      trx,
      'programs',
      [
        { name: 'id', type: 'uuid' },
        { name: 'listing_id', type: 'uuid' },
        { name: 'name', type: 'text' },
        { name: 'level', type: 'text' },
        { name: 'description', type: 'text' },
      ],
      programRows,
    );
    summary.batches = await bulkInsert(
      trx,
      'batches',
      [
        { name: 'id', type: 'uuid' },
        { name: 'program_id', type: 'uuid' },
        { name: 'name', type: 'text' },
        { name: 'days_of_week', type: 'smallint[]' },
        { name: 'start_time', type: 'time' },
        { name: 'end_time', type: 'time' },
        { name: 'starts_on', type: 'date' },
        { name: 'capacity', type: 'int' },
        { name: 'seats_taken', type: 'int' },
        { name: 'place', type: 'text' },
        { name: 'apartment_id', type: 'uuid' },
        { name: 'locality_id', type: 'uuid' },
        { name: 'ends_on', type: 'date' },
        { name: 'online_link', type: 'text' },
      ],
      batchRows,
    );
    summary.class_pack_plans = await bulkInsert(
      trx,
      'class_pack_plans',
      [
        { name: 'id', type: 'uuid' },
        { name: 'batch_id', type: 'uuid' },
        { name: 'name', type: 'text' },
        { name: 'classes_count', type: 'int' },
        { name: 'price_paise', type: 'int' },
        { name: 'validity_days', type: 'int' },
      ],
      planRows,
    );

    // Sessions: every batch's days up to the generation horizon, through the API's own schedule
    // expansion, streamed so bench size stays in memory bounds.
    const scheduleOf = (batch: BatchGen): SeedSchedule => ({
      id: batch.id, daysOfWeek: batch.days, startTime: batch.start, endTime: batch.end, startsOn: batch.startsOn, endsOn: null,
    });
    function* schedules(): Generator<SeedSchedule> {
      for (const batch of familyBatchGens) yield scheduleOf(batch);
      for (const batch of batches) yield scheduleOf(batch);
    }
    summary.class_sessions = await bulkInsert(trx, 'class_sessions', sessionColumns, upcomingSessionRows(schedules(), anchor, stream('sessions')), 10_000);

    // Payment requests
    const paymentRandom = stream('payment-requests');
    const fixed: [string, 'open' | 'completed' | 'cancelled'][] = [
      [wellKnownPaymentRequestIds.open, 'open'],
      [wellKnownPaymentRequestIds.completed, 'completed'],
      [wellKnownPaymentRequestIds.cancelled, 'cancelled'],
      [wellKnownPaymentRequestIds.openSecond, 'open'],
    ];
    const statuses = ['open', 'completed', 'cancelled'] as const;
    const paymentRows: CellValue[][] = [];
    // Students are written with the accounts, further down; their requests are linked to them then.
    const requestStudents: { requestId: string; studentId: string }[] = [];
    for (let i = 0; i < fixed.length + profile.paymentRequests; i++) {
      const [fixedId, fixedStatus] = fixed[i] ?? [];
      const id = fixedId ?? paymentRandom.uuid();
      const status = fixedStatus ?? statuses[i % statuses.length] ?? 'open';
      const drawn = paymentRandom.pick(batches);
      const drawnPlan = paymentRandom.pick(drawn.plans);
      // A seeded learner's request is for a batch with a free seat, so paying it can give their
      // child the place; the draws above still happen, so no other row changes.
      const seated = i < fixed.length && drawn.seatsTaken >= drawn.capacity ? batches.find((candidate) => candidate.seatsTaken < candidate.capacity && candidate.plans.length > 0) : undefined;
      const batch = seated ?? drawn;
      const plan = seated ? (seated.plans[0] ?? drawnPlan) : drawnPlan;
      const learner = `${paymentRandom.pick(firstNames)} ${paymentRandom.pick(lastNames)}`;
      const student = paymentRandom.pick(learnerNames);
      // Everything happened strictly before the anchor day, so nothing is dated in the future.
      const daysAgo = paymentRandom.int(1, 40);
      const createdOn = addDays(anchor, -daysAgo);
      const createdAt = istTimestamp(createdOn, `${String(paymentRandom.int(8, 21)).padStart(2, '0')}:${String(paymentRandom.int(0, 59)).padStart(2, '0')}`);
      const completedAt = status === 'completed' ? istTimestamp(addDays(createdOn, paymentRandom.int(0, Math.min(6, daysAgo - 1))), '23:15') : null;
      // A demo-range number; the first draw is kept so later draws stay as they were.
      paymentRandom.pick(['9', '8', '7']);
      const randomPhone = seedPhones.other(paymentRandom.int(0, 999_999_999));
      // The fixed requests belong to seeded learners, so signing in as them shows real history;
      // the random draws above still happen, so no other row changes.
      const owner = i < 2 ? wellKnownLearners.asha : i < fixed.length ? wellKnownLearners.rahul : undefined;
      // A seeded learner's request is for their first child, so paying it delivers that child's pack.
      const ownStudent = owner?.students[0];
      paymentRows.push([
        id, batch.id, batch.program.listing.teacher.id, owner?.name ?? learner, owner?.phone ?? randomPhone, ownStudent?.name ?? student,
        `${plan.name} for ${batch.program.name} (${batch.name}), ${formatRupees(plan.pricePaise)}`,
        plan.pricePaise, status, addDays(createdOn, 7), createdAt, completedAt, plan.id,
      ]);
      if (ownStudent) requestStudents.push({ requestId: id, studentId: ownStudent.id });
    }
    summary.payment_requests = await bulkInsert(
      trx,
      'payment_requests',
      [
        { name: 'id', type: 'uuid' },
        { name: 'batch_id', type: 'uuid' },
        { name: 'teacher_id', type: 'uuid' },
        { name: 'learner_name', type: 'text' },
        { name: 'learner_phone', type: 'text' },
        { name: 'student_name', type: 'text' },
        { name: 'description', type: 'text' },
        { name: 'amount_paise', type: 'int' },
        { name: 'status', type: 'text' },
        { name: 'due_on', type: 'date' },
        { name: 'created_at', type: 'timestamptz' },
        { name: 'completed_at', type: 'timestamptz' },
        { name: 'class_pack_plan_id', type: 'uuid' },
      ],
      paymentRows,
    );

    // Class updates feed
    const updateRandom = stream('class-updates');
    const updateRows: CellValue[][] = [];
    let previousPublishedAt = '';
    for (let i = 0; i < profile.classUpdates; i++) {
      const batch = updateRandom.pick(batches);
      const listing = batch.program.listing;
      const teacher = listing.teacher;
      const kind = updateRandom.pick<ClassUpdateKindColumn>(['new_batch', 'new_batch', 'schedule_change', 'holiday', 'event', 'achievement']);
      const place = listing.mode === 'online' ? 'online' : `in ${listing.apartment?.name ?? listing.locality.name}`;
      const day = addDays(anchor, updateRandom.int(2, 20));
      const dayLabel = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
      const [title, body] = ((): [string, string] => {
        switch (kind) {
          case 'new_batch':
            return [
              `New ${batch.program.name} batch ${place}`,
              `${teacher.name} is starting a new ${batch.program.name.toLowerCase()} batch on ${dayLabel}, ${batch.name}. ` +
                `Plans start at ${formatRupees(batch.plans[0]?.pricePaise ?? listing.perClassPaise * 8)} for 8 classes; seats are limited.`,
            ];
          case 'schedule_change':
            return [
              `${batch.program.name}: timing change from ${dayLabel}`,
              `From ${dayLabel} the ${batch.name} batch moves to ${formatTime(addMinutes(batch.start, updateRandom.pick([30, 60, -30])))} because of school exam timings. Everything else stays the same.`,
            ];
          case 'holiday':
            return [
              `No ${listing.category.name.toLowerCase()} classes for ${updateRandom.pick(festivals)}`,
              `Classes on ${dayLabel} are off for the festival. The missed class will be made up the following weekend; ${teacher.name} will confirm the slot on the group.`,
            ];
          case 'event':
            return [
              `Students' showcase at ${updateRandom.pick(venues)}`,
              `${teacher.name}'s ${listing.category.name.toLowerCase()} students perform on ${dayLabel}, 5:30 PM. Families are welcome; entry is free.`,
            ];
          default:
            return [
              `${updateRandom.pick(learnerNames)} did it!`,
              updateRandom.pick([
                `Congratulations to our ${batch.program.name.toLowerCase()} student for clearing the grade exam with distinction.`,
                `Two students from the ${batch.name} batch won prizes at an inter-school competition in ${listing.locality.name}.`,
                `A proud moment: our student was selected for the district-level ${listing.category.name.toLowerCase()} event.`,
              ]),
            ];
        }
      })();
      // Some updates share a timestamp on purpose, so keyset pagination must break ties by id.
      const publishedAt =
        previousPublishedAt && i % 10 === 5
          ? previousPublishedAt
          : new Date(Date.parse(istTimestamp(anchor, '00:00')) - updateRandom.int(1, 60 * 24 * 60) * 60_000).toISOString();
      previousPublishedAt = publishedAt;
      updateRows.push([
        updateRandom.uuid(), teacher.id, kind === 'holiday' || kind === 'achievement' ? null : batch.id,
        listing.mode === 'online' ? null : listing.locality.id, kind, title, body, publishedAt,
      ]);
    }
    summary.class_updates = await bulkInsert(
      trx,
      'class_updates',
      [
        { name: 'id', type: 'uuid' },
        { name: 'teacher_id', type: 'uuid' },
        { name: 'batch_id', type: 'uuid' },
        { name: 'locality_id', type: 'uuid' },
        { name: 'kind', type: 'text' },
        { name: 'title', type: 'text' },
        { name: 'body', type: 'text' },
        { name: 'published_at', type: 'timestamptz' },
      ],
      updateRows,
    );

    // Users and learner accounts
    const accountRandom = stream('accounts');
    Object.assign(
      summary,
      await seedAccounts(trx, teachers, () => accountRandom.uuid(), istTimestamp(addDays(anchor, -60), '10:00')),
    );
    for (const { requestId, studentId } of requestStudents) {
      await trx.updateTable('payment_requests').set({ student_id: studentId }).where('id', '=', requestId).execute();
    }

    // Written reviews: a few per rated teacher, never more than the teacher's rating count and
    // never older than the teacher; their ratings scatter around the teacher's average.
    const reviewRandom = stream('reviews');
    const listingsByTeacher = new Map<string, ListingGen[]>();
    for (const listing of listings) {
      const own = listingsByTeacher.get(listing.teacher.id);
      if (own) own.push(listing);
      else listingsByTeacher.set(listing.teacher.id, [listing]);
    }
    const reviewRows: CellValue[][] = [];
    for (const teacher of teachers) {
      const own = listingsByTeacher.get(teacher.id);
      const count = Math.min(teacher.ratingCount, reviewRandom.int(0, profile.reviewsPerTeacherMax));
      if (!own || count === 0) continue;
      const ageDays = Math.max(1, Math.round((Date.parse(istTimestamp(anchor, '10:00')) - Date.parse(teacher.createdAt)) / 86_400_000));
      for (let r = 0; r < count; r++) {
        const listing = reviewRandom.pick(own);
        const rating = Math.max(1, Math.min(5, Math.round(teacher.ratingAvg + (reviewRandom.next() * 2 - 1) * 0.9)));
        const author = `${reviewRandom.pick(firstNames)} ${reviewRandom.pick(lastNames).charAt(0)}.`;
        const student = reviewRandom.pick(learnerNames);
        const comment = reviewRandom.pick(reviewComments[rating] ?? reviewComments[4] ?? [])
          .replace('{student}', student)
          .replace('{teacher}', teacher.name.split(' ')[0] ?? teacher.name)
          .replace('{subject}', listing.category.name.toLowerCase());
        const minutesAgo = reviewRandom.int(60, ageDays * 24 * 60);
        reviewRows.push([
          reviewRandom.uuid(), teacher.id, listing.id, null, author, rating, comment,
          new Date(Date.parse(istTimestamp(anchor, '00:00')) - minutesAgo * 60_000).toISOString(),
        ]);
      }
    }
    summary.teacher_reviews = await bulkInsert(
      trx,
      'teacher_reviews',
      [
        { name: 'id', type: 'uuid' },
        { name: 'teacher_id', type: 'uuid' },
        { name: 'listing_id', type: 'uuid' },
        { name: 'learner_account_id', type: 'uuid' },
        { name: 'author_name', type: 'text' },
        { name: 'rating', type: 'smallint' },
        { name: 'comment', type: 'text' },
        { name: 'created_at', type: 'timestamptz' },
      ],
      reviewRows,
    );

    // Enquiries in every state for Asha, from their own stream, after every other table.
    const firstTeacher = teachers[0];
    if (firstTeacher) {
      Object.assign(
        summary,
        await seedEnquiries(trx, {
          random: stream('enquiries'),
          anchorDate: anchor,
          teacherOfTheDayId: firstTeacher.id,
          listings: listings.map((listing) => ({
            id: listing.id,
            teacherId: listing.teacher.id,
            teacherSlug: listing.teacher.slug,
            categorySlug: listing.category.slug,
            active: listing.active,
          })),
          // The family batches first: their listing's enrolled enquiry takes a seat in one of them.
          batches: [...familyBatchGens, ...batches].map((batch) => ({
            id: batch.id,
            listingId: batch.program.listing.id,
            capacity: batch.capacity,
            seatsTaken: batch.seatsTaken,
          })),
        }),
      );
    }

    // Meera's children join the family batches; the past sessions of every batch with a seeded
    // student whose attendance is marked come next, so payments can consume classes from them.
    summary.batch_students = (summary.batch_students ?? 0) + (await seedFamilyEnrolments(trx, anchor));
    const attending = await trx
      .selectFrom('batch_students as bs')
      .leftJoin('enquiries as e', 'e.batch_student_id', 'bs.id')
      .select(['bs.batch_id', 'bs.created_at'])
      .where((eb) => eb.or([eb('bs.learner_account_id', '=', wellKnownLearners.meera.accountId), eb('e.id', '=', wellKnownEnquiryIds.enrolled)]))
      .execute();
    const batchById = new Map([...familyBatchGens, ...batches].map((batch) => [batch.id, batch]));
    const firstEnrolled = new Map<string, Date>();
    for (const row of attending) {
      const at = new Date(row.created_at);
      const known = firstEnrolled.get(row.batch_id);
      if (!known || at < known) firstEnrolled.set(row.batch_id, at);
    }
    const pastSessions = await seedPastSessions(trx, {
      anchor,
      random: stream('past-sessions'),
      batches: [...firstEnrolled].flatMap(([batchId, firstEnrolledAt]) => {
        const batch = batchById.get(batchId);
        return batch ? [{ ...scheduleOf(batch), firstEnrolledAt }] : [];
      }),
    });
    summary.class_sessions += pastSessions.length;

    // Coupons, referral codes, payment links and paid class packs, from their own stream, last.
    Object.assign(
      summary,
      await seedPayments(trx, {
        random: stream('payments'),
        anchorDate: anchor,
        batches: batches.map((batch) => ({ id: batch.id, seatsTaken: batch.seatsTaken, teacherId: batch.program.listing.teacher.id })),
        pastSessions,
      }),
    );

    // Last, from its own stream: a class the teacher called off and a holiday, both upcoming.
    Object.assign(summary, await seedFamilyCalendar(trx, { anchor, random: stream('family-calendar') }));
  });

  // Fresh statistics let the planner pick the GiST and trigram indexes straight away.
  await sql`analyze`.execute(db);
  return { ...summary };
}

export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('categories')
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count === 0;
}
