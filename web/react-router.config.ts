// React Router 8 in framework mode: every page is rendered on the server first, then hydrated. What were v7's
// future flags (middleware, split route modules, Vite's environment API, requests passed through, trailing-slash
// aware data requests) is React Router 8's default behaviour.
import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // The whole route manifest is one hashed file each browser fetches once and keeps (about 3.6 KB gzipped),
  // rather than the part a page needs written into every page and the rest asked of the server, path by path
  // (`/__manifest`), as links appear: working out that part cost 2.4% of a fresh page's CPU, and every visit
  // made a second request (docs/web.md).
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
