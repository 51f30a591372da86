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

/**
 * An amount always to the paisa (₹1,180.00), for statements where every figure is read
 * against the others and a missing ".00" would look like rounding.
 */
export function formatPaiseExact(amountPaise: number): string {
  if (!Number.isSafeInteger(amountPaise)) throw new RangeError(`Not an amount in paise: ${amountPaise}`);
  return withPaise.format(amountPaise / 100);
}

/**
 * The rupee amount as a plain decimal string ("2400.00"), for machine-read places such as
 * schema.org offers. Built from the integer digits, so no floating-point rounding creeps in.
 */
export function paiseToDecimalRupees(amountPaise: number): string {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) throw new RangeError(`Not an amount in paise: ${amountPaise}`);
  return `${Math.floor(amountPaise / 100)}.${String(amountPaise % 100).padStart(2, '0')}`;
}
