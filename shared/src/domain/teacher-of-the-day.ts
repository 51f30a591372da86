import { istDayStart, type DateKey } from '@kalike/shared/format/dates';

/**
 * How the home page's Teacher of the Day is chosen. The API applies it and the page says it,
 * from the same numbers.
 */
export const teacherOfTheDayRule = {
  /** Near: a class within this many km of the visitor, in person. */
  nearKm: 5,
  minRating: 4.5,
  /** Enough families have rated the teacher for the average to mean something. */
  minRatings: 10,
} as const;

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Today's pick among the day's candidates (given in a stable order): a different one each
 * Bengaluru day in turn, the same one all day for every visitor who has the same candidates.
 */
export function pickForDay<T>(candidates: readonly T[], day: DateKey): T | null {
  if (candidates.length === 0) return null;
  const dayNumber = Math.round(istDayStart(day).getTime() / dayMs);
  return candidates[dayNumber % candidates.length] ?? null;
}

/** What the page says about how its Teacher of the Day was chosen, given how far away they teach. */
export function teacherOfTheDayReason(distanceMetres: number | null): string {
  const { nearKm, minRating, minRatings } = teacherOfTheDayRule;
  const bar = `rated ${minRating} or more by at least ${minRatings} families`;
  if (distanceMetres !== null && distanceMetres <= nearKm * 1000) return `Chosen each day, in turn, from teachers within ${nearKm} km of you ${bar}.`;
  return `No teacher within ${nearKm} km of you is ${bar} yet, so this is the nearest who is.`;
}
