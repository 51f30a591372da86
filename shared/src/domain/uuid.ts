/**
 * An id's shape as the API checks it (`format: 'uuid'` in its schemas): any version, either
 * case. Ids from links, storage and native apps are checked with it before they are sent,
 * so a mangled one shows "not found" at once instead of costing a round trip.
 */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}
