/** Sends the browser to another site's page (the sandbox gateway's checkout). Its own module, so tests can stand in for it. */
export function leavePage(href: string): void {
  window.location.assign(href);
}
