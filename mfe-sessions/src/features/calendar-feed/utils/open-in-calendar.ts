/**
 * Hands the feed's webcal:// link to the device, which opens its calendar app to subscribe
 * (rather than import once). Its own module: the page leaves for another app here.
 */
export function openInCalendar(webcalUrl: string): void {
  window.location.assign(webcalUrl);
}
