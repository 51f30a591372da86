import type {
  AdminFeature,
  AdminFeatureList,
  FeatureInput,
  FeatureRuleInput,
  FeaturesPayload,
  FlagErrorCode,
  SdkFeature,
  SdkFeatureRule,
} from '@kalike/shared/contracts/flags';
import { DomainError } from '../../shared/domain-error';
import type { FeatureRow, FlagsRepository, PayloadVersion } from './flags.repository';

export function flagError(code: FlagErrorCode, message: string, statusCode: number): DomainError {
  return new DomainError(code, message, statusCode);
}

/** The SDK falls back to equal weights outside this tolerance; we refuse such rules instead. */
const WEIGHT_SUM_TOLERANCE = 0.01;

/** Checks what a JSON schema cannot: how the fields of one rule fit together. */
export function ruleProblem(rule: FeatureRuleInput): string | null {
  const isExperiment = rule.variations !== undefined;
  if (!isExperiment && !('force' in rule)) return 'needs either force or variations';
  if (rule.weights && !isExperiment) return 'has weights but no variations';
  if (rule.status && !isExperiment) return 'has a status but is not an experiment (no variations)';
  if (isExperiment) {
    if (rule.weights) {
      if (rule.weights.length !== rule.variations?.length) return 'needs one weight per variation';
      const sum = rule.weights.reduce((total, weight) => total + weight, 0);
      // Same bounds as the SDK's own check, so float sums like 0.33 * 3 are judged alike on both sides.
      if (sum < 1 - WEIGHT_SUM_TOLERANCE || sum > 1 + WEIGHT_SUM_TOLERANCE) return `weights must sum to 1 (they sum to ${Number(sum.toFixed(4))})`;
    }
    // The SDK treats any rule with force as a force rule, which would silently end a live experiment.
    if ('force' in rule && rule.status !== 'stopped') return 'may keep force only once its experiment is stopped';
  }
  return null;
}

/**
 * Admin rule -> GrowthBook SDK rule, or null when the SDK must not see it. hashVersion 2 is
 * always explicit: the SDK would otherwise default rollouts and experiments to the biased v1.
 */
export function toSdkRule(featureKey: string, rule: FeatureRuleInput): SdkFeatureRule | null {
  const common: SdkFeatureRule = {};
  if (rule.condition) common.condition = rule.condition;

  if (rule.variations) {
    const status = rule.status ?? 'running';
    if (status === 'draft') return null;
    // A stopped experiment buckets nobody; its released value, if any, goes to everyone it targeted.
    if (status === 'stopped') return 'force' in rule ? { ...common, force: rule.force } : null;
    return {
      ...(rule.id ? { id: rule.id } : {}),
      ...common,
      key: rule.key ?? featureKey,
      ...(rule.name ? { name: rule.name } : {}),
      variations: rule.variations,
      ...(rule.weights ? { weights: rule.weights } : {}),
      coverage: rule.coverage ?? 1,
      hashAttribute: rule.hashAttribute ?? 'id',
      seed: rule.seed ?? featureKey,
      hashVersion: 2,
    };
  }

  const force: SdkFeatureRule = { ...(rule.id ? { id: rule.id } : {}), ...common, force: rule.force };
  if (rule.coverage === undefined || rule.coverage >= 1) return force;
  return { ...force, coverage: rule.coverage, hashAttribute: rule.hashAttribute ?? 'id', seed: rule.seed ?? featureKey, hashVersion: 2 };
}

function toSdkFeature(row: FeatureRow): SdkFeature {
  const rules = row.rules.map((rule) => toSdkRule(row.key, rule)).filter((rule): rule is SdkFeatureRule => rule !== null);
  return rules.length > 0 ? { defaultValue: row.default_value, rules } : { defaultValue: row.default_value };
}

function toAdminFeature(row: FeatureRow): AdminFeature {
  return {
    key: row.key,
    description: row.description,
    defaultValue: row.default_value,
    rules: row.rules,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Strong validator: the payload is a pure function of the version. */
export const etagFor = (version: PayloadVersion) => `"features-${version.revision}"`;

export function createFlagsService(repository: FlagsRepository) {
  return {
    async payloadFor(clientKey: string): Promise<{ payload: FeaturesPayload; etag: string }> {
      if (!(await repository.clientExists(clientKey))) {
        throw flagError('CLIENT_KEY_NOT_FOUND', 'Unknown SDK client key', 404);
      }
      const { version, features } = await repository.snapshot();
      return {
        payload: {
          status: 200,
          features: Object.fromEntries(features.map((row) => [row.key, toSdkFeature(row)])),
          dateUpdated: version.date_updated.toISOString(),
        },
        etag: etagFor(version),
      };
    },

    async list(): Promise<AdminFeatureList> {
      const { version, features } = await repository.snapshot();
      return { features: features.map(toAdminFeature), dateUpdated: version.date_updated.toISOString() };
    },

    async put(key: string, input: FeatureInput): Promise<{ feature: AdminFeature; created: boolean }> {
      const rules = input.rules ?? [];
      rules.forEach((rule, index) => {
        const problem = ruleProblem(rule);
        if (problem) throw flagError('INVALID_RULE', `body.rules.${index} ${problem}`, 400);
      });
      const { row, created } = await repository.upsert(key, {
        description: input.description ?? '',
        default_value: input.defaultValue,
        rules,
      });
      return { feature: toAdminFeature(row), created };
    },

    async remove(key: string): Promise<void> {
      if (!(await repository.remove(key))) throw flagError('FEATURE_NOT_FOUND', `No feature "${key}"`, 404);
    },
  };
}

export type FlagsService = ReturnType<typeof createFlagsService>;
