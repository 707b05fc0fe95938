// The web server's settings, read once from its environment. Loaders call the services directly (their
// public routes, as the gateway would forward them), so a page costs no extra hop through the gateway.
import type { ServiceName } from '@travelclub/contracts';

const env = process.env;
const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

export const webConfig = {
  /** Where each service answers (`AUTH_URL`, `CATALOG_URL`, ...). */
  serviceUrl: (service: ServiceName): string | undefined => env[`${service.toUpperCase()}_URL`],
  /** The site's public origin, for canonical links and share images. */
  publicUrl: (env.PUBLIC_URL ?? env.WEB_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, ''),
  /** A MapLibre style for production vector tiles; by default the offline basemap this server ships. */
  mapStyleUrl: env.MAP_STYLE_URL ?? '/map/style.json',
  isSignUpEnabled: flag(env.SIGN_UP_ENABLED, true),
  /** Full error details on the error page: for developers only. */
  debugErrors: flag(env.DEBUG_ERRORS, false),
  /** The payment sandbox's test cards, shown on the payment page: for development machines (`npm start` sets it). */
  showTestCards: flag(env.SHOW_TEST_CARDS, false),
  /** How long a server-side call may take before the page gives up on it. */
  callTimeoutMs: Number(env.WEB_CALL_TIMEOUT_MS ?? 5_000),
};

/** What the browser may know of the settings (spec section 3, "Environment variables"). */
export const publicEnvironment = () => ({
  publicApiUrl: webConfig.publicUrl,
  imagesHost: env.IMAGES_BASE_URL ?? webConfig.publicUrl,
  mapStyleUrl: webConfig.mapStyleUrl,
  showTestCards: webConfig.showTestCards,
});
export type PublicEnvironment = ReturnType<typeof publicEnvironment>;
