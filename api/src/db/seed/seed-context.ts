import { istInstant } from '@kalike/shared/format/dates';
import type { Kysely } from 'kysely';
import type { SeedSize } from '../../config';
import type { Database, ListingMode } from '../schema';
import type { CategorySeed } from './catalogue';
import type { ApartmentSeed, LocalitySeed } from './places';
import type { Random } from './random';

export interface SizeProfile {
  teachers: number;
  listings: number;
  programsPerListing: [number, number];
  batchesPerProgram: [number, number];
  classUpdates: number;
  paymentRequests: number;
  /** Written reviews per teacher are drawn from 0 to this. */
  reviewsPerTeacherMax: number;
}

export const profiles: Record<SeedSize, SizeProfile> = {
  test: { teachers: 40, listings: 60, programsPerListing: [1, 2], batchesPerProgram: [1, 2], classUpdates: 60, paymentRequests: 30, reviewsPerTeacherMax: 8 },
  standard: {
    teachers: 400,
    listings: 700,
    programsPerListing: [1, 2],
    batchesPerProgram: [1, 2],
    classUpdates: 200,
    paymentRequests: 90,
    reviewsPerTeacherMax: 8,
  },
  bench: {
    teachers: 40_000,
    listings: 100_000,
    programsPerListing: [1, 1],
    batchesPerProgram: [1, 1],
    classUpdates: 2_000,
    paymentRequests: 300,
    reviewsPerTeacherMax: 2,
  },
};

export interface SeedSummary {
  [table: string]: number;
}

/** What every step of the seed reads: the transaction, the size, the calendar and the random streams. */
export interface SeedContext {
  db: Kysely<Database>;
  profile: SizeProfile;
  /** First day of the seeded calendar, YYYY-MM-DD in Bengaluru time. */
  anchor: string;
  /** Each table draws from its own stream, so changing one table does not reshuffle the others. */
  stream: (name: string) => Random;
  summary: SeedSummary;
}

export type LocalityRow = LocalitySeed & { id: string };
export type ApartmentRow = ApartmentSeed & { id: string };

export interface TeacherGen {
  id: string;
  name: string;
  phone: string;
  slug: string;
  category: CategorySeed;
  home: LocalityRow;
  ratingAvg: number;
  ratingCount: number;
  createdAt: string;
  badgeMask: number;
}

export interface ListingGen {
  id: string;
  teacher: TeacherGen;
  category: CategorySeed;
  locality: LocalityRow;
  apartment: ApartmentRow | null;
  mode: ListingMode;
  perClassPaise: number;
  active: boolean;
}

export interface ProgramGen {
  id: string;
  listing: ListingGen;
  name: string;
}

export interface BatchGen {
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

/** A Bengaluru wall-clock time on a calendar day, as the ISO instant rows store. */
export function istTimestamp(date: string, time: string): string {
  return istInstant(date, time).toISOString();
}

export function addMinutes(time: string, minutes: number): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

export function formatTime(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

export function formatRupees(paise: number): string {
  return `₹${(paise / 100).toLocaleString('en-IN')}`;
}
