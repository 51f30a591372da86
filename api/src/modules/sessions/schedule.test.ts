import { addDaysToDateKey, istDateKey, istInstant } from '@kalike/shared/format/dates';
import fc from 'fast-check';
import { expandSchedule, isoWeekday, type BatchSchedule, type ScheduleHoliday } from './schedule';

const tueThu: BatchSchedule = { daysOfWeek: [2, 4], startTime: '17:00', endTime: '18:00', startsOn: '2025-01-01', endsOn: null };
const days = (schedule: BatchSchedule, from: string, until: string, holidays: ScheduleHoliday[] = []) =>
  expandSchedule(schedule, { from, until }, holidays).map((occurrence) => occurrence.occursOn);

describe('expandSchedule', () => {
  test('meets on its weekdays across several weeks, with IST wall times as UTC instants', () => {
    const occurrences = expandSchedule(tueThu, { from: '2025-06-02', until: '2025-06-23' });
    expect(occurrences.map((occurrence) => occurrence.occursOn)).toEqual(['2025-06-03', '2025-06-05', '2025-06-10', '2025-06-12', '2025-06-17', '2025-06-19']);
    expect(occurrences[0]).toEqual({ occursOn: '2025-06-03', startsAt: '2025-06-03T11:30:00.000Z', endsAt: '2025-06-03T12:30:00.000Z', holiday: null });
  });

  test('the window is [from, until): a meeting day on `until` is left for the next window', () => {
    expect(days(tueThu, '2025-06-03', '2025-06-05')).toEqual(['2025-06-03']);
    expect(days(tueThu, '2025-06-05', '2025-06-05')).toEqual([]);
    expect(days(tueThu, '2025-06-10', '2025-06-03')).toEqual([]);
  });

  test('crosses the ends of 30- and 31-day months', () => {
    const daily: BatchSchedule = { ...tueThu, daysOfWeek: [1, 2, 3, 4, 5, 6, 7] };
    expect(days(daily, '2025-04-29', '2025-05-02')).toEqual(['2025-04-29', '2025-04-30', '2025-05-01']);
    expect(days(daily, '2025-01-30', '2025-02-02')).toEqual(['2025-01-30', '2025-01-31', '2025-02-01']);
  });

  test('February has 28 days in 2027 and 29 in the leap year 2028', () => {
    const daily: BatchSchedule = { ...tueThu, daysOfWeek: [1, 2, 3, 4, 5, 6, 7] };
    expect(days(daily, '2027-02-27', '2027-03-02')).toEqual(['2027-02-27', '2027-02-28', '2027-03-01']);
    expect(days(daily, '2028-02-27', '2028-03-02')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    // 2028-02-29 is a Tuesday; in 2027 the Monday after Sunday the 28th is already March 1.
    expect(days(tueThu, '2028-02-26', '2028-03-04')).toEqual(['2028-02-29', '2028-03-02']);
    expect(days({ ...tueThu, daysOfWeek: [1, 3] }, '2027-02-25', '2027-03-05')).toEqual(['2027-03-01', '2027-03-03']);
  });

  test('crosses the year end', () => {
    // 2026-12-31 is a Thursday, 2027-01-05 a Tuesday.
    expect(days(tueThu, '2026-12-28', '2027-01-08')).toEqual(['2026-12-29', '2026-12-31', '2027-01-05', '2027-01-07']);
  });

  test('a batch starting mid-week meets from its first day; one that ends stops after its last day', () => {
    const monWedFri: BatchSchedule = { daysOfWeek: [1, 3, 5], startTime: '16:00', endTime: '16:45', startsOn: '2025-06-04', endsOn: '2025-06-16' };
    expect(days(monWedFri, '2025-06-01', '2025-06-30')).toEqual(['2025-06-04', '2025-06-06', '2025-06-09', '2025-06-11', '2025-06-13', '2025-06-16']);
    expect(days({ ...monWedFri, endsOn: '2025-06-04' }, '2025-06-01', '2025-06-30')).toEqual(['2025-06-04']);
    expect(days(monWedFri, '2025-06-17', '2025-06-30')).toEqual([]);
  });

  test('a holiday across a month end marks the days it covers, inclusive of both ends', () => {
    const daily: BatchSchedule = { ...tueThu, daysOfWeek: [1, 2, 3, 4, 5, 6, 7] };
    const holiday: ScheduleHoliday = { id: 'h1', startsOn: '2027-01-30', endsOn: '2027-02-01', reason: 'Festival break' };
    const occurrences = expandSchedule(daily, { from: '2027-01-29', until: '2027-02-03' }, [holiday]);
    expect(occurrences.map((occurrence) => [occurrence.occursOn, occurrence.holiday?.id ?? null])).toEqual([
      ['2027-01-29', null],
      ['2027-01-30', 'h1'],
      ['2027-01-31', 'h1'],
      ['2027-02-01', 'h1'],
      ['2027-02-02', null],
    ]);
  });

  test('the first of overlapping holidays, in the order given, names the day', () => {
    const first: ScheduleHoliday = { id: 'a', startsOn: '2025-06-03', endsOn: '2025-06-05', reason: 'Exams' };
    const second: ScheduleHoliday = { id: 'b', startsOn: '2025-06-05', endsOn: '2025-06-12', reason: 'Trip' };
    const marked = expandSchedule(tueThu, { from: '2025-06-02', until: '2025-06-13' }, [first, second]).map((occurrence) => occurrence.holiday?.id ?? null);
    expect(marked).toEqual(['a', 'a', 'b', 'b']);
  });

  test('Sunday is ISO weekday 7', () => {
    const sunday: BatchSchedule = { ...tueThu, daysOfWeek: [7], startTime: '09:00', endTime: '10:00' };
    expect(days(sunday, '2025-06-01', '2025-06-16')).toEqual(['2025-06-01', '2025-06-08', '2025-06-15']);
    expect(isoWeekday('2025-06-01')).toBe(7);
    expect(isoWeekday('2025-06-02')).toBe(1);
  });

  test('an early-morning IST class starts on the previous UTC day', () => {
    const dawn: BatchSchedule = { ...tueThu, daysOfWeek: [1], startTime: '05:15', endTime: '06:00:00' };
    const [occurrence] = expandSchedule(dawn, { from: '2025-01-01', until: '2025-01-07' });
    expect(occurrence).toEqual({ occursOn: '2025-01-06', startsAt: '2025-01-05T23:45:00.000Z', endsAt: '2025-01-06T00:30:00.000Z', holiday: null });
    expect(istDateKey(new Date(occurrence?.startsAt ?? ''))).toBe('2025-01-06');
  });

  test('a class ending after midnight ends on the next day', () => {
    const late: BatchSchedule = { ...tueThu, daysOfWeek: [6], startTime: '23:30', endTime: '00:30' };
    const [occurrence] = expandSchedule(late, { from: '2025-06-07', until: '2025-06-08' });
    expect(occurrence).toMatchObject({ occursOn: '2025-06-07', startsAt: '2025-06-07T18:00:00.000Z', endsAt: '2025-06-07T19:00:00.000Z' });
  });

  test('istInstant and istDateKey are inverse at the IST day boundary', () => {
    expect(istInstant('2025-06-02', '00:00').toISOString()).toBe('2025-06-01T18:30:00.000Z');
    expect(istDateKey(new Date('2025-06-01T18:29:59.999Z'))).toBe('2025-06-01');
    expect(istDateKey(new Date('2025-06-01T18:30:00.000Z'))).toBe('2025-06-02');
    expect(addDaysToDateKey('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysToDateKey('2027-03-01', -1)).toBe('2027-02-28');
  });

  test('rejects what is not a day or a time', () => {
    expect(() => expandSchedule({ ...tueThu, startsOn: '2025-6-1' }, { from: '2025-06-01', until: '2025-06-08' })).toThrow('calendar day');
    expect(() => expandSchedule({ ...tueThu, startTime: '7pm' }, { from: '2025-06-01', until: '2025-06-08' })).toThrow('wall-clock time');
  });
});

describe('expandSchedule properties', () => {
  const base = Date.UTC(2024, 0, 1) / 86_400_000;
  const day = fc.integer({ min: 0, max: 5 * 366 }).map((offset) => new Date((base + offset) * 86_400_000).toISOString().slice(0, 10));
  const time = fc
    .record({ hour: fc.integer({ min: 0, max: 22 }), minute: fc.integer({ min: 0, max: 59 }) })
    .map(({ hour, minute }) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
  const schedule = fc
    .record({
      daysOfWeek: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
      startTime: time,
      length: fc.integer({ min: 15, max: 60 }),
      startsOn: day,
      lasts: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
    })
    .map(({ daysOfWeek, startTime, length, startsOn, lasts }): BatchSchedule => {
      const [hour = 0, minute = 0] = startTime.split(':').map(Number);
      const end = hour * 60 + minute + length;
      return {
        daysOfWeek,
        startTime,
        endTime: `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`,
        startsOn,
        endsOn: lasts === null ? null : addDaysToDateKey(startsOn, lasts),
      };
    });
  const holiday = fc
    .record({ startsOn: day, lasts: fc.integer({ min: 0, max: 20 }), id: fc.uuid() })
    .map(({ startsOn, lasts, id }): ScheduleHoliday => ({ id, startsOn, endsOn: addDaysToDateKey(startsOn, lasts), reason: 'Holiday' }));
  const window = fc
    .record({ from: day, length: fc.integer({ min: 0, max: 120 }) })
    .map(({ from, length }) => ({ from, until: addDaysToDateKey(from, length) }));

  test('weekdays, window, batch dates, holidays, order and count all hold', () => {
    fc.assert(
      fc.property(schedule, window, fc.array(holiday, { maxLength: 4 }), (batch, range, holidays) => {
        const occurrences = expandSchedule(batch, range, holidays);
        const onHoliday = (date: string) => holidays.find((candidate) => candidate.startsOn <= date && date <= candidate.endsOn) ?? null;

        // A brute-force walk over the window, one Date at a time.
        const expected: string[] = [];
        for (let date = range.from; date < range.until; date = addDaysToDateKey(date, 1)) {
          const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
          if (batch.daysOfWeek.includes(weekday) && date >= batch.startsOn && (batch.endsOn === null || date <= batch.endsOn)) expected.push(date);
        }
        expect(occurrences.map((occurrence) => occurrence.occursOn)).toEqual(expected);

        for (const [index, occurrence] of occurrences.entries()) {
          expect(batch.daysOfWeek).toContain(isoWeekday(occurrence.occursOn));
          expect(occurrence.occursOn >= range.from && occurrence.occursOn < range.until).toBe(true);
          expect(occurrence.occursOn >= batch.startsOn && (batch.endsOn === null || occurrence.occursOn <= batch.endsOn)).toBe(true);
          // No class is scheduled on a holiday: a holiday day is always marked with the holiday.
          expect(occurrence.holiday).toBe(onHoliday(occurrence.occursOn));
          expect(istDateKey(new Date(occurrence.startsAt))).toBe(occurrence.occursOn);
          expect(Date.parse(occurrence.endsAt)).toBeGreaterThan(Date.parse(occurrence.startsAt));
          expect(istInstant(occurrence.occursOn, batch.startTime).toISOString()).toBe(occurrence.startsAt);
          const previous = occurrences[index - 1];
          if (previous) expect(Date.parse(occurrence.startsAt)).toBeGreaterThan(Date.parse(previous.startsAt));
        }
      }),
      { numRuns: 300 },
    );
  });
});
