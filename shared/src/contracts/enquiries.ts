import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import {
  enquiryActions,
  enquiryLimits,
  enquiryModes,
  enquiryRefPattern,
  enquiryStates,
  studentLevels,
  teacherInboxSections,
} from '@kalike/shared/domain/enquiry-lifecycle';
import { listingModes, timesOfDay } from '@kalike/shared/domain/listing-values';
import { serviceArea } from '@kalike/shared/location/service-area';
import { PersonNameSchema } from '@kalike/shared/contracts/accounts';
import { ClassPackPlanSchema } from '@kalike/shared/contracts/teacher-listings';

export type { EnquiryAction, EnquiryState, EnquiryMode, StudentLevel, TeacherInboxSection } from '@kalike/shared/domain/enquiry-lifecycle';

// Enquiries: a learner's request to one teacher, its lifecycle (domain/enquiry-lifecycle.ts)
// and what the teacher offered. Amounts are integer paise computed by the API; times are ISO
// strings; days are ISO weekdays (1 = Monday).

const IsoDateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Ref = Type.String({ pattern: enquiryRefPattern, maxLength: enquiryLimits.refMaxLength });

export { idempotencyKeyHeader, idempotencyKeyPattern } from '@kalike/shared/domain/enquiry-lifecycle';

// Creating

export const EnquiryTargetSchema = Type.Object(
  {
    listingId: Uuid,
    /** The program the learner picked on the teacher's page, if any; must belong to the listing. */
    programId: Type.Optional(Nullable(Uuid)),
  },
  { additionalProperties: false },
);
export type EnquiryTarget = Static<typeof EnquiryTargetSchema>;

export const CreateEnquiriesBodySchema = Type.Object(
  {
    /** One enquiry is created per target (one per teacher); at most five at once. */
    targets: Type.Array(EnquiryTargetSchema, { minItems: 1, maxItems: enquiryLimits.maxTeachersPerRequest }),
    /** One of the account's students; null when the learner enquires for themself. */
    studentId: Nullable(Uuid),
    /** Who the teacher should ask for; also completes an account that has no name yet. */
    contactName: PersonNameSchema,
    /** Another Indian mobile to reach the family on; the account's own number is always shared. */
    alternatePhone: Type.Optional(Nullable(Type.String({ minLength: 10, maxLength: 16 }))),
    preferredDays: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { minItems: 1, maxItems: 7, uniqueItems: true }),
    preferredTimes: Type.Array(Type.Enum(timesOfDay), { minItems: 1, maxItems: timesOfDay.length, uniqueItems: true }),
    mode: Type.Enum(enquiryModes),
    message: Type.String({ maxLength: enquiryLimits.messageMaxLength }),
    refPage: Ref,
    refSection: Ref,
  },
  { additionalProperties: false },
);
export type CreateEnquiriesBody = Static<typeof CreateEnquiriesBodySchema>;

// Reading

export const EnquiryBatchSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  programName: Type.String(),
  daysOfWeek: Type.Array(Type.Integer({ minimum: 1, maximum: 7 })),
  /** HH:MM in IST. */
  startTime: Type.String(),
  endTime: Type.String(),
  startsOn: Type.String({ format: 'date' }),
  seatsLeft: Type.Integer({ minimum: 0 }),
  place: Type.Object({ kind: Type.Enum(['apartment', 'locality', 'learner_home', 'online'] as const), name: Type.String() }),
  plans: Type.Array(ClassPackPlanSchema),
});
export type EnquiryBatch = Static<typeof EnquiryBatchSchema>;

export const EnquiryOfferSchema = Type.Union([
  Type.Object({
    kind: Type.Literal('demo'),
    session: Type.Object({ id: Uuid, startsAt: IsoDateTime, endsAt: IsoDateTime }),
    batch: EnquiryBatchSchema,
  }),
  Type.Object({ kind: Type.Literal('batch'), batch: EnquiryBatchSchema }),
]);
export type EnquiryOffer = Static<typeof EnquiryOfferSchema>;

export const EnquiryEventSchema = Type.Object({
  action: Type.Union([Type.Enum(enquiryActions), Type.Literal('create'), Type.Literal('enrich')]),
  state: Type.Enum(enquiryStates),
  by: Type.Enum(['learner', 'teacher', 'system'] as const),
  at: IsoDateTime,
  /** The teacher's reply, a decline or close reason; null for plain moves. */
  message: Nullable(Type.String()),
});
export type EnquiryEvent = Static<typeof EnquiryEventSchema>;

export const EnquirySchema = Type.Object({
  id: Uuid,
  /** Shared by the enquiries created in one submission (one per teacher). */
  requestId: Uuid,
  state: Type.Enum(enquiryStates),
  /** What the caller may do now, from the shared lifecycle table. */
  allowedActions: Type.Array(Type.Enum(enquiryActions)),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  /** When an unanswered enquiry expires; null once the teacher has answered or it has ended. */
  respondBy: Nullable(IsoDateTime),
  teacher: Type.Object({ id: Uuid, name: Type.String(), slug: Type.String(), photoUrl: Nullable(Type.String()) }),
  listing: Type.Object({
    id: Uuid,
    title: Type.String(),
    /** The teacher page's path, for links back. */
    path: Type.String(),
    category: Type.Object({ id: Uuid, slug: Type.String(), name: Type.String() }),
  }),
  program: Nullable(Type.Object({ id: Uuid, name: Type.String() })),
  /** Null when the learner enquired for themself. */
  student: Nullable(
    Type.Object({
      id: Uuid,
      name: Type.String(),
      /** Whole years today from the date of birth on the family's account, when one was given. */
      ageYears: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
    }),
  ),
  details: Type.Object({
    studentAgeYears: Nullable(Type.Integer()),
    level: Nullable(Type.Enum(studentLevels)),
    goals: Nullable(Type.String()),
  }),
  preferredDays: Type.Array(Type.Integer({ minimum: 1, maximum: 7 })),
  preferredTimes: Type.Array(Type.Enum(timesOfDay)),
  mode: Type.Enum(enquiryModes),
  message: Type.String(),
  contact: Type.Object({ name: Type.String(), phone: Type.String(), alternatePhone: Nullable(Type.String()) }),
  refPage: Type.String(),
  refSection: Type.String(),
  /** The teacher's latest reply. */
  teacherMessage: Nullable(Type.String()),
  /** The demo or batch the teacher offered most recently, while it matters. */
  offer: Nullable(EnquiryOfferSchema),
  /** Set once enrolled: the batch student the payments flow charges. */
  batchStudentId: Nullable(Uuid),
  /**
   * True once a class pack of the enrolment has been paid for; until then an enrolled enquiry
   * is still active ("Choose a class pack to pay"). Always false before enrolling.
   */
  classPackPaid: Type.Boolean(),
  /** Oldest first. */
  history: Type.Array(EnquiryEventSchema),
});
export type Enquiry = Static<typeof EnquirySchema>;

export const CreateEnquiriesResponseSchema = Type.Object({
  requestId: Uuid,
  /**
   * In the order of `targets`. `created` is false where an open enquiry to that listing about the
   * same student (or the learner themself) already existed: `enquiry` is then that one, unchanged,
   * and this submission's answers were not added to it.
   */
  enquiries: Type.Array(Type.Object({ created: Type.Boolean(), enquiry: EnquirySchema })),
});
export type CreateEnquiriesResponse = Static<typeof CreateEnquiriesResponseSchema>;

export const EnquiryListQuerySchema = Type.Object(
  {
    /** Open enquiries (not ended) or ended ones; all when absent. */
    status: Type.Optional(Type.Enum(['open', 'ended'] as const)),
  },
  { additionalProperties: false },
);
export type EnquiryListQuery = Static<typeof EnquiryListQuerySchema>;

/** A learner's own enquiries, or a teacher's addressed ones; newest first, at most 200. */
export const EnquiryListSchema = Type.Object({ enquiries: Type.Array(EnquirySchema) });
export type EnquiryList = Static<typeof EnquiryListSchema>;

export const EnquiryParamsSchema = Type.Object({ id: Uuid }, { additionalProperties: false });
export type EnquiryParams = Static<typeof EnquiryParamsSchema>;

// Learner moves

/** More about the student (the enrichment step); only the fields sent change. Applies to every enquiry of the same request. */
export const EnrichEnquiryBodySchema = Type.Object(
  {
    studentId: Type.Optional(Nullable(Uuid)),
    studentAgeYears: Type.Optional(Nullable(Type.Integer({ minimum: enquiryLimits.studentAge.min, maximum: enquiryLimits.studentAge.max }))),
    level: Type.Optional(Nullable(Type.Enum(studentLevels))),
    goals: Type.Optional(Nullable(Type.String({ maxLength: enquiryLimits.goalsMaxLength }))),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type EnrichEnquiryBody = Static<typeof EnrichEnquiryBodySchema>;

/**
 * Accept the teacher's current offer: a demo becomes booked; a batch becomes an enrolment,
 * which needs the student who will attend (null for the learner themself).
 */
export const ConnectEnquiryBodySchema = Type.Object(
  {
    /** Guards against accepting an offer the teacher has since replaced. */
    offer: Type.Enum(['demo', 'batch'] as const),
    studentId: Type.Optional(Nullable(Uuid)),
  },
  { additionalProperties: false },
);
export type ConnectEnquiryBody = Static<typeof ConnectEnquiryBodySchema>;

export const CloseEnquiryBodySchema = Type.Object(
  { reason: Type.Optional(Type.String({ maxLength: enquiryLimits.reasonMaxLength })) },
  { additionalProperties: false },
);
export type CloseEnquiryBody = Static<typeof CloseEnquiryBodySchema>;

/** The first payment step of an enrolled enquiry: its batch student and the plans to choose from. */
export const EnquiryPaymentStartSchema = Type.Object({
  batchStudentId: Uuid,
  /** Where the payments remote takes over: /payments/select-payment-plan?batchStudentID=… */
  paymentPath: Type.String(),
  batch: EnquiryBatchSchema,
});
export type EnquiryPaymentStart = Static<typeof EnquiryPaymentStartSchema>;

// Teacher moves

export const RespondEnquiryBodySchema = Type.Object(
  { message: Type.String({ minLength: 1, maxLength: enquiryLimits.teacherMessageMaxLength }) },
  { additionalProperties: false },
);
export type RespondEnquiryBody = Static<typeof RespondEnquiryBodySchema>;

export const ProposeDemoBodySchema = Type.Object(
  {
    /** An upcoming, scheduled session of one of the teacher's own batches. */
    sessionId: Uuid,
    message: Type.Optional(Type.String({ maxLength: enquiryLimits.teacherMessageMaxLength })),
  },
  { additionalProperties: false },
);
export type ProposeDemoBody = Static<typeof ProposeDemoBodySchema>;

export const OfferBatchBodySchema = Type.Object(
  {
    /** One of the teacher's own batches with a seat left. */
    batchId: Uuid,
    message: Type.Optional(Type.String({ maxLength: enquiryLimits.teacherMessageMaxLength })),
  },
  { additionalProperties: false },
);
export type OfferBatchBody = Static<typeof OfferBatchBodySchema>;

export const DeclineEnquiryBodySchema = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: enquiryLimits.reasonMaxLength }) },
  { additionalProperties: false },
);
export type DeclineEnquiryBody = Static<typeof DeclineEnquiryBodySchema>;

// The teacher's inbox and what a teacher can offer

export const TeacherInboxItemSchema = Type.Object({
  id: Uuid,
  state: Type.Enum(enquiryStates),
  /** Whose turn it is, from the lifecycle (`teacherInboxSection`). */
  section: Type.Enum(teacherInboxSections),
  /** True until the teacher has opened it (state `sent`). */
  isNew: Type.Boolean(),
  /** When the enquiry expires unless the teacher answers; null once answered or ended. */
  needsActionBy: Nullable(IsoDateTime),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  /** The first word of the contact name the learner gave. */
  learnerFirstName: Type.String(),
  student: Nullable(Type.Object({ name: Type.String() })),
  listing: Type.Object({ id: Uuid, title: Type.String(), categoryName: Type.String() }),
  program: Nullable(Type.Object({ name: Type.String() })),
  mode: Type.Enum(enquiryModes),
  classPackPaid: Type.Boolean(),
});
export type TeacherInboxItem = Static<typeof TeacherInboxItemSchema>;

/**
 * Needs reply first (soonest deadline first, then the longest waiting), then waiting on the
 * family (latest change first), then closed (latest first, at most 50). Every open enquiry is
 * listed, up to 200.
 */
export const TeacherInboxSchema = Type.Object({
  enquiries: Type.Array(TeacherInboxItemSchema),
  counts: Type.Object({
    needsReply: Type.Integer({ minimum: 0 }),
    waitingOnLearner: Type.Integer({ minimum: 0 }),
    closed: Type.Integer({ minimum: 0 }),
  }),
  /** The earliest `needsActionBy` of the inbox; null when nothing is about to expire. */
  soonestDeadline: Nullable(IsoDateTime),
});
export type TeacherInbox = Static<typeof TeacherInboxSchema>;

export const DemoSessionChoiceSchema = Type.Object({
  id: Uuid,
  startsAt: IsoDateTime,
  endsAt: IsoDateTime,
  batch: Type.Object({ id: Uuid, name: Type.String(), programName: Type.String() }),
});
export type DemoSessionChoice = Static<typeof DemoSessionChoiceSchema>;

/**
 * What the teacher may offer on one enquiry: their batches with a seat left (the enquiry's
 * listing first) with their class packs priced by the server, and their scheduled classes of the
 * next two weeks for a demo.
 */
export const EnquiryOfferChoicesSchema = Type.Object({
  batches: Type.Array(EnquiryBatchSchema),
  demoSessions: Type.Array(DemoSessionChoiceSchema),
});
export type EnquiryOfferChoices = Static<typeof EnquiryOfferChoicesSchema>;

// Request Class: which nearby teachers fit what was asked

/** Days and times as in the listing filters: comma-separated (`days=6,7`, `times=morning`). */
export const TeacherMatchesQuerySchema = Type.Object(
  {
    /** The subject's slug. */
    category: Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 120 }),
    lat: Type.Number({ minimum: serviceArea.minLat, maximum: serviceArea.maxLat }),
    long: Type.Number({ minimum: serviceArea.minLng, maximum: serviceArea.maxLng }),
    mode: Type.Enum(enquiryModes),
    days: Type.String({ pattern: '^[1-7](,[1-7]){0,6}$' }),
    times: Type.String({ pattern: '^(morning|afternoon|evening)(,(morning|afternoon|evening)){0,2}$' }),
  },
  { additionalProperties: false },
);
export type TeacherMatchesQuery = Static<typeof TeacherMatchesQuerySchema>;

export const TeacherMatchSchema = Type.Object({
  listingId: Uuid,
  teacherName: Type.String(),
  title: Type.String(),
  category: Type.Object({ slug: Type.String(), name: Type.String() }),
  mode: Type.Enum(listingModes),
  priceFromPaise: Type.Integer({ minimum: 0 }),
  /** From the point asked about; null for a listing taught only online, where distance means nothing. */
  distanceMetres: Nullable(Type.Integer({ minimum: 0 })),
  /** True when the listing teaches where asked and a batch meets on an asked day at an asked time of day. */
  fits: Type.Boolean(),
  /** Why it fits or not, in a few words: "Sat 10 am batch", "Does not teach at the teacher's centre". */
  reason: Type.String(),
});
export type TeacherMatch = Static<typeof TeacherMatchSchema>;

/** Fitting teachers first, each group nearest first (online-only ones after the others). */
export const TeacherMatchesSchema = Type.Object({ matches: Type.Array(TeacherMatchSchema) });
export type TeacherMatches = Static<typeof TeacherMatchesSchema>;
