import { useEffect, useState } from 'react';

/** The time, refreshed every `everyMs`: enough for a countdown in minutes without re-rendering every second. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
