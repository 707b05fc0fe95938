// Lint rules for the whole monorepo: typescript-eslint's recommended set, three type-aware rules about promises
// (each file read with its TypeScript project), the boundaries between its parts and the layers inside each
// service (test/lint/boundaries.test.ts checks that they hold).
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// ---------- boundaries ----------
// A relative import stays inside its own area (a service's src/, a service with its tests, the gateway, a
// package, bench/, test/); tests, bench and test/ may also reach the repository's scripts/. Other parts come
// in by package name, and only those an area may use: a service's or the gateway's src/ uses the contracts
// and the kit; its tests also the shared testing package (@travelclub/testing), which alone starts other
// services. ESLint's no-restricted-imports sees the import's text, not the importing file's place, so each
// area gets one setting per folder depth: at depth d, d `../` reach the area's root and one more leaves it.

/** `@travelclub/<name>` imports outside `names` (each with its subpaths) are refused. */
const onlyParts = (names, message) => ({ regex: `^@travelclub/(?!(${names.join('|')})(/|$))`, message });
const noKitTesting = {
  regex: '^@travelclub/kit/testing(/|$)',
  message: '@travelclub/kit/testing is for tests, not for code that runs in production.',
};
const production = [
  onlyParts(['contracts', 'kit'], 'A service imports only @travelclub/contracts and @travelclub/kit.'),
  noKitTesting,
];
const tests = [
  onlyParts(
    ['contracts', 'kit', 'testing', 'demo-catalog'],
    "A service's tests start other services through @travelclub/testing, never from their packages.",
  ),
];
const platformTests = [
  onlyParts(['contracts', 'kit', 'testing'], 'Bench and test/ start the platform through @travelclub/testing.'),
];
/** Bench also measures the web server's transport to the services on its own (bench/kept-answers.ts). */
const benches = [
  onlyParts(
    ['contracts', 'kit', 'testing', 'web/pooled-fetch'],
    "Bench starts the platform through @travelclub/testing; of the web app it imports only the loaders' transport.",
  ),
];
const FILES = '*.{ts,js,mjs}';
const DEEPEST = 10;

/**
 * The import rule of the files under `root` (a glob; one setting per depth, the deepest 10 folders below
 * it), or of `files` (names right under `root`) only. `parts`: the package patterns refused there;
 * `scripts`: whether the repository's scripts/ may be imported.
 */
function boundary(root, parts, { scripts = false, files } = {}) {
  const depths = files ? [0] : Array.from({ length: DEEPEST }, (_, depth) => depth);
  return depths.map((depth) => {
    const globs = (files ?? [FILES]).map((name) => `${root}/${'*/'.repeat(depth)}${name}`);
    const patterns = boundaryPatterns(root, parts, depth, scripts);
    return { files: globs, rules: { 'no-restricted-imports': ['error', { patterns }] } };
  });
}

/** The patterns of `boundary` for the files `depth` folders below `root`. */
function boundaryPatterns(root, parts, depth, scripts = false) {
  const levels = root.split('/').length;
  const toScripts = scripts ? `(?!(\\.\\./){${levels - 1}}scripts/)` : '';
  const leaving = {
    regex: `^(\\.\\./){${depth + 1}}${toScripts}`,
    message: `A relative import stays inside ${root}; other parts come in by package name.`,
  };
  return [leaving, ...parts];
}

// ---------- layers inside a service ----------
// Each service's src/ has one skeleton: routes/, events/ and jobs/ (how work comes in) call flows/; flows/ call
// store/, domain/ and the adapters (clients/ and the service's own, such as billing's provider/ or creator's
// media/); store/ uses domain/ only; domain/ is the rules, with no I/O. Every folder sits right under src/, so a
// layer's imports of another are `../<folder>/`. These entries come after the boundaries and carry theirs too
// (a later setting of a rule replaces an earlier one for the files both match).

/** Packages that do I/O: none of them in domain/. */
const IO_PACKAGES = [
  'mongoose',
  'mongodb',
  'ioredis',
  'kafkajs',
  'bullmq',
  'undici',
  'fastify',
  '@fastify/.*',
  'nodemailer',
  'sharp',
  '@aws-sdk/.*',
  '(node:)?(fs|fs/promises|net|http|https|child_process|dgram|dns)',
];

const LAYERS = [
  {
    folders: '{routes,events,jobs}',
    refused: '^\\.\\./(?!(flows|domain)/)[a-z][^/]*/',
    message:
      'routes/, events/ and jobs/ call flows/ (and may use the pure rules of domain/); reach anything else through a flow.',
  },
  {
    folders: 'flows',
    refused: '^\\.\\./(routes|events|jobs)/',
    message: 'flows/ are called by routes/, events/ and jobs/, never the other way.',
  },
  {
    folders: 'store',
    refused: '^\\.\\./(?!domain/)[a-z][^/]*/',
    message: 'store/ uses domain/ only; flows/ put the store and the rest together.',
  },
  {
    folders: 'domain',
    refused: '^\\.\\./[a-z]',
    message: 'domain/ is the pure rules: it imports no other folder of the service.',
  },
  {
    folders: 'domain',
    refused: `^(${IO_PACKAGES.join('|')})$`,
    message: 'domain/ does no I/O: storage, messaging and the network are reached from flows/ and the adapters.',
  },
];

const layers = ['routes', 'events', 'jobs', 'flows', 'store', 'domain'].map((folder) => ({
  files: [`services/*/src/${folder}/${FILES}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...boundaryPatterns('services/*/src', production, 1),
          ...LAYERS.filter((layer) => layer.folders.includes(folder)).map(({ refused, message }) => ({
            regex: refused,
            message,
          })),
        ],
      },
    ],
  },
}));

// Later entries win for a file several match: a service's src/ after the service with its tests.
const boundaries = [
  ...boundary('services/*', tests, { scripts: true }),
  ...boundary('services/*/src', production),
  // The catalog's composition root plugs in the demo supplier and painter.
  ...boundary(
    'services/catalog/src',
    [onlyParts(['contracts', 'kit', 'demo-catalog'], 'The catalog uses the demo content only where it starts.')],
    { files: ['{server,seed,seeding,seed-catalog}.ts'] },
  ),
  ...boundary('gateway', tests, { scripts: true }),
  ...boundary('gateway/src', production),
  ...boundary('contracts', [onlyParts(['contracts'], 'The contracts depend on no other part.')]),
  ...boundary('packages/*', [onlyParts(['contracts', 'kit'], 'A package uses only the contracts and the kit.')]),
  // The command line reaches the platform through its APIs; only `seed`, an operator's command, writes to the catalog.
  ...boundary('cli/src', [
    onlyParts(['contracts', 'catalog'], 'The command line calls the platform through the contracts.'),
  ]),
  ...boundary('packages/testing', []),
  // The web app reaches the platform through the contracts' endpoints and typed client only.
  ...boundary(
    'web',
    [onlyParts(['contracts'], 'The web app talks to the platform through @travelclub/contracts only.')],
    {
      scripts: true,
    },
  ).map((entry) => ({ ...entry, files: entry.files.flatMap((glob) => [glob, glob.replace(FILES, '*.tsx')]) })),
  // The web server (web/server/, Node only, never in a browser bundle) also traces and counts its answers
  // with the kit's telemetry and metrics, and nothing else of the kit.
  {
    files: ['web/server/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){2}(?!scripts/)',
              message: 'A relative import stays inside web; other parts come in by package name.',
            },
            onlyParts(
              ['contracts', 'kit/telemetry', 'kit/metrics'],
              'The web server uses @travelclub/contracts and only the telemetry and metrics of @travelclub/kit.',
            ),
          ],
        },
      ],
    },
  },
  // The basemap's build step (web/map/, beside app/ whose grid it shares) reads the demo catalog's places;
  // it runs at build time only, never in a browser bundle.
  {
    files: ['web/map/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){2}',
              message: 'A relative import stays inside web; other parts come in by package name.',
            },
            onlyParts(['contracts', 'demo-catalog'], 'The basemap build reads only the contracts and the demo places.'),
          ],
        },
      ],
    },
  },
  ...boundary('bench', benches, { scripts: true }),
  ...boundary('test', platformTests, { scripts: true }),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '.infra/**',
      '.deploy/**',
      '**/dist/**',
      'coverage/**',
      'web/build/**',
      'web/.react-router/**',
      'web/public/map/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  ...boundaries,
  ...layers,
  // Type-aware: the TypeScript project of each file (projectService) tells which values are promises, so a promise
  // nobody waits for, one passed where nothing waits for it, or an await of what is no promise is refused.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  // The web app: React's rules of hooks, and browser globals.
  {
    files: ['web/app/**/*.{ts,tsx}', 'web/test/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Size: no source file over 400 lines, no function over 80 (a factory's closure counts as one function).
  {
    files: [
      `{services/*,gateway,contracts,packages/*}/src/**/${FILES}`,
      `{scripts,bench}/**/${FILES}`,
      'web/{app,server,map}/**/*.{ts,tsx}',
    ],
    ignores: ['**/test/**', '**/*.test.ts'],
    rules: { 'max-lines': ['error', 400], 'max-lines-per-function': ['error', 80] },
  },
);
