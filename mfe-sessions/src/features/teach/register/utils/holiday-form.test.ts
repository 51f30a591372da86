import { checkHoliday } from './holiday-form';

const today = '2026-11-26';

describe('checkHoliday', () => {
  test('a valid holiday is the body the API takes, the reason trimmed', () => {
    expect(checkHoliday({ startsOn: '2026-11-26', endsOn: '2026-11-30', reason: '  Diwali  ' }, today)).toEqual({
      body: { startsOn: '2026-11-26', endsOn: '2026-11-30', reason: 'Diwali' },
    });
  });

  test('each rule names its field', () => {
    expect(checkHoliday({ startsOn: '', endsOn: '', reason: ' ' }, today)).toEqual({
      errors: { startsOn: 'Choose the first day of the holiday.', endsOn: 'Choose the last day of the holiday.', reason: 'Write what the holiday is for.' },
    });
    expect(checkHoliday({ startsOn: '2026-11-25', endsOn: '2026-11-26', reason: 'x' }, today)).toEqual({
      errors: { startsOn: 'The holiday must start today or later.' },
    });
    expect(checkHoliday({ startsOn: '2026-11-28', endsOn: '2026-11-27', reason: 'x' }, today)).toEqual({
      errors: { endsOn: 'The last day cannot be before the first.' },
    });
  });

  test('at most 60 days, both ends counted', () => {
    expect(checkHoliday({ startsOn: '2026-12-01', endsOn: '2027-01-29', reason: 'x' }, today)).toHaveProperty('body');
    expect(checkHoliday({ startsOn: '2026-12-01', endsOn: '2027-01-30', reason: 'x' }, today)).toEqual({
      errors: { endsOn: 'A holiday can be at most 60 days.' },
    });
  });
});
