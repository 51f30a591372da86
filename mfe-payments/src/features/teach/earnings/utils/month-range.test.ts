import { addMonths, checkMonthRange, currentIstMonth, formatMonth } from './month-range';

describe('month range', () => {
  test('months move across years', () => {
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(addMonths('2025-11', 3)).toBe('2026-02');
    expect(addMonths('2025-06', 0)).toBe('2025-06');
  });

  test('this month is Bengaluru’s: 7 pm on 31 May in London is already June there', () => {
    expect(currentIstMonth(new Date('2025-05-31T19:00:00Z'))).toBe('2025-06');
  });

  test('a range is refused with a sentence when it is missing, backwards or too long', () => {
    expect(checkMonthRange('2025-01', '2025-06')).toEqual({ ok: true, from: '2025-01', to: '2025-06' });
    expect(checkMonthRange('', '2025-06')).toMatchObject({ ok: false, message: 'Choose the first month of the statement.' });
    expect(checkMonthRange('2025-06', '2025-13')).toMatchObject({ ok: false });
    expect(checkMonthRange('2025-07', '2025-06')).toEqual({ ok: false, message: 'The statement must start before it ends: July 2025 is after June 2025.' });
    expect(checkMonthRange('2023-07', '2025-06')).toMatchObject({ ok: true });
    expect(checkMonthRange('2023-06', '2025-06')).toMatchObject({ ok: false, message: expect.stringContaining('at most 24 months') });
  });

  test('months read as words', () => {
    expect(formatMonth('2025-06')).toBe('June 2025');
  });
});
