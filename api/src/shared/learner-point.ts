import { sql, type RawBuilder } from 'kysely';
import type { GeoPoint } from '@kalike/shared/contracts/teacher-listings';
import { earthRadiusMetres } from '@kalike/shared/format/distance';
import { roundCoordinate } from '@kalike/shared/location/point-precision';

declare const roundedOnce: unique symbol;

/**
 * The point distances are measured from, in the shape spec §7 gives it on the wire (`lat`,
 * `long`), which it keeps down to SQL. Only `learnerPoint` and `placePoint` make one, so a point
 * that reaches a query has been rounded exactly once.
 */
export interface LearnerPoint {
  readonly lat: number;
  readonly long: number;
  readonly [roundedOnce]: true;
}

/** Four decimals, about 11 m: finer would only split the response cache between neighbours. */
const round = roundCoordinate;

/** The learner's point from a validated query (`lat`, `long`): the one place it is rounded. */
export function learnerPoint(query: { lat: number; long: number }): LearnerPoint {
  return { lat: round(query.lat), long: round(query.long) } as LearnerPoint;
}

/** A place that stands in for the learner's point (a searched locality, an apartment), rounded the same way. */
export function placePoint(place: { lat: number; lng: number }): LearnerPoint {
  return learnerPoint({ lat: place.lat, long: place.lng });
}

/** The point on PostgreSQL's earth cube, the origin of `earth_distance` and `earth_box`. */
export function earthPoint(point: LearnerPoint): RawBuilder<unknown> {
  return sql`ll_to_earth(${point.lat}::float8, ${point.long}::float8)`;
}

/**
 * Great-circle metres: earth_distance's own formula (`sec_to_gc` of the chord), written out.
 * earth_distance inlines to `sec_to_gc(cube_distance(…))`, but sec_to_gc, a SQL function, cannot
 * be inlined (it is strict and its CASE body is not), so each row runs the SQL-function executor:
 * on PGlite about half a millisecond, which made the radius test and the card's distance the
 * slowest part of a page. Same operations in the same order, so the result is the same float.
 */
export const metresOfChord = (chord: RawBuilder<number>) =>
  sql<number>`(2 * ${sql.lit(earthRadiusMetres)}::float8 * asin(least(1::float8, ${chord} / (2 * ${sql.lit(earthRadiusMetres)}::float8))))`;

/** The great-circle distance, in metres, of a straight chord through the earth of `chordM` (`metresOfChord` in JavaScript). */
export const greatCircleMetres = (chordM: number): number => 2 * earthRadiusMetres * Math.asin(Math.min(1, chordM / (2 * earthRadiusMetres)));

/** The point as responses carry it (`origin`, `location`: `lat`, `lng`). */
export function toGeoPoint(point: LearnerPoint): GeoPoint {
  return { lat: point.lat, lng: point.long };
}
