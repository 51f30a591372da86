import { formatDuration, receivedText, replyDeadline } from './reply-deadline';

const now = Date.parse('2026-11-26T10:00:00.000Z');
const later = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

describe('the reply deadline', () => {
  test('counts down in hours and minutes, never rounding up', () => {
    expect(replyDeadline(later(5 * 60 + 12), now)).toEqual({ text: 'Reply within 5 h 12 min', tone: 'urgent' });
    expect(replyDeadline(new Date(now + (40 * 60 + 59) * 1000).toISOString(), now).text).toBe('Reply within 40 min');
    expect(replyDeadline(later(47 * 60), now)).toEqual({ text: 'Reply within 1 d 23 h', tone: 'calm' });
  });

  test('turns urgent under six hours, and says when the time has run out', () => {
    expect(replyDeadline(later(6 * 60), now).tone).toBe('calm');
    expect(replyDeadline(later(6 * 60 - 1), now).tone).toBe('urgent');
    expect(replyDeadline(later(0), now)).toEqual({ text: 'Time to reply has run out', tone: 'expired' });
    expect(replyDeadline(later(-30), now).tone).toBe('expired');
  });

  test('durations read as people say them', () => {
    expect(formatDuration(3 * 3600_000)).toBe('3 h');
    expect(formatDuration(24 * 3600_000)).toBe('1 d');
    expect(formatDuration(20_000)).toBe('1 min');
  });

  test('when it came: minutes, hours, then the date', () => {
    expect(receivedText(later(-0.5), now)).toBe('just now');
    expect(receivedText(later(-12), now)).toBe('12 min ago');
    expect(receivedText(later(-5 * 60 - 59), now)).toBe('5 h ago');
    expect(receivedText(later(-3 * 24 * 60), now)).toBe('on 23 Nov 2026');
  });
});
