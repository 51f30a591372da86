import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { badgeKinds } from '@kalike/shared/domain/listing-values';
import { badgeReasonLength, teacherSearchLength } from '@kalike/shared/domain/admin-values';

// Badges admins grant and remove (docs/teacher-workspace.md, "Review before going live").

export const BadgeKindSchema = Type.Enum(badgeKinds);

export const AdminTeacherSearchQuerySchema = Type.Object(
  {
    /** Part of the teacher's name, or of their phone number (digits only are compared). */
    query: Type.String({ minLength: teacherSearchLength.min, maxLength: teacherSearchLength.max }),
  },
  { additionalProperties: false },
);
export type AdminTeacherSearchQuery = Static<typeof AdminTeacherSearchQuerySchema>;

export const AdminTeacherBadgeSchema = Type.Object({
  kind: BadgeKindSchema,
  label: Type.String(),
  reason: Type.String(),
  grantedAt: Type.String({ format: 'date-time' }),
});
export type AdminTeacherBadge = Static<typeof AdminTeacherBadgeSchema>;

/** A teacher as an admin finds them: enough to tell two Priyas apart, and their badges. */
export const AdminTeacherSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  /** E.164. */
  phone: Type.String(),
  /** The public teacher page, or null while the teacher has no live listing. */
  pagePath: Type.Union([Type.String(), Type.Null()]),
  liveListings: Type.Integer({ minimum: 0 }),
  badges: Type.Array(AdminTeacherBadgeSchema),
});
export type AdminTeacher = Static<typeof AdminTeacherSchema>;

export const AdminTeachersSchema = Type.Object({ teachers: Type.Array(AdminTeacherSchema) });
export type AdminTeachers = Static<typeof AdminTeachersSchema>;

export const TeacherBadgeParamsSchema = Type.Object({ teacherId: Uuid, badge: BadgeKindSchema }, { additionalProperties: false });
export type TeacherBadgeParams = Static<typeof TeacherBadgeParamsSchema>;

/** Why the badge is given: shown to learners beside it on the teacher page. Trimmed by the API. */
export const GrantBadgeBodySchema = Type.Object(
  { reason: Type.String({ minLength: badgeReasonLength.min, maxLength: badgeReasonLength.max }) },
  { additionalProperties: false },
);
export type GrantBadgeBody = Static<typeof GrantBadgeBodySchema>;
