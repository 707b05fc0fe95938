// React Router in framework mode: every page is rendered on the server first, then hydrated. The future flags
// of React Router 8 are on, so moving to 8 (which needs Node 22) is a version bump, not a rewrite.
import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
