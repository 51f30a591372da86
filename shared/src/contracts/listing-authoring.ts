import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { PlaceSchema } from '@kalike/shared/contracts/geo';
import { BatchPlaceSchema, ListingChangeViewSchema, ListingReviewStateSchema } from '@kalike/shared/contracts/listing-review';
import { programLevels } from '@kalike/shared/contracts/teacher-listings';
import { listingModes } from '@kalike/shared/domain/listing-values';
import {
  batchNameLength,
  batchSeats,
  classPackBounds,
  listingTextLength,
  programAgeYears,
  programTextLength,
} from '@kalike/shared/domain/listing-authoring-rules';

// A teacher writing their own listings (docs/teacher-workspace.md, "Listing a class"): the
// listing, its programs, their weekly batches and each batch's class packs. Prices are integer
// paise; days are ISO weekdays (1 = Monday); times HH:MM and dates YYYY-MM-DD in IST.

const IsoDate = Type.String({ format: 'date' });
const IsoDateTime = Type.String({ format: 'date-time' });
const ClockTime = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

const Title = Type.String({ minLength: listingTextLength.title.min, maxLength: listingTextLength.title.max });
const About = Type.String({ maxLength: listingTextLength.about.max });
const ProgramLevel = Type.Enum(programLevels);
const ProgramMode = Type.Enum(listingModes);
const Age = Type.Integer({ minimum: programAgeYears.min, maximum: programAgeYears.max });
const Weekdays = Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { minItems: 1, maxItems: 7, uniqueItems: true });

export const ListingIdParamsSchema = Type.Object({ listingId: Uuid }, { additionalProperties: false });
export type ListingIdParams = Static<typeof ListingIdParamsSchema>;
export const ProgramParamsSchema = Type.Object({ listingId: Uuid, programId: Uuid }, { additionalProperties: false });
export type ProgramParams = Static<typeof ProgramParamsSchema>;
export const BatchParamsSchema = Type.Object({ listingId: Uuid, batchId: Uuid }, { additionalProperties: false });
export type BatchParams = Static<typeof BatchParamsSchema>;
export const PlanParamsSchema = Type.Object({ listingId: Uuid, planId: Uuid }, { additionalProperties: false });
export type PlanParams = Static<typeof PlanParamsSchema>;

/** A new draft: one subject (category) per listing, where the teacher is based. */
export const CreateListingBodySchema = Type.Object(
  { categoryId: Uuid, title: Title, about: Type.Optional(About), localityId: Uuid },
  { additionalProperties: false },
);
export type CreateListingBody = Static<typeof CreateListingBodySchema>;

/** The subject can change only while the listing has never been sent for review. */
export const UpdateListingBodySchema = Type.Object(
  { categoryId: Type.Optional(Uuid), title: Type.Optional(Title), about: Type.Optional(About), localityId: Type.Optional(Uuid) },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateListingBody = Static<typeof UpdateListingBodySchema>;

export const ProgramBodySchema = Type.Object(
  {
    name: Type.String({ minLength: programTextLength.name.min, maxLength: programTextLength.name.max }),
    level: ProgramLevel,
    description: Type.Optional(Type.String({ maxLength: programTextLength.description.max })),
    ageMin: Age,
    ageMax: Age,
    mode: ProgramMode,
  },
  { additionalProperties: false },
);
export type ProgramBody = Static<typeof ProgramBodySchema>;

export const BatchBodySchema = Type.Object(
  {
    programId: Uuid,
    /** Left empty, the API names it from its days and time ("Tue & Thu 5:00 PM"). */
    name: Type.Optional(Type.String({ minLength: batchNameLength.min, maxLength: batchNameLength.max })),
    daysOfWeek: Weekdays,
    startTime: ClockTime,
    endTime: ClockTime,
    startsOn: IsoDate,
    endsOn: Type.Optional(Nullable(IsoDate)),
    seats: Type.Integer({ minimum: batchSeats.min, maximum: batchSeats.max }),
    place: BatchPlaceSchema,
  },
  { additionalProperties: false },
);
export type BatchBody = Static<typeof BatchBodySchema>;

/** Any part of a batch; the program it belongs to does not change. */
export const UpdateBatchBodySchema = Type.Partial(Type.Omit(BatchBodySchema, ['programId']), { additionalProperties: false, minProperties: 1 });
export type UpdateBatchBody = Static<typeof UpdateBatchBodySchema>;

export const PlanBodySchema = Type.Object(
  {
    batchId: Uuid,
    name: Type.String({ minLength: 2, maxLength: 60 }),
    classesCount: Type.Integer({ minimum: classPackBounds.classes.min, maximum: classPackBounds.classes.max }),
    validityDays: Type.Integer({ minimum: classPackBounds.validityDays.min, maximum: classPackBounds.validityDays.max }),
    /** GST inclusive, in paise; the form converts the rupees typed. */
    pricePaise: Type.Integer({ minimum: classPackBounds.pricePaise.min, maximum: classPackBounds.pricePaise.max }),
  },
  { additionalProperties: false },
);
export type PlanBody = Static<typeof PlanBodySchema>;
export const UpdatePlanBodySchema = Type.Partial(Type.Omit(PlanBodySchema, ['batchId']), { additionalProperties: false, minProperties: 1 });
export type UpdatePlanBody = Static<typeof UpdatePlanBodySchema>;

/** A place with the words the teacher and learners read for it. */
export const AuthoredPlaceSchema = Type.Object({ place: BatchPlaceSchema, label: Type.String() });
export type AuthoredPlace = Static<typeof AuthoredPlaceSchema>;

export const AuthoredPlanSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  classesCount: Type.Integer(),
  validityDays: Type.Integer(),
  /** The approved price, what learners pay now. */
  pricePaise: Type.Integer(),
  pricePerClassPaise: Type.Integer(),
  /** A new price waiting for review, or null. */
  heldPricePaise: Nullable(Type.Integer()),
  /** Families holding a pack of this plan that is paid or being paid and still in date. */
  activePacks: Type.Integer({ minimum: 0 }),
});
export type AuthoredPlan = Static<typeof AuthoredPlanSchema>;

export const AuthoredBatchSchema = Type.Object({
  id: Uuid,
  programId: Uuid,
  name: Type.String(),
  daysOfWeek: Type.Array(Type.Integer()),
  startTime: Type.String(),
  endTime: Type.String(),
  startsOn: IsoDate,
  endsOn: Nullable(IsoDate),
  seats: Type.Integer(),
  seatsTaken: Type.Integer(),
  /** Students with a place now (held, enrolled or active). */
  students: Type.Integer(),
  place: AuthoredPlaceSchema,
  /** A new place waiting for review, or null. */
  heldPlace: Nullable(AuthoredPlaceSchema),
  plans: Type.Array(AuthoredPlanSchema),
});
export type AuthoredBatch = Static<typeof AuthoredBatchSchema>;

export const AuthoredProgramSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  level: ProgramLevel,
  description: Type.String(),
  ageMin: Nullable(Type.Integer()),
  ageMax: Nullable(Type.Integer()),
  mode: Nullable(ProgramMode),
});
export type AuthoredProgram = Static<typeof AuthoredProgramSchema>;

export const AuthoredListingSchema = Type.Object({
  id: Uuid,
  title: Type.String(),
  about: Type.String(),
  category: Type.Object({ id: Uuid, name: Type.String() }),
  /** Where the teacher is based: the approved one. */
  locality: Type.Object({ id: Uuid, name: Type.String() }),
  /** A new base locality waiting for review, or null. */
  heldLocality: Nullable(Type.Object({ id: Uuid, name: Type.String() })),
  reviewState: ListingReviewStateSchema,
  reviewNote: Nullable(Type.String()),
  submittedAt: Nullable(IsoDateTime),
  /** Never sent for review: it can still be deleted and its subject changed. */
  neverSubmitted: Type.Boolean(),
  programs: Type.Array(AuthoredProgramSchema),
  batches: Type.Array(AuthoredBatchSchema),
  heldChanges: Type.Array(ListingChangeViewSchema),
  /** What is still needed before it can be sent for review, in sentences; empty when complete. */
  missing: Type.Array(Type.String()),
});
export type AuthoredListing = Static<typeof AuthoredListingSchema>;

/** Something the teacher should know that does not stop the change, e.g. two batches at once. */
export const AuthoringWarningSchema = Type.Object({ code: Type.Literal('BATCH_OVERLAP'), message: Type.String() });
export type AuthoringWarning = Static<typeof AuthoringWarningSchema>;

/** Every change answers the whole listing as it now stands, what was held for review, and warnings. */
export const AuthoringResultSchema = Type.Object({
  listing: AuthoredListingSchema,
  /** True when part of the change waits for review instead of reaching learners now. */
  held: Type.Boolean(),
  warnings: Type.Array(AuthoringWarningSchema),
});
export type AuthoringResult = Static<typeof AuthoringResultSchema>;

export const TeacherListingSummarySchema = Type.Object({
  id: Uuid,
  title: Type.String(),
  categoryName: Type.String(),
  reviewState: ListingReviewStateSchema,
  reviewNote: Nullable(Type.String()),
  counts: Type.Object({ programs: Type.Integer(), batches: Type.Integer(), classPacks: Type.Integer() }),
  heldChanges: Type.Integer({ minimum: 0 }),
  updatedAt: IsoDateTime,
});
export type TeacherListingSummary = Static<typeof TeacherListingSummarySchema>;

/**
 * What the teacher said when joining (the subject they teach, the locality they teach from, if
 * given): a new listing starts from it, so the first one asks nothing twice.
 */
export const JoinedWithSchema = Type.Object({
  categoryId: Nullable(Uuid),
  locality: Nullable(PlaceSchema),
});
export type JoinedWith = Static<typeof JoinedWithSchema>;

export const TeacherListingsSchema = Type.Object({ items: Type.Array(TeacherListingSummarySchema), joinedWith: JoinedWithSchema });
export type TeacherListings = Static<typeof TeacherListingsSchema>;
