// Reading a request's cookies: for loaders, and for modules the browser bundle also holds (the dashboard's
// gate), which must not import server-only modules.

/** One cookie's value from a request. */
export function cookieOf(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
