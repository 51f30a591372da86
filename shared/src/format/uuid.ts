/**
 * The id format every record has (Postgres `uuid`, written in lower case by the database; upper
 * case is accepted because the type is case-insensitive). A plain pattern, so browser code can
 * check an id it read from storage or a URL without pulling in the schema library.
 */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}
