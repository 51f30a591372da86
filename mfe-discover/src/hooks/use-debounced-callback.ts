import { useEffect, useRef } from 'react';

/**
 * Returns `schedule(value)`, which calls `callback(value)` once the calls have paused for
 * `delayMs`, and `flush(value)`, which calls it at once and drops anything scheduled.
 */
export function useDebouncedCallback<T>(callback: (value: T) => void, delayMs: number) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  const schedule = (value: T) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(value), delayMs);
  };
  const flush = (value: T) => {
    clearTimeout(timer.current);
    latest.current(value);
  };
  return { schedule, flush };
}
