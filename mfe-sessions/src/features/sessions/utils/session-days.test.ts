import { dayHeading } from '../../../utils/day-heading';
import { groupSessionsByDay } from './session-days';
import { session, upcoming, upcomingBatch } from '../../../testing/session-fixtures';

describe('groupSessionsByDay', () => {
  it('groups by the IST day of the start, across batches, soonest first', () => {
    const days = groupSessionsByDay(
      upcoming([
        upcomingBatch(1, [session(1, '2026-11-23T12:00:00.000Z', '2026-11-23T13:00:00.000Z')]),
        upcomingBatch(2, [
          // 00:30 IST on Monday 23rd: 19:00 UTC on Sunday 22nd.
          session(2, '2026-11-22T19:00:00.000Z', '2026-11-22T20:00:00.000Z'),
          // 23:45 IST on Sunday 22nd.
          session(3, '2026-11-22T18:15:00.000Z', '2026-11-22T19:00:00.000Z'),
        ]),
      ]),
    );
    expect(days.map((day) => [day.day, day.entries.map((entry) => entry.session.id.slice(-1))])).toEqual([
      ['2026-11-22', ['3']],
      ['2026-11-23', ['2', '1']],
    ]);
    expect(days[1]!.entries.map((entry) => entry.batch.id)).toEqual([upcomingBatch(2, []).batch.id, upcomingBatch(1, []).batch.id]);
    expect(days[1]!.entries[0]!.students.map((student) => student.name)).toEqual(['Aarav', 'Diya']);
  });

  it('names today and tomorrow, and spells out every date', () => {
    expect(dayHeading('2026-11-22', '2026-11-22')).toBe('Today · Sunday, 22 November');
    expect(dayHeading('2026-11-23', '2026-11-22')).toBe('Tomorrow · Monday, 23 November');
    expect(dayHeading('2026-11-24', '2026-11-22')).toBe('Tuesday, 24 November');
    expect(dayHeading('2027-01-01', '2026-12-31')).toBe('Tomorrow · Friday, 1 January');
  });
});
