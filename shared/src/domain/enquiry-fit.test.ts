import { batchSlotText, listingFit, offeredModes, timeOfDayOfStart } from './enquiry-fit';

const weekendMorningAtCentre = { daysOfWeek: [6, 7], startTime: '10:00', place: { kind: 'locality' as const, name: 'Jayanagar' } };
const weekendMorningOnline = { daysOfWeek: [6], startTime: '09:30', place: { kind: 'online' as const, name: 'Online' } };
const weekdayEveningAtCentre = { daysOfWeek: [2, 4], startTime: '17:30', place: { kind: 'locality' as const, name: 'Jayanagar' } };
const centreWeekendMornings = { mode: 'at_centre' as const, days: [6, 7], times: ['morning' as const] };

describe('whether a listing fits what was asked', () => {
  it('fits a centre batch on the asked days and times, and says which: "Sat 10 am batch"', () => {
    expect(listingFit({ mode: 'at_centre', batches: [weekdayEveningAtCentre, weekendMorningAtCentre] }, centreWeekendMornings)).toEqual({
      fits: true,
      batch: weekendMorningAtCentre,
      reason: 'Sat 10 am batch',
    });
  });

  it('never fits an online-only teacher to "at the teacher\'s centre", even at the right time', () => {
    expect(listingFit({ mode: 'online', batches: [weekendMorningOnline] }, centreWeekendMornings)).toEqual({
      fits: false,
      batch: null,
      reason: "Does not teach at the teacher's centre",
    });
  });

  it('does not fit a centre that meets only on weekday evenings to weekend mornings', () => {
    expect(listingFit({ mode: 'at_centre', batches: [weekdayEveningAtCentre] }, centreWeekendMornings).fits).toBe(false);
    expect(listingFit({ mode: 'at_centre', batches: [] }, centreWeekendMornings).reason).toBe('No batch times listed yet');
  });

  it('fits any place when there is no preference, and home tuition only to home tuition', () => {
    const online = listingFit({ mode: 'online', batches: [weekendMorningOnline] }, { ...centreWeekendMornings, mode: 'any' });
    expect(online).toMatchObject({ fits: true, reason: 'Sat 9:30 am batch · online' });
    expect(listingFit({ mode: 'at_home', batches: [] }, { ...centreWeekendMornings, mode: 'at_home' }).fits).toBe(true);
    expect(listingFit({ mode: 'at_centre', batches: [weekendMorningAtCentre] }, { ...centreWeekendMornings, mode: 'at_home' }).fits).toBe(false);
    // A batch at the learner's home is home tuition.
    const atHome = { ...weekendMorningAtCentre, place: { kind: 'learner_home' as const, name: 'Koramangala' } };
    expect(listingFit({ mode: 'at_centre', batches: [atHome] }, { ...centreWeekendMornings, mode: 'at_home' }).fits).toBe(true);
    expect(offeredModes({ mode: 'at_centre', batches: [atHome] })).toEqual(['at_home', 'at_centre']);
  });

  it("offers the listing mode and its batches' places; times split at noon and 4 pm", () => {
    expect(offeredModes({ mode: 'at_centre', batches: [weekendMorningOnline, weekendMorningAtCentre] })).toEqual(['at_centre', 'online']);
    expect(['11:59', '12:00', '15:59', '16:00'].map(timeOfDayOfStart)).toEqual(['morning', 'afternoon', 'afternoon', 'evening']);
    expect(batchSlotText(weekdayEveningAtCentre)).toBe('Tue 5:30 pm');
  });
});
