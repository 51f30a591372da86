import { countdownText } from './countdown';

const start = '2026-11-22T12:00:00.000Z';
const end = '2026-11-22T13:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('countdownText', () => {
  it.each([
    ['2026-11-22T10:40:00.000Z', 'Starts in 1 h 20 min'],
    ['2026-11-22T10:00:00.000Z', 'Starts in 2 h'],
    ['2026-11-22T11:35:00.000Z', 'Starts in 25 min'],
    ['2026-11-22T11:59:30.000Z', 'Starts in 1 min'],
    ['2026-11-22T12:00:00.000Z', 'On now'],
    ['2026-11-22T12:59:59.000Z', 'On now'],
    ['2026-11-22T13:00:00.000Z', 'Ended'],
  ])('at %s says %s', (now, expected) => {
    expect(countdownText(start, end, at(now))).toBe(expected);
  });
});
