import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { track } from '@kalike/shared/analytics/track';

/** One engagement event per page, carrying where the person came from (spec §9). */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(search);
    track({
      name: 'page_view',
      kind: 'engagement',
      eventType: 'view',
      refPage: params.get('refPage')?.slice(0, 200) ?? pathname,
      refSection: params.get('refSection')?.slice(0, 80) ?? null,
    });
  }, [pathname, search]);
}
