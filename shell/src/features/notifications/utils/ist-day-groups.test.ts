import { groupByIstDay, istDayLabel } from './ist-day-groups';

describe('groupByIstDay', () => {
  // 20 Nov 2026, 00:30 in Bengaluru: still 19 Nov in UTC.
  const now = new Date('2026-11-19T19:00:00.000Z');

  it('groups by the Bengaluru day, whatever the day in UTC, with Today and Yesterday named', () => {
    const items = [
      { id: 'a', at: '2026-11-19T18:45:00.000Z' }, // 00:15 on 20 Nov in Bengaluru
      { id: 'b', at: '2026-11-19T18:00:00.000Z' }, // 23:30 on 19 Nov
      { id: 'c', at: '2026-11-18T20:00:00.000Z' }, // 01:30 on 19 Nov
      { id: 'd', at: '2026-11-16T05:00:00.000Z' }, // Monday, 16 Nov
      { id: 'e', at: '2025-12-31T05:00:00.000Z' },
    ];
    expect(groupByIstDay(items, (item) => item.at, now).map((group) => [group.label, group.items.map((item) => item.id)])).toEqual([
      ['Today', ['a']],
      ['Yesterday', ['b', 'c']],
      ['Monday, 16 November', ['d']],
      ['Wednesday, 31 December 2025', ['e']],
    ]);
  });

  it('names days by the calendar, not by 24-hour spans', () => {
    expect(istDayLabel('2026-11-20', '2026-11-20')).toBe('Today');
    expect(istDayLabel('2026-11-19', '2026-11-20')).toBe('Yesterday');
    expect(istDayLabel('2026-11-18', '2026-11-20')).toBe('Wednesday, 18 November');
  });
});
