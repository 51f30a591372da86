import { checkBatch, checkPack, checkProgram, type BatchValues } from './listing-forms';

describe('the class pack form', () => {
  const pack = { batchId: 'b1', name: '8 classes', classes: '8', validityDays: '35', rupees: '2,400' };
  test('rupees typed become integer paise', () => {
    expect(checkPack(pack)).toEqual({ problem: null, body: { batchId: 'b1', name: '8 classes', classesCount: 8, validityDays: 35, pricePaise: 240_000 } });
    expect(checkPack({ ...pack, rupees: '2400.50' }).body?.pricePaise).toBe(240_050);
  });
  test('refusals are sentences', () => {
    expect(checkPack({ ...pack, rupees: 'two thousand' }).problem).toBe('Give the price in rupees, e.g. 1500.');
    expect(checkPack({ ...pack, rupees: '40' }).problem).toBe('A class pack costs between ₹50 and ₹1,00,000.');
    expect(checkPack({ ...pack, classes: '100', rupees: '100' }).problem).toBe('That is ₹1 a class; a class costs between ₹20 and ₹10,000.');
  });
});

describe('the program form', () => {
  const program = { name: 'Foundations', level: 'beginner' as const, description: '', ageMin: '6', ageMax: '12', mode: 'apartment' as const };
  test('ages in order', () => {
    expect(checkProgram(program).body).toMatchObject({ ageMin: 6, ageMax: 12 });
    expect(checkProgram({ ...program, ageMin: '12', ageMax: '6' }).problem).toBe('The oldest age (6) cannot be below the youngest (12).');
  });
});

describe('the batch form', () => {
  const batch: BatchValues = {
    programId: 'p1',
    name: '',
    days: [4, 2],
    startTime: '17:00',
    endTime: '18:00',
    startsOn: '2025-06-10',
    endsOn: '',
    seats: '8',
    placeKind: 'apartment',
    placeId: 'a1',
    address: '',
    lat: null,
    lng: null,
    radiusKm: '',
    onlineLink: '',
  };
  test('an apartment batch on Tue and Thu', () => {
    expect(checkBatch(batch, '2025-06-02').body).toEqual({
      programId: 'p1',
      daysOfWeek: [2, 4],
      startTime: '17:00',
      endTime: '18:00',
      startsOn: '2025-06-10',
      endsOn: null,
      seats: 8,
      place: { kind: 'apartment', apartmentId: 'a1' },
    });
  });
  test.each([
    [{ days: [] }, 'Choose the days the batch meets.'],
    [{ endTime: '16:00' }, 'A class ends after it starts.'],
    [{ startsOn: '2025-06-01' }, 'A new batch cannot start in the past.'],
    [{ endsOn: '2025-06-10' }, 'The last day must be after the first day.'],
    [{ seats: '0' }, 'A batch has 1 to 200 seats.'],
    [{ placeKind: 'online', onlineLink: 'http://meet' }, 'The class link starts with https:// (only paying students get it).'],
    [{ placeKind: 'learner_home', radiusKm: '40' }, 'You travel between 1 and 15 km.'],
    [{ placeKind: 'centre', lat: 12.9, lng: 77.6, address: '' }, "Write your centre's address."],
  ] as const)('%j: %s', (change, sentence) => {
    expect(checkBatch({ ...batch, ...change, days: 'days' in change ? [] : batch.days }, '2025-06-02').problem).toBe(sentence);
  });
});
