// How fast the web app is: Lighthouse 12 (desktop preset, and mobile with simulated throttling) on the home
// page, a search's results, a hotel page, a creator's club home and (signed in as that creator) the dashboard's
// index, a few runs each (the median LCP, the lowest scores); the JavaScript the hotel page and the club home
// load, gzipped; and load through the gateway on server-rendered pages: hotel pages as a shared link's audience
// opens them (a Zipf mix over --mix-hotels hotels, most visitors without cookies, --signed-in of them signed in:
// web/mix.ts), flat out with autocannon and then arriving at the goal's 500 pages a second (web/paced.ts), one
// hotel page rendered afresh for each request (a visitor with our CSRF cookie, whose page is never shared: the
// uncached cost), and a club home. The whole platform runs as `npm start` runs it (a demo catalog, every
// service, the web server behind the gateway), on this machine, beside the browser and the load.
// A missed goal comes with what explains it: Lighthouse's diagnostics for that page and, with
// BENCH_CPU_PROFILE=<dir>, where the web server, the gateway and the catalog spent the load run's CPU.
// Usage: npm run bench:web [-- --hotels 5000 --runs 3 --seconds 10 --warmup 3 --connections 50 --reports <dir>
//        --mix-hotels 2000 --signed-in 0.1 --paced-connections 200 --web-dir <another checkout's built web folder>
//        --earlier 100000]
// (--runs 0: the server-rendered page's load run alone)
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { benchOptions } from './setup.js';
import { explainAccessibility, explainPerformance } from './web/explain.js';
import { scriptLines, pageScripts, totalKb } from './web/javascript.js';
import { measure, openBrowser, summaryLine, type Measured, type Preset } from './web/lighthouse.js';
import { startSite } from './web/platform.js';
import { profileReport } from './web/profile.js';
import { makeClub } from './web/club.js';
import { hotelMix, loadMix, mixVisit } from './web/mix.js';
import { pacedRun } from './web/paced.js';
import { sharedSince, webServerSince, webServerState } from './web/web-metrics.js';
import { loadPage, type Load } from './web/ssr.js';
import { machine, pidsOf, quiet } from './web/cpu.js';
import { findStay } from './web/stay.js';
import { fillEarlier } from './earlier.js';

const values = benchOptions(
  // --earlier: earlier itineraries, invoices, subscribers and page views in the stores first (earlier.ts).
  {
    hotels: 5000,
    runs: 3,
    seconds: 10,
    warmup: 3,
    connections: 50,
    'mix-hotels': 2000,
    'signed-in': 0.1,
    earlier: 0,
    // The paced run of the mix: its pages arrive at the goal's rate over up to this many connections.
    'paced-connections': 200,
  },
  // A folder for each page's median Lighthouse report (JSON, opens in the Lighthouse viewer).
  {
    reports: { type: 'string', default: '' },
    // Another page for the load run (a path such as /faq), to tell the framework's cost from the hotel page's.
    'load-path': { type: 'string', default: '' },
    // Another checkout's web folder, built (an earlier commit's), served on the same services: old and new alike.
    'web-dir': { type: 'string', default: '' },
  },
);
const GOALS = {
  lcp: 1000,
  mobileLcp: 2500,
  perf: 95,
  a11y: 95,
  jsKb: 150,
  rps: 300,
  p99: 100,
  mixRps: 500,
  webCpuMs: 5,
};
const PRESETS: Preset[] = ['desktop', 'mobile'];
const profileDir = process.env.BENCH_CPU_PROFILE ? resolve(process.env.BENCH_CPU_PROFILE) : undefined;
if (profileDir) mkdirSync(profileDir, { recursive: true });
const began = Date.now();
console.log(`machine: ${machine()}`);
if (loadavg()[0]! > cpus().length)
  console.log(
    'WARNING: this machine is busy with other work: every figure below is worse than the app alone would get',
  );

function saveReport(dir: string, m: Measured) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${m.page}-${m.preset}.json`), JSON.stringify(m.median));
}

/** A page to measure, with the cookies of the person who opens it (none: a visitor). */
type PageList = Record<string, { path: string; cookie?: string }>;

/** Lighthouse on every page and preset, `values.runs` times each, in one browser. */
async function lighthouseRounds(origin: string, pages: PageList): Promise<Measured[]> {
  const results: Measured[] = [];
  const browser = await openBrowser();
  try {
    for (const [page, { path, cookie }] of Object.entries(pages))
      for (const preset of PRESETS) {
        const headers = cookie ? { cookie } : undefined;
        const m = await measure(browser, page, origin + path, preset, values.runs, headers);
        console.log(summaryLine(m));
        results.push(m);
        if (values.reports) saveReport(values.reports, m);
      }
  } finally {
    await browser.close();
  }
  return results;
}

interface Js {
  gz: number;
  raw: number;
  sent: number;
  lines: string[];
}
const NO_JS: Js = { gz: NaN, raw: NaN, sent: NaN, lines: [] };

/** The scripts a page loaded in its median desktop run, gzipped here. */
async function pageJavaScript(page: string, run: Measured | undefined): Promise<Js> {
  if (!run) return NO_JS;
  const scripts = await pageScripts(run.median);
  const js = {
    gz: totalKb(scripts, 'gzipped'),
    raw: totalKb(scripts, 'bytes'),
    sent: totalKb(scripts, 'transferred'),
    lines: scriptLines(scripts),
  };
  console.log(
    `${page} page JavaScript: ${scripts.length} files, ${js.gz.toFixed(1)} KB gzipped, ${js.raw.toFixed(1)} KB ` +
      `uncompressed, ${js.sent.toFixed(1)} KB as sent:`,
  );
  js.lines.forEach((line) => console.log(line));
  return js;
}

/** A first render of each page before any is measured: the server's code and caches warm, as in production. */
async function warm(origin: string, pages: PageList) {
  for (const [page, { path, cookie }] of Object.entries(pages)) {
    let status = 0;
    for (let i = 0; i < 5; i++) {
      const res = await fetch(origin + path, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
      status = res.status;
      await res.arrayBuffer();
    }
    if (status !== 200) console.log(`WARNING: ${page} (${path}) answers ${status}`);
  }
}

/** What a load run measured, and the CPU each part spent per page. */
function report(name: string, load: Load, how = `${values.connections} connections`): Load {
  console.log(
    `server-rendered ${name} (through the gateway, ${how}, ${values.seconds} s): ` +
      `${load.rps.toFixed(0)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, non-2xx ${load.non2xx}, ` +
      `errors ${load.errors}, timeouts ${load.timeouts}`,
  );
  for (const { kind, n, p50, p99 } of load.kinds ?? [])
    console.log(`  ${kind}: ${n} pages, p50 ${p50} ms, p99 ${p99} ms`);
  // The platform's parts and servers, the load generator (this process) aside: what serving a page costs.
  const all = load.cpu.filter((c) => !c.name.startsWith('load')).reduce((sum, c) => sum + c.ms, 0);
  console.log(
    `  CPU per page request: ${load.cpu.map((c) => `${c.name} ${c.ms.toFixed(2)} ms`).join(', ')} ` +
      `(one core gives 1000 ms a second: the web server alone allows at most ` +
      `${(1000 / (load.cpu.find((c) => c.name === 'web')?.ms ?? NaN)).toFixed(0)} pages/s; the platform ` +
      `together, the load aside, ${all.toFixed(2)} ms, so this machine's ${cpus().length} cores allow at most ` +
      `${((1000 * cpus().length) / all).toFixed(0)} pages/s)`,
  );
  return load;
}

/** autocannon on one server-rendered page through the gateway, as a visitor's requests come. */
async function loadRun(name: string, path: string, cookie?: string): Promise<Load> {
  const pids = pidsOf({ ...site.parts, ...site.servers });
  await quiet(pids);
  console.log(`before the load on the ${name}: ${machine()}`);
  return report(name, await loadPage(site.url + path, { ...values, pids, cookie }));
}

const site = await startSite(values.hotels, values['web-dir'] ? resolve(values['web-dir']) : undefined);
const measured: Measured[] = [];
const loads: Record<string, Load> = {};
let js = { hotel: NO_JS, club: NO_JS };
let pacedMix: Load | undefined;
try {
  const stay = await findStay(site.url);
  console.log(
    `search ${stay.searchId}: ${stay.city} (${stay.destination}, ${stay.results} hotels), ` +
      `hotel ${stay.slug} (${stay.hotelName})`,
  );
  const club = await makeClub(site.url);
  console.log(`club /user/${club.slug}: 6 recommended stays with photos, a hero image and an active package`);
  await fillEarlier({ gateway: site.url, mongoUrl: site.mongoUrl, databases: site.databases }, values.earlier, [
    club.slug,
  ]);
  const hotelPath = `/hotel/${stay.slug}?searchId=${stay.searchId}`;
  const clubPath = `/user/${club.slug}`;
  const pages: PageList = {
    home: { path: '/' },
    search: { path: `/search?searchId=${stay.searchId}` },
    hotel: { path: hotelPath },
    club: { path: clubPath },
    dashboard: { path: '/dashboard', cookie: club.cookie },
  };
  await warm(site.url, pages);

  // --runs 0: the load runs alone (quicker, when the server-rendered pages are what is being worked on).
  if (values.runs > 0) {
    measured.push(...(await lighthouseRounds(site.url, pages)));
    const desktop = (page: string) => measured.find((m) => m.page === page && m.preset === 'desktop');
    js = {
      hotel: await pageJavaScript('hotel', desktop('hotel')),
      club: await pageJavaScript('club', desktop('club')),
    };
  }
  if (values['load-path']) loads[values['load-path']] = await loadRun(values['load-path'], values['load-path']);
  else {
    const mix = await hotelMix(site.url, club.slug, values['mix-hotels'], values['signed-in']);
    const pids = pidsOf({ ...site.parts, ...site.servers });
    await quiet(pids);
    console.log(`before the load on the hotel mix: ${machine()}`);
    const pagesBefore = await webServerState(site.webMetrics);
    const mixLoad = await loadMix(site.url, mix, { ...values, pids });
    console.log(
      `shared pages in the mix (warm-up too): ${sharedSince(pagesBefore, await webServerState(site.webMetrics))}`,
    );
    const mixName = `hotel pages (Zipf over ${mix.paths.length} hotels, ${values['signed-in'] * 100}% signed in)`;
    loads['hotel mix'] = report(mixName, mixLoad);
    // The same audience arriving at the goal's rate, each visitor on their own clock: the wait a visitor sees
    // below saturation (flat out, every one of the connections waits behind the others: web/paced.ts).
    await quiet(pids);
    const webBefore = await webServerState(site.webMetrics);
    pacedMix = report(
      mixName,
      await pacedRun(site.url, mixVisit(mix), {
        ...values,
        rate: GOALS.mixRps,
        connections: values['paced-connections'],
        pids,
      }),
      `${GOALS.mixRps} pages a second arriving, up to ${values['paced-connections']} connections`,
    );
    webServerSince(webBefore, await webServerState(site.webMetrics)).forEach((line) => console.log(line));
    // Our CSRF cookie makes the page the visitor's own: rendered afresh each time, as no page cache would.
    loads['hotel page'] = await loadRun('hotel page, rendered for each request', hotelPath, 'tc_csrf=bench-own-page');
    loads['club home'] = await loadRun('club home', clubPath);
  }
} catch (err) {
  console.error(`the bench stopped: the web server and the gateway said last:\n${site.lastWords()}`);
  throw err;
} finally {
  await site.stop();
}

// ---------- the figures, what explains a miss, the goals ----------

// NaN when Lighthouse did not run (--runs 0).
const extreme = (pick: typeof Math.max, xs: number[]) => (xs.length ? pick(...xs) : NaN);
const worst = (preset: Preset) =>
  extreme(
    Math.max,
    measured.filter((m) => m.preset === preset).map((m) => m.medianLcp),
  );
const mixLoad = loads['hotel mix'];
const hotelLoad = loads['hotel page'];
const clubLoad = loads['club home'];
const figures = {
  lcp: worst('desktop'),
  mobileLcp: worst('mobile'),
  perf: extreme(
    Math.min,
    measured.map((m) => m.perf),
  ),
  a11y: extreme(
    Math.min,
    measured.map((m) => m.a11y),
  ),
  jsKb: js.hotel.gz,
  clubJsKb: js.club.gz,
  rps: mixLoad?.rps ?? NaN,
  p99: mixLoad?.p99 ?? NaN,
  pacedRps: pacedMix?.rps ?? NaN,
  pacedP99: pacedMix?.p99 ?? NaN,
  singleRps: hotelLoad?.rps ?? NaN,
  singleP99: hotelLoad?.p99 ?? NaN,
  webCpuMs: hotelLoad?.cpu.find((c) => c.name === 'web')?.ms ?? NaN,
  clubRps: clubLoad?.rps ?? NaN,
  clubP99: clubLoad?.p99 ?? NaN,
};

const slow = measured.filter(
  (m) => m.medianLcp > (m.preset === 'desktop' ? GOALS.lcp : GOALS.mobileLcp) || m.perf < GOALS.perf,
);
for (const m of slow) explainPerformance(m).forEach((line) => console.log(line));
for (const m of measured.filter((m) => m.a11y < GOALS.a11y)) explainAccessibility(m).forEach((l) => console.log(l));
for (const [page, pageJs] of Object.entries(js))
  if (pageJs.gz > GOALS.jsKb) {
    console.log(`the ${page} page's JavaScript is over ${GOALS.jsKb} KB gzipped; its files, largest first:`);
    pageJs.lines.forEach((line) => console.log(line));
  }
const missed = (load: Load | undefined, rps = GOALS.rps) =>
  !load || load.rps < rps || load.p99 > GOALS.p99 || load.non2xx > 0;
const ssrMissed = Object.values(loads).some((load) => missed(load));
// The hotel mix (what a shared link costs) and the hotel page rendered afresh each time (the uncached cost):
// the two the profiles explain.
const profiled: [string, Load | undefined][] = mixLoad
  ? [
      ['the hotel mix', mixLoad],
      [`the hotel mix at ${GOALS.mixRps} pages a second`, pacedMix],
      ['the hotel page rendered afresh', hotelLoad],
    ]
  : [['the first page', Object.values(loads)[0]]];
if (profileDir) {
  for (const [what, load] of profiled) {
    if (!load) continue;
    console.log(`CPU during the load run of ${what} (profiles in ${profileDir}):`);
    profileReport(profileDir, began, load.window).forEach((line) => console.log(line));
  }
} else if (ssrMissed) {
  console.log('a server-rendered page misses its goal: run with BENCH_CPU_PROFILE=<dir> to see where the CPU goes');
}

const ssrGoal = (name: string, load: Load | undefined, rps = GOALS.rps): [string, boolean] => [
  `server-rendered ${name} ${load?.rps.toFixed(0)} req/s >= ${rps}, p99 ${load?.p99} ms <= ${GOALS.p99} ms, ` +
    `non-2xx ${load?.non2xx} = 0`,
  !missed(load, rps),
];
const goals: [string, boolean][] = [
  [`desktop LCP ${Math.round(figures.lcp)} ms <= ${GOALS.lcp} ms on every page`, figures.lcp <= GOALS.lcp],
  [
    `mobile LCP ${Math.round(figures.mobileLcp)} ms <= ${GOALS.mobileLcp} ms on every page`,
    figures.mobileLcp <= GOALS.mobileLcp,
  ],
  [`performance score ${figures.perf} >= ${GOALS.perf} on every run`, figures.perf >= GOALS.perf],
  [`accessibility score ${figures.a11y} >= ${GOALS.a11y} on every run`, figures.a11y >= GOALS.a11y],
  [`hotel page JavaScript ${figures.jsKb.toFixed(1)} KB <= ${GOALS.jsKb} KB gzipped`, figures.jsKb <= GOALS.jsKb],
  [
    `club home JavaScript ${figures.clubJsKb.toFixed(1)} KB <= ${GOALS.jsKb} KB gzipped`,
    figures.clubJsKb <= GOALS.jsKb,
  ],
  [
    `server-rendered hotel mix flat out ${figures.rps.toFixed(0)} req/s >= ${GOALS.mixRps} (p99 ${figures.p99} ms ` +
      `with every connection queued), non-2xx ${mixLoad?.non2xx} = 0`,
    figures.rps >= GOALS.mixRps && mixLoad?.non2xx === 0,
  ],
  [
    `server-rendered hotel mix at ${GOALS.mixRps} pages/s: answered ${figures.pacedRps.toFixed(0)}/s, ` +
      `p99 ${figures.pacedP99} ms <= ${GOALS.p99} ms, non-2xx and errors ${(pacedMix?.non2xx ?? NaN) + (pacedMix?.errors ?? NaN)} = 0`,
    figures.pacedRps >= 0.98 * GOALS.mixRps &&
      figures.pacedP99 <= GOALS.p99 &&
      pacedMix?.non2xx === 0 &&
      pacedMix.errors === 0,
  ],
  [
    `web server CPU per hotel page rendered afresh ${figures.webCpuMs.toFixed(2)} ms <= ${GOALS.webCpuMs} ms`,
    figures.webCpuMs <= GOALS.webCpuMs,
  ],
  ssrGoal('club home', clubLoad),
];
for (const [goal, met] of goals) console.log(`${met ? 'met   ' : 'MISSED'} ${goal}`);
console.log(`bench took ${((Date.now() - began) / 1000).toFixed(0)} s`);
console.log(
  `RESULT lcp_ms=${Math.round(figures.lcp)} mobile_lcp_ms=${Math.round(figures.mobileLcp)} perf_score=${figures.perf} ` +
    `a11y_score=${figures.a11y} js_kb_gz=${figures.jsKb.toFixed(1)} club_js_kb_gz=${figures.clubJsKb.toFixed(1)} ` +
    `ssr_rps=${figures.rps.toFixed(0)} ssr_p99_ms=${figures.p99} ssr_paced_rps=${figures.pacedRps.toFixed(0)} ` +
    `ssr_paced_p99_ms=${figures.pacedP99} ssr_single_rps=${figures.singleRps.toFixed(0)} ` +
    `ssr_single_p99_ms=${figures.singleP99} ssr_web_cpu_ms=${figures.webCpuMs.toFixed(2)} ` +
    `club_ssr_rps=${figures.clubRps.toFixed(0)} club_ssr_p99_ms=${figures.clubP99}`,
);
process.exit(0);
