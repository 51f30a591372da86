/** An Indian mobile in E.164 as people write it, "+91 98450 12345"; any other number as it is. */
export function formatIndianPhone(e164: string): string {
  return e164.replace(/^\+91(\d{5})(\d{5})$/, '+91 $1 $2');
}

/** The `tel:` link of a number: digits and the leading +, nothing else. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
