import { Type, type Static } from 'typebox';
import { AuthTokensSchema, CurrentUserSchema } from '@kalike/shared/contracts/auth';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { placeKinds } from '@kalike/shared/contracts/geo';

export const TeacherJoinBodySchema = Type.Object(
  {
    /** Any script; trimmed and spaces joined on the server, then held to accounts' person-name rule (domain/account-values). */
    name: Type.String({ minLength: 1, maxLength: 200 }),
    /** What they teach: a category from `GET /v1/marketplace/categories`. */
    categoryId: Uuid,
    /** Where they teach from: a locality, or an apartment (its locality is kept), from `GET /v1/geo/places`. */
    place: Type.Optional(
      Type.Object(
        { kind: Type.Enum(placeKinds), slug: Type.String({ minLength: 1, maxLength: 120, pattern: '^[a-z0-9-]+$' }) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type TeacherJoinBody = Static<typeof TeacherJoinBodySchema>;

export const JoinedTeacherSchema = Type.Object({
  id: Uuid,
  /** The teacher page's address part; never changes, whatever the name becomes. */
  slug: Type.String(),
  name: Type.String(),
});
export type JoinedTeacher = Static<typeof JoinedTeacherSchema>;

/** The teacher, the user as their new teacher sign-in sees them, and that sign-in's pair. */
export const TeacherJoinResponseSchema = Type.Object({
  teacher: JoinedTeacherSchema,
  user: CurrentUserSchema,
  tokens: AuthTokensSchema,
});
export type TeacherJoinResponse = Static<typeof TeacherJoinResponseSchema>;

/** What teaching on Kalike costs, from the API's configuration. */
export const TeachingTermsSchema = Type.Object({
  /** Kalike's fee on what learners pay a teacher, in basis points of each payment's taxable value (1000 = 10 %). */
  kalikeFeeBasisPoints: Type.Integer({ minimum: 0, maximum: 10_000 }),
});
export type TeachingTerms = Static<typeof TeachingTermsSchema>;
