import { apiSend } from '@kalike/shared/api/client';
import { userStore } from '@kalike/shared/user/user-store';
import { platformStore } from '@kalike/shared/platform/platform';
import { locationStore } from '@kalike/shared/location/location-store';

/** Spec §9 section labels, for `refSection`. */
export const sectionLabels = {
  askProduct: (product: string) => `Ask ${product}`,
  shortlistTab: 'Shortlist Tab',
  enquiryTab: 'Enquiry Tab',
  superTeacher: 'Super Teacher',
  verifiedTeacher: 'Verified Teacher',
  teacherOfTheDay: 'Teacher of the Day',
} as const;

export interface TrackedEvent {
  name: string;
  kind: 'funnel' | 'engagement';
  eventType: string;
  refPage?: string | null;
  refSection?: string | null;
  properties?: Record<string, string | number | boolean | null>;
}

const flushAfterMs = 5_000;
const maxBatch = 50;
let queue: Array<Record<string, unknown>> = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/** Spec §9's event fields, filled from what the page knows right now. */
function envelope(event: TrackedEvent): Record<string, unknown> {
  const { user } = userStore.getState();
  const platform = platformStore.getState().details;
  const { location } = locationStore.getState();
  return {
    stream: user?.userType === 'Teacher' ? 'teacher' : 'learner',
    kind: event.kind,
    name: event.name,
    event_type: event.eventType,
    lat_lng: location ? `${location.coords.lat.toFixed(4)},${location.coords.lng.toFixed(4)}` : null,
    address: location?.address.slice(0, 200) ?? null,
    pincode: location?.pincode ?? null,
    user_type: user?.learnerAccount?.isCustomer ? 'customer' : 'new',
    is_logged_in: Boolean(user),
    user_time: new Date().toISOString(),
    client: platform.isMobile ? 'MobileWeb' : 'DesktopWeb',
    ref_page: event.refPage ?? null,
    ref_section: event.refSection ?? null,
    ...(event.properties ? { properties: event.properties } : {}),
  };
}

/**
 * Through the one API client, so events carry the client headers and the 10 s time-out like
 * every call (spec §6, §7). As the page closes the request is `keepalive`, so it still arrives.
 */
function send(batch: Array<Record<string, unknown>>, { leaving }: { leaving: boolean }): void {
  void apiSend('post', 'v1/analytics/events', { events: batch }, { keepalive: leaving }).catch(() => undefined);
}

/** Sends what is queued; events never block the page and a failed send is dropped. */
export function flushAnalytics({ leaving = false } = {}): void {
  clearTimeout(timer);
  timer = undefined;
  while (queue.length > 0) send(queue.splice(0, maxBatch), { leaving });
}

export function track(event: TrackedEvent): void {
  queue.push(envelope(event));
  if (queue.length >= maxBatch) flushAnalytics();
  else timer ??= setTimeout(() => flushAnalytics(), flushAfterMs);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => flushAnalytics({ leaving: true }));
}

/** For tests: drop anything queued. */
export function resetAnalytics(): void {
  clearTimeout(timer);
  timer = undefined;
  queue = [];
}
