import { Type, type Static } from 'typebox';
import { teacherProfileLimits as limits, teachingLanguages } from '@kalike/shared/domain/teacher-profile-values';
import { TeacherPhotoSchema } from '@kalike/shared/contracts/teacher-listings';

// The signed-in teacher's own profile: what learners read on cards and the teacher page.

export const TeacherProfileSchema = Type.Object({
  name: Type.String(),
  bio: Type.String(),
  experienceYears: Type.Integer({ minimum: 0 }),
  languages: Type.Array(Type.String()),
  qualifications: Type.Array(Type.String()),
  photo: Type.Union([TeacherPhotoSchema, Type.Null()]),
  /** The public teacher page, once the teacher has a listing learners can see; null before. */
  pagePath: Type.Union([Type.String(), Type.Null()]),
});
export type TeacherProfile = Static<typeof TeacherProfileSchema>;

/**
 * Strings are trimmed by the API, which then checks their lengths in characters (names in
 * Kannada or Devanagari count as people read them); the schema's bounds only stop abuse.
 */
export const TeacherProfileBodySchema = Type.Object(
  {
    name: Type.String({ maxLength: limits.nameMax * 4 }),
    bio: Type.String({ maxLength: limits.bioMax * 4 }),
    experienceYears: Type.Integer({ minimum: 0, maximum: limits.experienceYearsMax }),
    languages: Type.Array(Type.Enum(teachingLanguages), { minItems: 1, maxItems: limits.languagesMax, uniqueItems: true }),
    qualifications: Type.Array(Type.String({ maxLength: limits.qualificationMax * 4 }), { maxItems: limits.qualificationsMax }),
  },
  { additionalProperties: false },
);
export type TeacherProfileBody = Static<typeof TeacherProfileBodySchema>;
