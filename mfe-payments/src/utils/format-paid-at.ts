const paidAtFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** "22 Nov 2026, 3:30 pm IST": a receipt's time, in Bengaluru whatever the device's zone. */
export function formatPaidAt(iso: string): string {
  return `${paidAtFormat.format(new Date(iso))} IST`;
}
