import { buildCalendarFile, escapeText, foldLine, toUtcStamp } from './calendar-file';

const event = {
  uid: '5e55104e-0000-4000-8000-000000000001@kalike.in',
  start: '2026-11-22T12:00:00.000Z',
  end: '2026-11-22T13:00:00.000Z',
  summary: 'Chess for beginners (Weekend beginners)',
  status: 'CONFIRMED' as const,
};
const octets = (line: string) => new TextEncoder().encode(line).length;

describe('calendar file (RFC 5545)', () => {
  it('writes one VEVENT with CRLF line ends, a UTC start, end and stamp, and the stable UID', () => {
    const text = buildCalendarFile(event, new Date('2026-11-22T10:40:12.345Z'));
    expect(text.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Kalike//Sessions//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:5e55104e-0000-4000-8000-000000000001@kalike.in',
      'DTSTAMP:20261122T104012Z',
      'DTSTART:20261122T120000Z',
      'DTEND:20261122T130000Z',
      'SUMMARY:Chess for beginners (Weekend beginners)',
      'STATUS:CONFIRMED',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
    expect(text).not.toMatch(/[^\r]\n/);
  });

  it('turns any zone’s instant into UTC', () => {
    expect(toUtcStamp('2026-11-23T00:30:00+05:30')).toBe('20261122T190000Z');
    expect(() => toUtcStamp('soon')).toThrow(RangeError);
  });

  it('escapes backslashes, semicolons, commas and line breaks in text, and drops control characters', () => {
    expect(escapeText('Hall 2; Block A, 3rd floor\\back\r\nnext\nline\u0007')).toBe('Hall 2\\; Block A\\, 3rd floor\\\\back\\nnext\\nline');
  });

  it('folds lines longer than 75 octets with CRLF and one space, counting bytes, never splitting a character', () => {
    const line = `DESCRIPTION:${'₹'.repeat(40)}`; // 12 + 120 octets
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    expect(octets(parts[0]!)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) {
      expect(part.startsWith(' ')).toBe(true);
      expect(octets(part)).toBeLessThanOrEqual(75);
    }
    expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
    expect(foldLine('X'.repeat(75))).toBe('X'.repeat(75));
    expect(foldLine('X'.repeat(76))).toBe(`${'X'.repeat(75)}\r\n X`);
  });

  it('adds the place, map position and a plain join link, and marks a cancelled event', () => {
    const text = buildCalendarFile(
      {
        ...event,
        description: 'Teacher: Kiran Rao',
        location: 'Prestige Shantiniketan, Whitefield',
        geo: { lat: 12.99, lng: 77.73 },
        url: 'https://meet.example.in/chess-sat',
        status: 'CANCELLED',
      },
      new Date('2026-11-22T10:40:00Z'),
    );
    expect(text).toContain(
      '\r\nDESCRIPTION:Teacher: Kiran Rao\r\nLOCATION:Prestige Shantiniketan\\, Whitefield\r\nGEO:12.99;77.73\r\nURL:https://meet.example.in/chess-sat\r\nSTATUS:CANCELLED\r\n',
    );
  });

  it('leaves out a link that is not a plain http(s) URI', () => {
    const text = buildCalendarFile({ ...event, url: 'https://x.example/a\r\nATTACH:evil' }, new Date('2026-11-22T10:40:00Z'));
    expect(text).not.toContain('URL:');
    expect(text).not.toContain('ATTACH');
  });
});
