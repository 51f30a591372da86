import {
  addDaysToDateKey,
  isDateKey,
  isoWeekdayOfKey,
  weekStartOf,
  formatCalendarDate,
  formatClockTime,
  formatInstantLong,
  formatLongDay,
  formatLongDayWithYear,
  formatShortDay,
  formatTime,
  formatWeekdays,
  istDateKey,
  istDayStart,
  istClockTime,
  istInstant,
} from './dates';

describe('IST times and days', () => {
  it('shows instants in Bengaluru time whatever the device zone', () => {
    expect(formatTime('2026-11-24T11:30:00Z')).toBe('5:00 pm');
  });

  it('groups an instant under its Bengaluru day, which can be the next UTC day', () => {
    expect(istDateKey('2026-11-24T20:30:00Z')).toBe('2026-11-25');
    expect(istDateKey('2026-11-24T18:29:00Z')).toBe('2026-11-24');
  });

  it('starts the Bengaluru day at 18:30 UTC, which is "today" for packs, schedules and receipts', () => {
    expect(istDateKey(new Date('2026-03-31T18:29:59.999Z'))).toBe('2026-03-31');
    expect(istDateKey(new Date('2026-03-31T18:30:00.000Z'))).toBe('2026-04-01');
    expect(istDateKey(new Date('2026-12-31T18:30:00.000Z'))).toBe('2027-01-01');
  });

  it('spells calendar days out without moving them across zones', () => {
    expect(formatLongDay('2026-11-24')).toBe('Tuesday, 24 November');
    expect(formatShortDay('2026-11-24')).toBe('Tue, 24 Nov');
    expect(formatCalendarDate('2026-12-02')).toBe('2 Dec 2026');
    expect(formatLongDayWithYear('2027-01-06')).toBe('Wednesday, 6 January 2027');
  });

  it('spells an instant out on its Bengaluru day, past midnight included', () => {
    expect(formatInstantLong('2026-11-24T11:30:00Z')).toBe('Tuesday, 24 November at 5:00 pm');
    expect(formatInstantLong('2026-11-24T19:00:00Z')).toBe('Wednesday, 25 November at 12:30 am');
  });

  it('adds days across month ends', () => {
    expect(addDaysToDateKey('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDaysToDateKey('2026-12-31', 7)).toBe('2027-01-07');
  });

  it('begins a Bengaluru day at 18:30 UTC the evening before, across month and year ends', () => {
    expect(istDayStart('2026-04-01').toISOString()).toBe('2026-03-31T18:30:00.000Z');
    expect(istDayStart('2027-01-01').toISOString()).toBe('2026-12-31T18:30:00.000Z');
    expect(istDateKey(istDayStart('2027-01-01'))).toBe('2027-01-01');
    expect(istDateKey(new Date(istDayStart('2027-01-01').getTime() - 1))).toBe('2026-12-31');
  });

  it('places a Bengaluru wall-clock time on its day, early morning on the UTC day before', () => {
    expect(istInstant('2026-11-24', '19:00').toISOString()).toBe('2026-11-24T13:30:00.000Z');
    expect(istInstant('2026-11-24', '05:29').toISOString()).toBe('2026-11-23T23:59:00.000Z');
    expect(istInstant('2026-11-24', '23:59').toISOString()).toBe('2026-11-24T18:29:00.000Z');
    expect(() => istInstant('2026-11-24', '24:00')).toThrow(RangeError);
    expect(() => istDayStart('2026-02-30x')).toThrow(RangeError);
  });

  it('reads the Bengaluru wall-clock time of an instant, the inverse of istInstant', () => {
    expect(istClockTime(new Date('2026-11-24T13:30:00.000Z'))).toBe('19:00');
    expect(istClockTime(new Date('2026-11-23T23:59:00.000Z'))).toBe('05:29');
    expect(istClockTime(istInstant('2026-11-24', '00:00'))).toBe('00:00');
  });

  it('refuses values that are not dates', () => {
    expect(() => formatLongDay('24/11/2026')).toThrow(RangeError);
  });
});

describe('formatClockTime', () => {
  it.each([
    ['00:15', '12:15 am'],
    ['07:05', '7:05 am'],
    ['12:00', '12:00 pm'],
    ['17:30', '5:30 pm'],
  ])('shows %s as %s', (value, text) => expect(formatClockTime(value)).toBe(text));

  it('refuses malformed times', () => {
    expect(() => formatClockTime('25:00')).toThrow(RangeError);
  });
});

describe('formatWeekdays', () => {
  it.each([
    [[1, 3, 5], 'Mon, Wed, Fri'],
    [[5, 4, 3, 2, 1], 'Mon–Fri'],
    [[6, 7], 'Sat, Sun'],
    [[1, 2, 3, 6, 7], 'Mon–Wed, Sat, Sun'],
    [[1, 2, 3, 4, 5, 6, 7], 'Every day'],
    [[], ''],
  ])('writes %j as %s', (days, text) => expect(formatWeekdays(days)).toBe(text));
});

describe('weeks', () => {
  test('a week runs Monday to Sunday', () => {
    expect(isoWeekdayOfKey('2026-11-23')).toBe(1);
    expect(isoWeekdayOfKey('2026-11-29')).toBe(7);
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-26')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28');
  });

  test.each(['2026-11-26', '2024-02-29'])('%s is a calendar day', (value) => expect(isDateKey(value)).toBe(true));
  test.each(['2026-02-30', '2026-13-01', '26-11-2026', '2026-11-26T00:00', '', 'next'])('%s is not', (value) => expect(isDateKey(value)).toBe(false));
});
