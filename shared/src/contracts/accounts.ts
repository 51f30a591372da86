import { Type, type Static } from 'typebox';
import { accountLimits, personNameMaxLength, personNamePattern, studentDetailMaxLength } from '@kalike/shared/domain/account-values';

export { accountLimits } from '@kalike/shared/domain/account-values';

/** Every person's name the API takes (account holder, student, enquiry contact): one rule. */
export const PersonNameSchema = Type.String({ minLength: 1, maxLength: personNameMaxLength, pattern: personNamePattern });
const PersonName = PersonNameSchema;
const Email = Type.String({ format: 'email', maxLength: 254 });

/** Kalike is live only in Bengaluru: coordinates must fall inside this box. */
export const bengaluruBounds = { latMin: 12.7, latMax: 13.3, lngMin: 77.3, lngMax: 77.9 } as const;

export const CoordsSchema = Type.Object(
  {
    lat: Type.Number({ minimum: bengaluruBounds.latMin, maximum: bengaluruBounds.latMax }),
    lng: Type.Number({ minimum: bengaluruBounds.lngMin, maximum: bengaluruBounds.lngMax }),
  },
  { additionalProperties: false },
);

export const LocationInputSchema = Type.Object(
  {
    label: Type.String({ minLength: 1, maxLength: 40 }),
    address: Type.String({ minLength: 1, maxLength: 300 }),
    coords: CoordsSchema,
    pincode: Type.String({ pattern: '^560\\d{3}$' }),
  },
  { additionalProperties: false },
);
export type LocationInput = Static<typeof LocationInputSchema>;

export const LocationSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  label: Type.String(),
  address: Type.String(),
  coords: Type.Object({ lat: Type.Number(), lng: Type.Number() }),
  pincode: Type.String(),
});
export type LocationDto = Static<typeof LocationSchema>;

export const StudentSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  /** YYYY-MM-DD. */
  dateOfBirth: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  grade: Type.Union([Type.String(), Type.Null()]),
  school: Type.Union([Type.String(), Type.Null()]),
});
export type StudentDto = Static<typeof StudentSchema>;

/** Spec §3 shape: name, email and phone are wrapped objects; students are keyed by id. */
export const LearnerAccountSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.Object({ name: Type.String() }),
  email: Type.Union([Type.Object({ email: Type.String() }), Type.Null()]),
  phone: Type.Object({ phone: Type.String() }),
  /** True once the learner has completed at least one payment. */
  isCustomer: Type.Boolean(),
  students: Type.Record(Type.String({ format: 'uuid' }), StudentSchema),
  locations: Type.Array(LocationSchema),
});
export type LearnerAccountDto = Static<typeof LearnerAccountSchema>;

export const AccountParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
export type AccountParams = Static<typeof AccountParamsSchema>;

export const LearnerParamsSchema = Type.Object({ learnerID: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
export type LearnerParams = Static<typeof LearnerParamsSchema>;

export const UpdateAccountBodySchema = Type.Object(
  {
    name: Type.Optional(PersonName),
    /** null clears the email. */
    email: Type.Optional(Type.Union([Email, Type.Null()])),
    /** Replaces the whole list. */
    locations: Type.Optional(Type.Array(LocationInputSchema, { maxItems: accountLimits.maxLocations })),
  },
  { additionalProperties: false },
);
export type UpdateAccountBody = Static<typeof UpdateAccountBodySchema>;

export const NewLearnerBodySchema = Type.Object(
  {
    name: PersonName,
    email: Type.Optional(Email),
    location: Type.Optional(LocationInputSchema),
  },
  { additionalProperties: false },
);
export type NewLearnerBody = Static<typeof NewLearnerBodySchema>;

export const AddStudentBodySchema = Type.Object(
  {
    name: PersonName,
    /** YYYY-MM-DD, not in the future and at most 100 years back. */
    dateOfBirth: Type.Optional(Type.String({ format: 'date' })),
    grade: Type.Optional(Type.String({ minLength: 1, maxLength: studentDetailMaxLength.grade })),
    school: Type.Optional(Type.String({ minLength: 1, maxLength: studentDetailMaxLength.school })),
  },
  { additionalProperties: false },
);
export type AddStudentBody = Static<typeof AddStudentBodySchema>;

export const StudentParamsSchema = Type.Object(
  { id: Type.String({ format: 'uuid' }), studentId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
export type StudentParams = Static<typeof StudentParamsSchema>;

/** Only the fields sent change; null clears an optional detail. */
export const UpdateStudentBodySchema = Type.Object(
  {
    name: Type.Optional(PersonName),
    dateOfBirth: Type.Optional(Type.Union([Type.String({ format: 'date' }), Type.Null()])),
    grade: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: studentDetailMaxLength.grade }), Type.Null()])),
    school: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: studentDetailMaxLength.school }), Type.Null()])),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateStudentBody = Static<typeof UpdateStudentBodySchema>;
