import { toIndianMobile } from './indian-mobile';

describe('toIndianMobile', () => {
  it.each([
    ['98450 12345', '+919845012345'],
    ['+91 98450-12345', '+919845012345'],
    ['09845012345', '+919845012345'],
    // The seeded demo people's numbers; the API decides whether it takes them.
    ['00000 00001', '+910000000001'],
  ])('accepts %s', (input, expected) => {
    expect(toIndianMobile(input)).toBe(expected);
  });

  it.each(['12345', '080 2222 3333', '+1 415 555 0100', 'not a number', ''])('refuses %s', (input) => {
    expect(toIndianMobile(input)).toBeNull();
  });
});
