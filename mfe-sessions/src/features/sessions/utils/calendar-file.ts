/**
 * A one-event iCalendar file (RFC 5545), written by hand: the `ics` package would bring a
 * schema validator into the page for the sake of a dozen lines. What the RFC asks for and
 * calendar apps check: CRLF line ends, TEXT values escaped (§3.3.11), instants in UTC
 * (§3.3.5 form 2), a DTSTAMP and a stable UID (so adding the same class twice updates it),
 * and lines folded at 75 octets (§3.1) without cutting a character in two.
 */
export interface CalendarEvent {
  /** Globally unique and stable for the same event, e.g. `<sessionId>@kalike.in`. */
  uid: string;
  start: string;
  end: string;
  summary: string;
  description?: string;
  location?: string;
  geo?: { lat: number; lng: number };
  url?: string;
  status: 'CONFIRMED' | 'CANCELLED';
}

const maxLineOctets = 75;
const encoder = new TextEncoder();

/** `20261122T120000Z`: the instant in UTC, seconds precision. */
export function toUtcStamp(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: ${String(instant)}`);
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** A TEXT value: backslash, semicolon, comma and line breaks escaped; other control characters dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '')
  );
}

/** Splits a content line into lines of at most 75 octets, each continuation starting with one space. */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // A continuation's leading space counts towards its 75 octets.
    const limit = lines.length === 0 ? maxLineOctets : maxLineOctets - 1;
    if (octets + size > limit) {
      lines.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n ');
}

/** Only plain URIs go into URL: nothing that could break the line or the property. */
const isPlainUri = (value: string) => /^https?:\/\/[^\s"<>\\]+$/.test(value);

export function buildCalendarFile(event: CalendarEvent, now: Date): string {
  const properties: Array<[string, string]> = [
    ['UID', event.uid],
    ['DTSTAMP', toUtcStamp(now)],
    ['DTSTART', toUtcStamp(event.start)],
    ['DTEND', toUtcStamp(event.end)],
    ['SUMMARY', escapeText(event.summary)],
  ];
  if (event.description) properties.push(['DESCRIPTION', escapeText(event.description)]);
  if (event.location) properties.push(['LOCATION', escapeText(event.location)]);
  if (event.geo && Number.isFinite(event.geo.lat) && Number.isFinite(event.geo.lng)) {
    properties.push(['GEO', `${event.geo.lat};${event.geo.lng}`]);
  }
  if (event.url && isPlainUri(event.url)) properties.push(['URL', event.url]);
  properties.push(['STATUS', event.status]);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kalike//Sessions//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    ...properties.map(([name, value]) => `${name}:${value}`),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
