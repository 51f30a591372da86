import { checkExtraClass } from './extra-class-form';

const today = '2026-11-26';

describe('checkExtraClass', () => {
  it('answers the body for a class today or later, ending after it starts', () => {
    expect(checkExtraClass({ occursOn: today, startTime: '17:30', endTime: '18:30' }, today)).toEqual({
      body: { occursOn: today, startTime: '17:30', endTime: '18:30' },
    });
  });

  it.each([
    [{ occursOn: '2026-11-25', startTime: '17:30', endTime: '18:30' }, 'occursOn', 'The class must be today or later.'],
    [{ occursOn: '', startTime: '17:30', endTime: '18:30' }, 'occursOn', 'Choose the day of the class.'],
    [{ occursOn: today, startTime: '', endTime: '18:30' }, 'startTime', 'Choose when the class starts.'],
    [{ occursOn: today, startTime: '18:30', endTime: '18:30' }, 'endTime', 'The class must end after it starts.'],
    [{ occursOn: today, startTime: '09:00', endTime: '13:30' }, 'endTime', 'A class can be at most 4 hours.'],
  ])('%j is refused on %s', (draft, field, message) => {
    expect(checkExtraClass(draft, today)).toEqual({ errors: { [field]: message } });
  });
});
