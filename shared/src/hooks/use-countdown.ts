import { useEffect, useState } from 'react';

/** Seconds left until `seconds` after mount, ticking each second; re-mount (a new key) to start again. */
export function useCountdown(seconds: number): number {
  const [deadline] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  useEffect(() => {
    if (left === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left === 0]);
  return left;
}
