import { formatIndianPhone, maskedIndianPhone, telHref } from '@kalike/shared/format/phone';

describe('phone numbers', () => {
  it('groups an Indian mobile as 5 and 5 digits after +91', () => {
    expect(formatIndianPhone('+919845012345')).toBe('+91 98450 12345');
    // The seed's numbers start with zeros; they are grouped the same.
    expect(formatIndianPhone('+910000071357')).toBe('+91 00000 71357');
  });

  it('groups a number however it was typed, and keeps one already grouped', () => {
    expect(formatIndianPhone('+91 98450 12345')).toBe('+91 98450 12345');
    expect(formatIndianPhone('+91-98450-12345')).toBe('+91 98450 12345');
    expect(formatIndianPhone('98450 12345')).toBe('+91 98450 12345');
  });

  it('leaves any other number as it is', () => {
    expect(formatIndianPhone('+14155550100')).toBe('+14155550100');
    expect(formatIndianPhone('98450')).toBe('98450');
    expect(formatIndianPhone('0000071357')).toBe('0000071357');
  });

  it('hides all but the last four digits, grouped the same way', () => {
    expect(maskedIndianPhone('+919845012345')).toBe('+91 ••••• •2345');
    expect(maskedIndianPhone('+910000071357')).toBe('+91 ••••• •1357');
  });

  it('links a number for calling', () => {
    expect(telHref('+91 98450 12345')).toBe('tel:+919845012345');
  });
});
