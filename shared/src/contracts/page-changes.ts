import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';

// The feed of public teacher pages that changed (docs/marketplace-api.md, "Page changes"): the
// web origins poll it and drop the teacher pages they keep rendered.

/** The most changes one answer names; `more` says whether another answer follows at once. */
export const pageChangesLimit = 500;

/** A position in the feed: opaque (sealed by the API, 48 base64url characters), passed back as it came. */
export const pageChangeCursorPattern = '^[A-Za-z0-9_-]{48}$';

export const PageChangesQuerySchema = Type.Object(
  {
    /** The cursor of the previous answer; left out, the answer starts the feed from now. */
    after: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type PageChangesQuery = Static<typeof PageChangesQuerySchema>;

export const PageChangeSchema = Type.Object({
  /** The teacher whose page changed: `/discover/:city/:category/teachers/:teacherSlug`, every category. */
  teacherSlug: Type.String({ minLength: 1 }),
  changedAt: Type.String({ format: 'date-time' }),
});
export type PageChange = Static<typeof PageChangeSchema>;

export const PageChangesSchema = Type.Object({
  /** Send it back as `after` in the next request. */
  cursor: Type.String({ pattern: pageChangeCursorPattern }),
  /** In the order they were made, each teacher at most once per answer (its latest change). */
  changes: Type.Array(PageChangeSchema, { maxItems: pageChangesLimit }),
  /** More changes wait: ask again at once with the new cursor. */
  more: Type.Optional(Type.Boolean()),
  /**
   * The changes since `after` cannot be told (they were pruned, or the database is not the one
   * the cursor came from): drop every cached teacher page and go on from `cursor`.
   */
  reset: Type.Optional(Type.Literal(true)),
});
export type PageChanges = Static<typeof PageChangesSchema>;

const checkPageChanges = Compile(PageChangesSchema);

/**
 * An answer of GET /v1/marketplace/page-changes as received, checked: the answer, or an
 * error saying what is wrong with it. For readers that take it from the network.
 */
export function parsePageChanges(value: unknown): PageChanges {
  if (checkPageChanges.Check(value)) return value;
  const first = checkPageChanges.Errors(value)[0];
  const where = first?.instancePath || 'the answer';
  throw new Error(`Not a page-changes answer: ${where} ${first?.message ?? 'does not match'}`);
}
