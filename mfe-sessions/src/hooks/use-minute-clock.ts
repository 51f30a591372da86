import { useSyncExternalStore } from 'react';
import { istDateKey, type DateKey } from '@kalike/shared/format/dates';

const minuteMs = 60_000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

// One timer for the whole page, aligned to the minute and running only while something
// shows a countdown; each tick re-renders only the components whose value changed.
function tick() {
  timer = setTimeout(tick, minuteMs - (Date.now() % minuteMs));
  for (const listener of listeners) listener();
}

// A phone that slept or a tab in the background skips ticks; coming back catches up at once.
function onVisible() {
  if (document.visibilityState === 'visible') for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    timer = setTimeout(tick, minuteMs - (Date.now() % minuteMs));
    document.addEventListener('visibilitychange', onVisible);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    }
  };
}

/** Now, to the minute: the same value all minute long, so React skips re-renders in between. */
const currentMinute = () => Math.floor(Date.now() / minuteMs) * minuteMs;

export function useMinuteClock(): number {
  return useSyncExternalStore(subscribe, currentMinute, currentMinute);
}

const today = () => istDateKey(new Date(currentMinute()));

/** Today in Bengaluru; changes (and re-renders its user) only at midnight IST. */
export function useIstToday(): DateKey {
  return useSyncExternalStore(subscribe, today, today);
}
