import { normaliseIndianMobile } from '@kalike/shared/domain/indian-mobile';
import { toIndianMobile } from '@kalike/shared/domain/load-indian-mobile';

describe('an Indian mobile number', () => {
  it.each([
    ['98450 12345', '+919845012345'],
    ['+91 98450-12345', '+919845012345'],
    ['09845012345', '+919845012345'],
    ['6012345678', '+916012345678'],
  ])('accepts %s', (input, expected) => {
    expect(normaliseIndianMobile(input)).toBe(expected);
  });

  it.each(['12345', '080 2222 3333', '5012345678', '+1 415 555 0100', 'not a number', ''])('refuses %s', (input) => {
    expect(normaliseIndianMobile(input)).toBeNull();
  });

  it('takes the seeded demo numbers only where asked to (sign-in; the API decides)', () => {
    expect(normaliseIndianMobile('00000 00001', { acceptDemoNumbers: true })).toBe('+910000000001');
    expect(normaliseIndianMobile('00000 00001')).toBeNull();
  });

  it('gives pages the same answers once the metadata has loaded', async () => {
    await expect(toIndianMobile('98450 12345')).resolves.toBe('+919845012345');
    await expect(toIndianMobile('00000 00001', { acceptDemoNumbers: true })).resolves.toBe('+910000000001');
    await expect(toIndianMobile('080 2222 3333')).resolves.toBeNull();
  });
});
