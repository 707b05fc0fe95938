// The chart library stays out of every page's first bundle: only the chart engine imports uPlot (and its
// stylesheet), and the engine itself is only ever imported on demand, from the chart component's effect.
// When that import fails (offline), the chart says so and its numbers are still there in the table.
import { render, screen, within } from '@testing-library/react';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { trafficChart } from '~/analytics/chart-data';
import { DailyChart } from '~/analytics/daily-chart';
import { aDay } from './fixtures';

vi.mock('~/analytics/chart-engine', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const APP = join(import.meta.dirname, '../../app');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each app file's static (not type-only) imports: `import x from 'y'`, `import 'y'`, `export ... from 'y'`. */
function staticImports(code: string): string[] {
  const found: string[] = [];
  const pattern = /^\s*(import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of code.matchAll(pattern)) found.push(match[2]!);
  return found;
}

describe('the chart library', () => {
  const files = sources(APP).map((path) => ({ name: relative(APP, path), code: readFileSync(path, 'utf8') }));

  it('is imported by the chart engine alone', () => {
    const importers = files.filter((f) => staticImports(f.code).some((spec) => spec.startsWith('uplot')));
    expect(importers.map((f) => f.name)).toEqual(['analytics/chart-engine.ts']);
    expect(staticImports(files.find((f) => f.name === 'analytics/chart-engine.ts')!.code)).toEqual(
      expect.arrayContaining(['uplot', 'uplot/dist/uPlot.min.css']),
    );
  });

  it('comes only through a dynamic import of the engine', () => {
    const statically = files.filter((f) => staticImports(f.code).some((spec) => spec.endsWith('/chart-engine')));
    expect(statically).toEqual([]);
    const dynamically = files.filter((f) => /import\(\s*['"][^'"]*chart-engine['"]\s*\)/.test(f.code));
    expect(dynamically.map((f) => f.name)).toEqual(['analytics/daily-chart.tsx']);
  });

  it('failing to load leaves the summary and the numbers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const spec = trafficChart([aDay('2026-03-02', { pageViews: 7, uniqueVisitors: 3 })]);
    render(<DailyChart spec={spec} />);
    expect(await screen.findByText('The chart could not be drawn. The numbers are in the table below.')).toBeTruthy();
    const chart = screen.getByRole('region', { name: 'Page views and visitors' });
    expect(
      within(chart).getByText(
        'Page views: 7 in total, highest on Mon, Mar 2 (7). Visitors: 3 in total, highest on Mon, Mar 2 (3).',
      ),
    ).toBeTruthy();
    expect(
      within(chart)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayPage viewsVisitors', 'Mon, Mar 273']);
  });
});
