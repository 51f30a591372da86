import { apiSend } from '@kalike/shared/api/client';
import { clientHeaders } from '@kalike/shared/api/client-headers';
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
/** An event and the client identifier it was recorded under (`teacher-mweb`, `learner-web`, …). */
interface QueuedEvent {
  client: string;
  event: Record<string, unknown>;
}

let queue: QueuedEvent[] = [];
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
 * The batch goes as the app its events were recorded in: a teacher's events as `teacher-…`
 * even if they sign out before it is sent.
 */
function send(client: string, batch: Array<Record<string, unknown>>, { leaving }: { leaving: boolean }): void {
  void apiSend('post', 'v1/analytics/events', { events: batch }, { keepalive: leaving, headers: { 'x-client': client } }).catch(() => undefined);
}

/** Sends what is queued, one request per client identifier and at most 50 events each; a failed send is dropped. */
export function flushAnalytics({ leaving = false } = {}): void {
  clearTimeout(timer);
  timer = undefined;
  const byClient = new Map<string, Array<Record<string, unknown>>>();
  for (const { client, event } of queue) byClient.set(client, [...(byClient.get(client) ?? []), event]);
  queue = [];
  for (const [client, events] of byClient) {
    for (let start = 0; start < events.length; start += maxBatch) send(client, events.slice(start, start + maxBatch), { leaving });
  }
}

export function track(event: TrackedEvent): void {
  queue.push({ client: clientHeaders()['x-client'] ?? 'learner-web', event: envelope(event) });
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
