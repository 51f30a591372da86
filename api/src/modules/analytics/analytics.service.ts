import { MAX_PROPERTY_STRING_LENGTH, type AnalyticsAccepted, type AnalyticsBatch } from '@kalike/shared/contracts/analytics';
import { DomainError } from '../../shared/domain-error';
import type { AnalyticsRepository } from './analytics.repository';

function propertyProblem(value: unknown): string | null {
  if (value === null || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'must be a finite number';
  if (typeof value === 'string') {
    return value.length <= MAX_PROPERTY_STRING_LENGTH ? null : `must be at most ${MAX_PROPERTY_STRING_LENGTH} characters`;
  }
  return 'must be a string, number, boolean or null';
}

export function createAnalyticsService(repository: AnalyticsRepository) {
  return {
    /**
     * The schema has already checked every event's shape; property values are checked here. Either
     * way the first bad event's index is named and nothing of the batch is stored.
     */
    async record(batch: AnalyticsBatch): Promise<AnalyticsAccepted> {
      batch.events.forEach((event, index) => {
        for (const [key, value] of Object.entries(event.properties ?? {})) {
          const problem = propertyProblem(value);
          if (problem) throw new DomainError('VALIDATION_ERROR', `body.events.${index}.properties.${key} ${problem}`, 400);
        }
      });
      return { accepted: await repository.insertBatch(batch.events) };
    },
  };
}
