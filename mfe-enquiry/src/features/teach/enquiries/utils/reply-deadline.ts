import { formatDate } from '@kalike/shared/format/dates';

/** Under this much time left, the deadline turns urgent. */
export const urgentBeforeMs = 6 * 60 * 60 * 1000;

export interface ReplyDeadline {
  text: string;
  tone: 'calm' | 'urgent' | 'expired';
}

const MINUTE = 60_000;

/** "5 h 12 min", "40 min", "1 d 3 h": the time left, rounded down to the minute (never more time than there is). */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${Math.max(1, rest)} min`;
}

/** The countdown to the reply deadline, as the teacher reads it at `now`. */
export function replyDeadline(needsActionBy: string, now: number): ReplyDeadline {
  const left = Date.parse(needsActionBy) - now;
  if (left <= 0) return { text: 'Time to reply has run out', tone: 'expired' };
  return { text: `Reply within ${formatDuration(left)}`, tone: left < urgentBeforeMs ? 'urgent' : 'calm' };
}

/** When the enquiry came, after "Came": "just now", "12 min ago", "5 h ago", then "on 23 Nov 2026". */
export function receivedText(createdAt: string, now: number): string {
  const ago = now - Date.parse(createdAt);
  if (ago < MINUTE) return 'just now';
  if (ago < 60 * MINUTE) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < 24 * 60 * MINUTE) return `${Math.floor(ago / (60 * MINUTE))} h ago`;
  return `on ${formatDate(createdAt)}`;
}
