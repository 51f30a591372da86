import { formatIndianPhone, telHref } from '@kalike/shared/format/phone';

describe('phone numbers', () => {
  it('groups an Indian mobile as 5 and 5 digits after +91', () => {
    expect(formatIndianPhone('+919845012345')).toBe('+91 98450 12345');
  });

  it('leaves any other number as it is', () => {
    expect(formatIndianPhone('+14155550100')).toBe('+14155550100');
    expect(formatIndianPhone('98450')).toBe('98450');
  });

  it('links a number for calling', () => {
    expect(telHref('+91 98450 12345')).toBe('tel:+919845012345');
  });
});
