// React Router 8 in framework mode: every page is rendered on the server first, then hydrated. What were v7's
// future flags (middleware, split route modules, Vite's environment API, requests passed through, trailing-slash
// aware data requests) is React Router 8's default behaviour.
import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
} satisfies Config;
