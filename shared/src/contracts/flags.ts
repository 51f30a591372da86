import { Type, type Static } from 'typebox';

// Feature flags are served in GrowthBook's SDK payload format, so the stock GrowthBook JS SDK
// (apiHost = the Kalike API, clientKey below) reads them with no adapter.

export const flagErrorCodes = ['CLIENT_KEY_NOT_FOUND', 'FEATURE_NOT_FOUND', 'UNAUTHORIZED', 'INVALID_RULE'] as const;
export type FlagErrorCode = (typeof flagErrorCodes)[number];

export const CLIENT_KEY_PATTERN = '^sdk-[A-Za-z0-9]{8,40}$';
export const FEATURE_KEY_PATTERN = '^[a-z0-9][a-z0-9-]{1,60}$';

export const ClientKeyParamsSchema = Type.Object({ clientKey: Type.String({ pattern: CLIENT_KEY_PATTERN }) }, { additionalProperties: false });
export type ClientKeyParams = Static<typeof ClientKeyParamsSchema>;

export const FeatureKeyParamsSchema = Type.Object({ key: Type.String({ pattern: FEATURE_KEY_PATTERN }) }, { additionalProperties: false });
export type FeatureKeyParams = Static<typeof FeatureKeyParamsSchema>;

/** Only `running` experiments are served as experiments; draft and stopped never bucket anyone. */
export const experimentStatuses = ['draft', 'running', 'stopped'] as const;
export type ExperimentStatus = (typeof experimentStatuses)[number];

/** Any JSON value: flags may be booleans, strings, numbers or objects. */
const JsonValue = Type.Unknown();
/** A Mongo-style targeting condition, e.g. { "country": "IN" }, evaluated by the SDK. */
const Condition = Type.Record(Type.String(), Type.Unknown());

/**
 * A rule as the admin API stores it. Either a force rule (force, optionally a rollout via
 * coverage < 1) or an experiment (variations + weights, with a status). A stopped experiment may
 * keep `force` as the value everyone gets once it ended.
 */
export const FeatureRuleInputSchema = Type.Object(
  {
    id: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
    condition: Type.Optional(Condition),
    force: Type.Optional(JsonValue),
    coverage: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    variations: Type.Optional(Type.Array(JsonValue, { minItems: 2, maxItems: 10 })),
    weights: Type.Optional(Type.Array(Type.Number({ minimum: 0, maximum: 1 }), { minItems: 2, maxItems: 10 })),
    /** Experiment key reported to tracking; defaults to the feature key. */
    key: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,80}$' })),
    name: Type.Optional(Type.String({ maxLength: 120 })),
    seed: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    hashAttribute: Type.Optional(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_.]{0,63}$' })),
    status: Type.Optional(Type.Enum(experimentStatuses)),
  },
  { additionalProperties: false },
);
export type FeatureRuleInput = Static<typeof FeatureRuleInputSchema>;

export const FeatureInputSchema = Type.Object(
  {
    description: Type.Optional(Type.String({ maxLength: 500 })),
    defaultValue: JsonValue,
    rules: Type.Optional(Type.Array(FeatureRuleInputSchema, { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type FeatureInput = Static<typeof FeatureInputSchema>;

export const AdminFeatureSchema = Type.Object({
  key: Type.String(),
  description: Type.String(),
  defaultValue: JsonValue,
  rules: Type.Array(FeatureRuleInputSchema),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type AdminFeature = Static<typeof AdminFeatureSchema>;

export const AdminFeatureListSchema = Type.Object({
  features: Type.Array(AdminFeatureSchema),
  /** Same value as the SDK payload's dateUpdated. */
  dateUpdated: Type.String({ format: 'date-time' }),
});
export type AdminFeatureList = Static<typeof AdminFeatureListSchema>;

/** A rule in the SDK payload (GrowthBook FeatureRule); hashVersion is always 2 where hashing applies. */
export const SdkFeatureRuleSchema = Type.Object({
  id: Type.Optional(Type.String()),
  condition: Type.Optional(Condition),
  force: Type.Optional(JsonValue),
  coverage: Type.Optional(Type.Number()),
  variations: Type.Optional(Type.Array(JsonValue)),
  weights: Type.Optional(Type.Array(Type.Number())),
  key: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  seed: Type.Optional(Type.String()),
  hashAttribute: Type.Optional(Type.String()),
  hashVersion: Type.Optional(Type.Integer()),
});
export type SdkFeatureRule = Static<typeof SdkFeatureRuleSchema>;

export const SdkFeatureSchema = Type.Object({
  defaultValue: JsonValue,
  rules: Type.Optional(Type.Array(SdkFeatureRuleSchema)),
});
export type SdkFeature = Static<typeof SdkFeatureSchema>;

export const FeaturesPayloadSchema = Type.Object({
  status: Type.Literal(200),
  features: Type.Record(Type.String(), SdkFeatureSchema),
  /** The SDK's cache version: it changes on every edit, and an unchanged value skips re-rendering. */
  dateUpdated: Type.String({ format: 'date-time' }),
});
export type FeaturesPayload = Static<typeof FeaturesPayloadSchema>;
