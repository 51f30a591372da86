import { Type, type Static, type TSchema } from 'typebox';

export const analyticsErrorCodes = ['RATE_LIMITED'] as const;
export type AnalyticsErrorCode = (typeof analyticsErrorCodes)[number];

export const MAX_EVENTS_PER_BATCH = 50;
/** Whole request body; navigator.sendBeacon payloads are capped near this by browsers anyway. */
export const MAX_ANALYTICS_BODY_BYTES = 64 * 1024;
export const MAX_EVENT_PROPERTIES = 20;
export const MAX_PROPERTY_STRING_LENGTH = 500;

export const analyticsStreams = ['learner', 'teacher'] as const;
export const analyticsKinds = ['funnel', 'engagement'] as const;
export const analyticsUserTypes = ['customer', 'new'] as const;
export const analyticsClients = ['MobileWeb', 'DesktopWeb'] as const;

/**
 * Expected ref_section values (spec §9). Not enforced: `Ask {product}` is a template
 * (e.g. "Ask Guitar"), and new sections should not need an API release to be counted.
 */
export const refSectionLabels = ['Ask {product}', 'Shortlist Tab', 'Enquiry Tab', 'Super Teacher', 'Verified Teacher', 'Teacher of the Day'] as const;

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const AnalyticsEventSchema = Type.Object(
  {
    stream: Type.Enum(analyticsStreams),
    kind: Type.Enum(analyticsKinds),
    /** snake_case, e.g. enquiry_submitted. */
    name: Type.String({ minLength: 1, maxLength: 80, pattern: '^[a-z][a-z0-9]*(_[a-z0-9]+)*$' }),
    /** "12.9716,77.5946". */
    lat_lng: nullable(Type.String({ maxLength: 40, pattern: '^-?\\d{1,2}(\\.\\d+)?,-?\\d{1,3}(\\.\\d+)?$' })),
    address: nullable(Type.String({ maxLength: 200 })),
    pincode: nullable(Type.String({ pattern: '^\\d{6}$' })),
    event_type: Type.String({ minLength: 1, maxLength: 60 }),
    user_type: Type.Enum(analyticsUserTypes),
    is_logged_in: Type.Boolean(),
    user_time: Type.String({ format: 'date-time' }),
    client: Type.Enum(analyticsClients),
    ref_page: nullable(Type.String({ maxLength: 300 })),
    /** One of refSectionLabels, e.g. "Shortlist Tab". */
    ref_section: nullable(Type.String({ maxLength: 80 })),
    /**
     * Up to 20 flat values: string (≤ 500 chars), number, boolean or null. The value check runs in
     * the API service, not here: the API's ajv coerces types, and any schema union of these types
     * would either coerce (3 -> "3") or trip ajv's strict mode.
     */
    properties: Type.Optional(Type.Record(Type.String({ maxLength: 60 }), Type.Unknown(), { maxProperties: MAX_EVENT_PROPERTIES })),
  },
  { additionalProperties: false },
);
export type AnalyticsEvent = Static<typeof AnalyticsEventSchema>;

export const AnalyticsBatchSchema = Type.Object(
  { events: Type.Array(AnalyticsEventSchema, { minItems: 1, maxItems: MAX_EVENTS_PER_BATCH }) },
  { additionalProperties: false },
);
export type AnalyticsBatch = Static<typeof AnalyticsBatchSchema>;

export const AnalyticsAcceptedSchema = Type.Object({ accepted: Type.Integer({ minimum: 1 }) });
export type AnalyticsAccepted = Static<typeof AnalyticsAcceptedSchema>;
