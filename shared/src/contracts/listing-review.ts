import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { TeacherPhotoSchema } from '@kalike/shared/contracts/teacher-listings';
import { serviceArea } from '@kalike/shared/location/service-area';
import { listingReviewStates, sendBackReasonLength } from '@kalike/shared/domain/listing-review-lifecycle';

// Review before going live (docs/teacher-workspace.md): what a held change to a live listing
// proposes, and what admins read and send when they decide. The teacher's authoring shapes
// build on `BatchPlaceSchema` and `ListingChangeSchema` below.

const Latitude = Type.Number({ minimum: serviceArea.minLat, maximum: serviceArea.maxLat });
const Longitude = Type.Number({ minimum: serviceArea.minLng, maximum: serviceArea.maxLng });

/** https only: a room link is given only to paying students. */
export const OnlineLinkSchema = Type.String({ pattern: '^https://[^\\s]+$', maxLength: 500 });

/**
 * Where a batch meets: the teacher's centre (an address with a point picked on the map or a
 * locality's centre), a named apartment complex, the learner's home within a radius of a
 * locality, or online.
 */
export const BatchPlaceSchema = Type.Union([
  Type.Object(
    { kind: Type.Literal('centre'), localityId: Uuid, address: Type.String({ minLength: 5, maxLength: 300 }), lat: Latitude, lng: Longitude },
    { additionalProperties: false },
  ),
  Type.Object({ kind: Type.Literal('apartment'), apartmentId: Uuid }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('learner_home'), localityId: Uuid, radiusKm: Type.Integer({ minimum: 1, maximum: 15 }) }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('online'), onlineLink: OnlineLinkSchema }, { additionalProperties: false }),
]);
export type BatchPlace = Static<typeof BatchPlaceSchema>;

/** The proposed values of a held change, stored as `listing_changes.proposed`; `targetId` is the plan or batch. */
export const ListingChangeSchema = Type.Union([
  Type.Object({ kind: Type.Literal('plan_price'), targetId: Uuid, pricePaise: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('batch_place'), targetId: Uuid, place: BatchPlaceSchema }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('listing_place'), localityId: Uuid, lat: Latitude, lng: Longitude }, { additionalProperties: false }),
]);
export type ListingChange = Static<typeof ListingChangeSchema>;

/** A change as the admin and the teacher read it: what it was, what it would become, in words. */
export const ListingChangeViewSchema = Type.Object({
  id: Uuid,
  kind: Type.Union([Type.Literal('plan_price'), Type.Literal('batch_place'), Type.Literal('listing_place')]),
  /** e.g. "Price of '8 classes' (Tue & Thu, 5:00 PM)". */
  what: Type.String(),
  before: Type.String(),
  after: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type ListingChangeView = Static<typeof ListingChangeViewSchema>;

export const ListingReviewStateSchema = Type.Enum(listingReviewStates);

/** One listing in the admins' queue: a new listing sent for review, or a live one with held changes. */
export const ListingReviewItemSchema = Type.Object({
  listingId: Uuid,
  title: Type.String(),
  categoryName: Type.String(),
  reviewState: ListingReviewStateSchema,
  submittedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  teacher: Type.Object({
    id: Uuid,
    name: Type.String(),
    photoUrl: Type.Union([Type.String(), Type.Null()]),
    /** The photo as families will see it on cards and the teacher page; null shows their initials. */
    photo: Type.Union([TeacherPhotoSchema, Type.Null()]),
    badges: Type.Array(Type.String()),
  }),
  /** Everything a learner would see, in words, so the admin judges the listing as a learner would. */
  summary: Type.Object({
    about: Type.String(),
    /** What the teacher wrote on the listing's About, as written (paragraphs split by blank lines). */
    listingAbout: Type.String(),
    place: Type.String(),
    programs: Type.Array(Type.String()),
    batches: Type.Array(Type.String()),
    classPacks: Type.Array(Type.String()),
  }),
  /** Held changes to a live listing; empty for a new one. */
  changes: Type.Array(ListingChangeViewSchema),
});
export type ListingReviewItem = Static<typeof ListingReviewItemSchema>;

export const ListingReviewQueueSchema = Type.Object({ items: Type.Array(ListingReviewItemSchema) });
export type ListingReviewQueue = Static<typeof ListingReviewQueueSchema>;

export const ListingReviewParamsSchema = Type.Object({ listingId: Uuid }, { additionalProperties: false });
export type ListingReviewParams = Static<typeof ListingReviewParamsSchema>;

/** Sending back always says why; the teacher reads it on the listing. Trimmed by the API. */
export const SendBackBodySchema = Type.Object(
  { reason: Type.String({ minLength: sendBackReasonLength.min, maxLength: sendBackReasonLength.max }) },
  { additionalProperties: false },
);
export type SendBackBody = Static<typeof SendBackBodySchema>;

/** The listing after a decision. */
export const ListingReviewDecisionSchema = Type.Object({
  listingId: Uuid,
  reviewState: ListingReviewStateSchema,
  changesApplied: Type.Integer({ minimum: 0 }),
});
export type ListingReviewDecision = Static<typeof ListingReviewDecisionSchema>;
