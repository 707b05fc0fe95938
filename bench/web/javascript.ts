// The JavaScript a page loads: every script Lighthouse saw the browser fetch (entry, route chunks, module
// preloads, anything loaded while the page settled), fetched again and gzipped here, so the figure does not
// depend on whether the server compresses. KB are 1,024 bytes.
import { gzipSync } from 'node:zlib';
import type { Result } from 'lighthouse';
import { networkRequests } from './lighthouse.js';

export interface Script {
  url: string;
  bytes: number;
  gzipped: number;
  /** What the browser was sent (equal to `bytes` when the server does not compress). */
  transferred: number;
}

export async function pageScripts(lhr: Result): Promise<Script[]> {
  const items = networkRequests(lhr) as { url: string; resourceType?: string; transferSize?: number }[];
  const scripts = items.filter((item) => item.resourceType === 'Script' || /\.m?js(\?|$)/.test(item.url));
  const seen = new Map<string, Script>();
  for (const item of scripts) {
    if (seen.has(item.url) || !item.url.startsWith('http')) continue;
    const res = await fetch(item.url);
    // What did not load is not counted (the page's summary line says it failed).
    if (!res.ok || !/javascript/.test(res.headers.get('content-type') ?? '')) {
      await res.body?.cancel();
      continue;
    }
    const body = Buffer.from(await res.arrayBuffer());
    seen.set(item.url, {
      url: item.url,
      bytes: body.length,
      gzipped: gzipSync(body, { level: 9 }).length,
      transferred: item.transferSize ?? 0,
    });
  }
  return [...seen.values()].sort((a, b) => b.gzipped - a.gzipped);
}

export const totalKb = (scripts: Script[], field: 'gzipped' | 'bytes' | 'transferred') =>
  scripts.reduce((sum, s) => sum + s[field], 0) / 1024;

export function scriptLines(scripts: Script[]): string[] {
  return scripts.map(
    (s) =>
      `    ${(s.gzipped / 1024).toFixed(1).padStart(6)} KB gz  ${(s.bytes / 1024).toFixed(1).padStart(6)} KB  ` +
      `${new URL(s.url).pathname}`,
  );
}
