import { batchesOverlap, classPackProblem, paiseToRupeesInput, rupeesToPaise } from './listing-authoring-rules';

describe('rupees typed to paise', () => {
  test.each([
    ['1500', 150_000],
    ['1,500', 150_000],
    ['₹ 1,500.5', 150_050],
    ['0.05', 5],
    ['99999.99', 9_999_999],
  ])('%j is %d paise', (typed, paise) => {
    expect(rupeesToPaise(typed)).toBe(paise);
  });

  test.each([[''], ['abc'], ['12.345'], ['-5'], ['1e3'], ['12345678']])('%j is not a price', (typed) => {
    expect(rupeesToPaise(typed)).toBeNull();
  });

  test('paise back to what was typed', () => {
    expect(paiseToRupeesInput(150_000)).toBe('1500');
    expect(paiseToRupeesInput(150_050)).toBe('1500.50');
  });
});

describe('a class pack within bounds', () => {
  test('₹50 to ₹1,00,000, ₹20 to ₹10,000 a class', () => {
    expect(classPackProblem({ classes: 8, validityDays: 35, pricePaise: 240_000 })).toBeNull();
    expect(classPackProblem({ classes: 1, validityDays: 7, pricePaise: 4_999 })).toBe('A class pack costs between ₹50 and ₹1,00,000.');
    expect(classPackProblem({ classes: 10, validityDays: 7, pricePaise: 10_000_001 })).toBe('A class pack costs between ₹50 and ₹1,00,000.');
    expect(classPackProblem({ classes: 100, validityDays: 365, pricePaise: 10_000 })).toBe('That is ₹1 a class; a class costs between ₹20 and ₹10,000.');
    expect(classPackProblem({ classes: 0, validityDays: 30, pricePaise: 10_000 })).toBe('A class pack has between 1 and 100 classes.');
    expect(classPackProblem({ classes: 4, validityDays: 400, pricePaise: 10_000 })).toBe('A class pack is valid for 7 to 365 days.');
  });
});

describe('batches at the same time', () => {
  const tueThu = { days: [2, 4], startTime: '17:00', endTime: '18:00', startsOn: '2025-06-10', endsOn: null };
  test('a shared day, overlapping hours and overlapping dates', () => {
    expect(batchesOverlap(tueThu, { ...tueThu, days: [4, 6], startTime: '17:30', endTime: '18:30' })).toBe(true);
  });
  test('no shared day, back-to-back hours or dates that do not meet are apart', () => {
    expect(batchesOverlap(tueThu, { ...tueThu, days: [1, 3] })).toBe(false);
    expect(batchesOverlap(tueThu, { ...tueThu, startTime: '18:00', endTime: '19:00' })).toBe(false);
    expect(batchesOverlap({ ...tueThu, endsOn: '2025-08-31' }, { ...tueThu, startsOn: '2025-09-01' })).toBe(false);
    expect(batchesOverlap({ ...tueThu, endsOn: '2025-09-01' }, { ...tueThu, startsOn: '2025-09-01' })).toBe(true);
  });
});
