const minuteMs = 60_000;

/**
 * What a session of today says about now: "Starts in 1 h 20 min", "On now", "Ended".
 * Minutes are rounded up, so a class 30 seconds away still "starts in 1 min" rather than
 * claiming to be on.
 */
export function countdownText(startIso: string, endIso: string, nowMs: number): string {
  const start = Date.parse(startIso);
  const end = Date.parse(endIso);
  if (nowMs >= end) return 'Ended';
  if (nowMs >= start) return 'On now';
  const minutes = Math.ceil((start - nowMs) / minuteMs);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `Starts in ${rest} min`;
  return rest === 0 ? `Starts in ${hours} h` : `Starts in ${hours} h ${rest} min`;
}
