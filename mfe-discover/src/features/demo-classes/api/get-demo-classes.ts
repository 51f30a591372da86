import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { DemoClassList } from '@kalike/shared/contracts/teacher-listings';

import type { LearnerPoint } from '@kalike/shared/location/learner-point';
import { listingKeys } from '../../../api/listing-keys';

/** Spec: "try a class before you pay" looks one week ahead. */
export const demoClassDays = 7;

export function getDemoClasses(point: LearnerPoint, days: number, signal?: AbortSignal): Promise<DemoClassList> {
  return apiGet<DemoClassList>('v1/marketplace/demo-classes', { searchParams: { lat: point.lat, long: point.long, days }, signal });
}

export const demoClassesQueryOptions = (point: LearnerPoint, days = demoClassDays) =>
  queryOptions({
    queryKey: listingKeys.learner.demoClasses(point, days),
    queryFn: ({ signal }) => getDemoClasses(point, days, signal),
    select: (data) => data.demoClasses,
  });

export function useDemoClasses(point: LearnerPoint) {
  return useQuery(demoClassesQueryOptions(point));
}
