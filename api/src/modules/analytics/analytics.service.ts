import type { AnalyticsAccepted, AnalyticsBatch } from '@kalike/shared/contracts/analytics';
import type { AnalyticsRepository } from './analytics.repository';

export function createAnalyticsService(repository: AnalyticsRepository) {
  return {
    // The schema has already rejected the whole batch if any event was bad, naming its index.
    async record(batch: AnalyticsBatch): Promise<AnalyticsAccepted> {
      return { accepted: await repository.insertBatch(batch.events) };
    },
  };
}
