// The headers the web server adds to every rendered answer that does not set them itself. A page sets its own
// content policy, with the nonce its inline scripts carry (app/entry.server.tsx); the other answers (the data
// the browser's navigations fetch) run no script, and the gateway gives them its strict default policy.

/**
 * `same-origin`, not `no-referrer`: with no referrer at all, browsers send `Origin: null` on the page's own
 * form posts, which React Router refuses as cross-site.
 */
export const pageHeaders = (): [name: string, value: string][] => [['referrer-policy', 'same-origin']];
