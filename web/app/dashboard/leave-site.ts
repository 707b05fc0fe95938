// Sending the browser to a page that is not this app's (billing's hosted checkout and portal): a full page
// load, not a route change. One function, so the pages that do it read plainly and tests can watch it.
export function leaveFor(url: string): void {
  window.location.assign(url);
}
