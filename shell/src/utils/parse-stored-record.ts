/**
 * A value kept in the browser's storage, read back as an object of unknown fields, or null when
 * it is missing, not JSON or not an object: stored state is outside input like any other, and
 * each reader checks the fields it needs.
 */
export function parseStoredRecord(raw: string | null): Record<string, unknown> | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
