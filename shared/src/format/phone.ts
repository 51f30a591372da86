/**
 * An Indian mobile as people write it, "+91 98450 12345", whether it comes as the API stores it
 * (E.164, "+919845012345") or as someone typed it ("98450-12345", "+91 98450 12345"); any other
 * number as it is. Every screen that shows a phone number shows it through this.
 */
export function formatIndianPhone(phone: string): string {
  const compact = phone.trim().replace(/[\s()-]/g, '');
  const digits = /^\+91(\d{10})$/.exec(compact)?.[1] ?? /^[6-9]\d{9}$/.exec(compact)?.[0];
  return digits ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : phone;
}

/** The number with all but its last four digits hidden, as its owner can recognise it: "+91 ••••• •2345". */
export function maskedIndianPhone(phone: string): string {
  const formatted = formatIndianPhone(phone);
  const keep = 4;
  let digitsSeen = 0;
  const totalDigits = formatted.replace(/\D/g, '').length;
  // "+91" stays, and the last four digits; every other digit is hidden.
  return formatted.replace(/\d/g, (digit, offset: number) => {
    digitsSeen += 1;
    if (formatted.startsWith('+91') && offset < 3) return digit;
    return digitsSeen > totalDigits - keep ? digit : '•';
  });
}

/** The `tel:` link of a number: digits and the leading +, nothing else. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
