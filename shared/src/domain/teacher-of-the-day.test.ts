import { pickForDay, teacherOfTheDayReason } from '@kalike/shared/domain/teacher-of-the-day';

describe('Teacher of the Day', () => {
  it('takes the candidates in turn, one a Bengaluru day, the same all day', () => {
    const candidates = ['a', 'b', 'c'];
    const week = ['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02'].map((day) => pickForDay(candidates, day));
    expect(new Set(week.slice(0, 3))).toEqual(new Set(candidates));
    expect(week[3]).toBe(week[0]);
    expect(pickForDay(candidates, '2026-11-29')).toBe(week[0]);
    expect(pickForDay([], '2026-11-29')).toBeNull();
  });

  it('says how the teacher was chosen, honestly when nobody near qualified', () => {
    expect(teacherOfTheDayReason(1_800)).toBe('Chosen each day, in turn, from teachers within 5 km of you rated 4.5 or more by at least 10 families.');
    expect(teacherOfTheDayReason(11_000)).toBe(
      'No teacher within 5 km of you is rated 4.5 or more by at least 10 families yet, so this is the nearest who is.',
    );
  });
});
