/**
 * Whether a database error is a unique constraint refusing a second row (SQLSTATE 23505).
 * Where two requests race to create the same thing, the constraint is the referee: the loser
 * lands here and is answered as "already done", never as a 500. node-postgres and PGlite both
 * carry the SQLSTATE in `code`.
 */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
