// The web app's build: React Router's Vite plugin (client and server bundles), `~/` for the app folder.
// The browser's bundle keeps the framework (React, React Router, TanStack Query) in one chunk: left to itself
// the bundler cut it into a dozen small files, and on a phone's slow network each costs a round trip before
// the first paint (bench:web's mobile runs).
import { reactRouter } from '@react-router/dev/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|cookie|set-cookie-parser)[\\/]|vite[\\/]preload-helper|rolldown[\\/]runtime/;
// The app's small modules every first page needs (the session, the header's parts, the search form's look-alike
// and the hotel cards), in one more chunk. Named one by one: a module loaded on demand (the typed client and
// zod, React Aria's widgets) must never be pulled into a chunk every page loads.
const SHELL =
  /[\\/]web[\\/]app[\\/](lib[\\/](brand|root-data|session|not-found|use-hydrated)|ui[\\/](callout|not-found)|search[\\/](search-form|hotel-card|format|results-query|visitor-currency))\.tsx?$/;

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: { target: 'es2022' },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK },
                { name: 'shell', test: SHELL },
              ],
            },
          },
        },
      },
    },
  },
});
