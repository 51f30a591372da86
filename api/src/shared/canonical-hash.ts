import { createHash } from 'node:crypto';

type Json = string | number | boolean | null | undefined | Json[] | { [key: string]: Json };

/**
 * JSON with object keys sorted and absent or null fields dropped, so two bodies that mean the
 * same thing (a field left out, sent as null, or in another order) serialise identically.
 * Array order is kept: it carries meaning (targets are answered in order).
 */
export function canonicalJson(value: unknown): string {
  const normalise = (item: Json): Json => {
    if (Array.isArray(item)) return item.map(normalise);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(
        Object.keys(item)
          .sort()
          .filter((key) => item[key] !== undefined && item[key] !== null)
          .map((key) => [key, normalise(item[key])]),
      );
    }
    return item;
  };
  return JSON.stringify(normalise(value as Json)) ?? 'null';
}

/** sha256 (hex) of the canonical JSON of `value`. */
export function canonicalHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
