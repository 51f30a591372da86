import type { TeacherClass, TeacherWeek } from '@kalike/shared/contracts/sessions';

import { apartment, session, uuid } from '../../../../testing/session-fixtures';
import { groupWeekByDay, parseWeekParam } from './schedule-week';

const entry = (n: number, start: string, end: string, name = 'Weekday juniors'): TeacherClass => ({
  session: session(n, start, end),
  batch: { id: uuid(700), name, programName: 'Chess', place: apartment() },
  studentsCount: 3,
});

describe('parseWeekParam', () => {
  test('no parameter is this week', () => {
    expect(parseWeekParam(null)).toEqual({ kind: 'this-week' });
    expect(parseWeekParam('')).toEqual({ kind: 'this-week' });
  });

  test('any day means the Monday-to-Sunday week it is in', () => {
    expect(parseWeekParam('2026-11-23')).toEqual({ kind: 'week', monday: '2026-11-23' });
    expect(parseWeekParam('2026-11-29')).toEqual({ kind: 'week', monday: '2026-11-23' });
    expect(parseWeekParam('2027-01-01')).toEqual({ kind: 'week', monday: '2026-12-28' });
  });

  test.each(['2026-02-30', 'next', '23-11-2026', '2026-11-23T00:00:00Z', '2026-1-5'])('%s is refused', (given) => {
    expect(parseWeekParam(given)).toEqual({ kind: 'invalid', given });
  });
});

describe('groupWeekByDay', () => {
  const week: TeacherWeek = {
    weekOf: '2026-11-23',
    until: '2026-11-30',
    today: '2026-11-26',
    previousWeek: '2026-11-16',
    nextWeek: '2026-11-30',
    classes: [
      entry(1, '2026-11-26T12:00:00.000Z', '2026-11-26T13:00:00.000Z'), // Thu 5:30 pm
      entry(2, '2026-11-26T04:30:00.000Z', '2026-11-26T05:30:00.000Z'), // Thu 10:00 am
      entry(3, '2026-11-22T19:00:00.000Z', '2026-11-22T20:00:00.000Z'), // Mon 00:30 IST, still Sunday in UTC
      entry(4, '2026-11-29T12:00:00.000Z', '2026-11-29T13:00:00.000Z'), // Sun
    ],
    holidays: [{ id: uuid(900), batchId: uuid(700), batchName: 'Weekday juniors', startsOn: '2026-11-20', endsOn: '2026-11-24', reason: 'Festival break' }],
  };

  test('seven days Monday to Sunday, classes by their Bengaluru day, soonest first', () => {
    const days = groupWeekByDay(week);
    expect(days.map((day) => day.day)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(days.map((day) => day.classes.map((item) => item.session.id))).toEqual([[uuid(3)], [], [], [uuid(2), uuid(1)], [], [], [uuid(4)]]);
  });

  test('a holiday shows on each day it covers inside the week', () => {
    expect(groupWeekByDay(week).map((day) => day.holidays.length)).toEqual([1, 1, 0, 0, 0, 0, 0]);
  });
});
