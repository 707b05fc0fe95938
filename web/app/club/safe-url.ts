// Addresses a creator typed (guide links, their channels) become links only when they are http or https: a
// `javascript:` or `data:` address never reaches an href, whatever the API let through.

/** The address as an href when it is an absolute http(s) URL, else null (shown as text instead). */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
