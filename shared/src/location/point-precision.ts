/**
 * Four decimals of a degree, about 11 m: the precision every learner's point is kept at, in the
 * app and in the API. The API measures distances and caches answers by it, and the web origins
 * cache server-rendered pages by it, so keeping the app's point at the same precision means two
 * neighbours a few metres apart share every one of those caches and see the same distances.
 */
export const pointDecimals = 4;

export function roundCoordinate(value: number): number {
  const factor = 10 ** pointDecimals;
  return Math.round(value * factor) / factor;
}
