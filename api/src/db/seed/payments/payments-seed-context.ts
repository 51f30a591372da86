import { istDayStart } from '@kalike/shared/format/dates';
import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import type { Random } from '../random';

export const DAY_MS = 86_400_000;

/** What every part of the payments seed reads: the transaction, the payments' random stream and its calendar. */
export interface PaymentsSeedContext {
  db: Kysely<Database>;
  random: Random;
  /** `hour` o'clock (Bengaluru time) `days` before the anchor day; a negative `days` is after it. */
  daysAgo: (days: number, hour?: number) => Date;
}

export function createPaymentsSeedContext(db: Kysely<Database>, random: Random, anchorDate: string): PaymentsSeedContext {
  const dayStart = istDayStart(anchorDate).getTime();
  return { db, random, daysAgo: (days, hour = 10) => new Date(dayStart - days * DAY_MS + hour * 3_600_000) };
}
