import { demoPhone, demoPhoneFromInput, isDemoPhone } from './demo-phones';

describe('demo phone numbers', () => {
  test('are +91 00000 and five digits, which no Indian subscriber can have', () => {
    expect(demoPhone(1)).toBe('+910000000001');
    expect(demoPhone(99_999)).toBe('+910000099999');
    expect(() => demoPhone(100_000)).toThrow(RangeError);
    expect(isDemoPhone('+910000010001')).toBe(true);
    for (const real of ['+919900000001', '+919800000001', '+916000000001', '+91000001000']) expect(isDemoPhone(real)).toBe(false);
  });

  test('are read the way people type them', () => {
    for (const typed of ['00000 00001', '+91 00000 00001', '+91 00000-00001', '(00000) 00001']) expect(demoPhoneFromInput(typed)).toBe('+910000000001');
    for (const other of ['98450 12345', '0000000001 1', '10000 00001', '+1 00000 00001', '']) expect(demoPhoneFromInput(other)).toBeNull();
  });
});
