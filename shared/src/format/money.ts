const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/**
 * Shows an amount the server computed. Money travels as integer paise; the browser only
 * formats it (₹2,400 or ₹2,400.50), never derives it.
 */
export function formatPaise(amountPaise: number): string {
  if (!Number.isSafeInteger(amountPaise)) throw new RangeError(`Not an amount in paise: ${amountPaise}`);
  return (amountPaise % 100 === 0 ? wholeRupees : withPaise).format(amountPaise / 100);
}
