import { useEffect, useRef, useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/**
 * Whether the browser has a connection, as react-query's onlineManager sees it (the
 * browser's `online`/`offline` events). The same signal pauses queries and mutations while
 * offline and refetches them on reconnect, so what the page says and what it does agree.
 */
export function isOnline(): boolean {
  return onlineManager.isOnline();
}

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);

export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** Calls `onReconnect` each time the connection comes back (not when it is first known). */
export function useOnReconnect(onReconnect: () => void): void {
  const latest = useRef(onReconnect);
  useEffect(() => {
    latest.current = onReconnect;
  });
  useEffect(
    () =>
      onlineManager.subscribe((online) => {
        if (online) latest.current();
      }),
    [],
  );
}
