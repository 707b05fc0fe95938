// In-app browsers (spec section 2): Google refuses to sign anyone in inside an app's embedded browser, so the
// sign-in form needs to know whether it is in one, and on which system, from the user agent alone.

export type InAppPlatform = 'android' | 'ios' | 'other';

/** The marks apps put in their embedded browsers' user agents. */
const IN_APP_MARKS = [
  /Instagram/i,
  /FBAN|FBAV|FB_IAB|FBIOS|FB4A/, // Facebook and Messenger
  /musical_ly|BytedanceWebview|TikTok|trill_/i,
  /\bLine\//, // LINE
  /Snapchat/i,
  /LinkedInApp/i,
  /Pinterest\//i,
  /Twitter(?:Android)?\//i,
  /MicroMessenger/i, // WeChat
  /KAKAOTALK/i,
  /; wv\)/, // any other Android WebView
];

/** The system an in-app browser runs on, or null when the page is in an ordinary browser. */
export function detectInAppBrowser(userAgent: string | null | undefined): InAppPlatform | null {
  if (!userAgent || !IN_APP_MARKS.some((mark) => mark.test(userAgent))) return null;
  if (/Android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  return 'other';
}

/** An Android intent link that opens `pageUrl` in Chrome (falling back to the page itself without Chrome). */
export function chromeIntentUrl(pageUrl: string): string {
  const url = new URL(pageUrl);
  const scheme = url.protocol.replace(':', '');
  const fallback = encodeURIComponent(url.href);
  return `intent://${url.host}${url.pathname}${url.search}#Intent;scheme=${scheme};package=com.android.chrome;S.browser_fallback_url=${fallback};end`;
}
