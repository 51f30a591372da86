import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { TeacherTakeHome } from '@kalike/shared/contracts/teacher-take-home';
import { takeHomePriceBounds } from '@kalike/shared/domain/take-home-bounds';
import { useDebouncedValue } from '@kalike/shared/hooks/use-debounced-value';
import { rootKeys } from '@kalike/shared/query/query-keys';

/**
 * What a teacher receives from a price is read by the shell (the join page's example) and by
 * discover (the listing editor's prices): one key, so a price either asked for is not asked again.
 */
export const takeHomeKeys = {
  all: [...rootKeys.payments, 'take-home'] as const,
  price: (pricePaise: number) => [...takeHomeKeys.all, pricePaise] as const,
};

export function getTakeHome(pricePaise: number, signal?: AbortSignal): Promise<TeacherTakeHome> {
  return apiGet<TeacherTakeHome>('v1/payments/take-home', { searchParams: { pricePaise }, signal });
}

/** A price the API answers for: whole paise within the bounds. */
export function isTakeHomePrice(pricePaise: number | null): pricePaise is number {
  return pricePaise !== null && Number.isInteger(pricePaise) && pricePaise >= takeHomePriceBounds.min && pricePaise <= takeHomePriceBounds.max;
}

export const takeHomeQueryOptions = (pricePaise: number) =>
  queryOptions({
    queryKey: takeHomeKeys.price(pricePaise),
    queryFn: ({ signal }) => getTakeHome(pricePaise, signal),
    // The answer changes only with the fee's configuration.
    staleTime: 5 * 60_000,
  });

/** Asked for once typing has paused this long, not on every key. */
export const takeHomeDebounceMs = 400;

/**
 * The figures for `pricePaise`, asked for once it has stopped changing. `settled` is false while
 * the price on screen is not yet the one asked for, so a caller never shows another price's figures.
 */
export function useTakeHome(pricePaise: number | null) {
  const asked = useDebouncedValue(pricePaise, takeHomeDebounceMs);
  const query = useQuery({ ...takeHomeQueryOptions(asked ?? 0), enabled: isTakeHomePrice(asked) });
  return { query, settled: asked === pricePaise && isTakeHomePrice(pricePaise) };
}
