// The offline basemap in the browser: the style fetched for the visitor's colour scheme with absolute
// addresses, the detail cells a view needs and their cache, and which city names fit.
import { describe, expect, it, vi } from 'vitest';
import { DETAIL_MIN_ZOOM, METADATA_KEY, type BasemapMetadata, type CityRow } from '~/map/basemap';
import { detailCells, detailPlan } from '~/map/detail';
import { minPopulationAt, pickLabels } from '~/map/labels';
import { basemapOf, loadStyle } from '~/map/style-source';
import { buildStyle } from '../../map/style';

const ok = (body: unknown) => Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(body) });

describe('the style', () => {
  const styles: Record<string, unknown> = {
    'http://site.test/map/style.json': buildStyle('light', ['36_27']),
    'http://site.test/map/style-dark.json': buildStyle('dark', ['36_27']),
  };
  const fetcher = vi.fn((url: string) => ok(styles[url]));

  it('is the configured one in a light scheme, its files made absolute for the worker', async () => {
    const { style, basemap } = await loadStyle('/map/style.json', {
      dark: false,
      base: 'http://site.test/mapsearch',
      fetcher,
    });
    expect(fetcher).toHaveBeenLastCalledWith('http://site.test/map/style.json');
    expect(style.sources.world).toMatchObject({ data: 'http://site.test/map/world.json' });
    expect(basemap).toMatchObject({
      detailCells: 'http://site.test/map/cells/{cell}.json',
      majorCities: 'http://site.test/map/cities.json',
      darkStyle: 'http://site.test/map/style-dark.json',
    });
  });

  it('is its dark sibling in a dark scheme', async () => {
    const { style } = await loadStyle('/map/style.json', { dark: true, base: 'http://site.test/', fetcher });
    expect(fetcher).toHaveBeenLastCalledWith('http://site.test/map/style-dark.json');
    expect(style.name).toContain('dark');
  });

  it('is any other style as it is (MAP_STYLE_URL), with no basemap extras', async () => {
    const tiles = {
      version: 8,
      sources: { streets: { type: 'vector', tiles: ['tiles/{z}/{x}/{y}.pbf'] } },
      glyphs: 'fonts/{fontstack}/{range}.pbf',
      layers: [],
    };
    const { style, basemap } = await loadStyle('https://tiles.example/style.json', {
      dark: true,
      base: 'http://site.test/',
      fetcher: () => ok(tiles),
    });
    expect(basemap).toBeNull();
    expect(style.sources.streets).toMatchObject({ tiles: ['https://tiles.example/tiles/{z}/{x}/{y}.pbf'] });
    expect(style.glyphs).toBe('https://tiles.example/fonts/{fontstack}/{range}.pbf');
  });

  it('fails plainly when the style cannot be had', async () => {
    const missing = () => Promise.resolve({ ok: false, status: 404, json: () => Promise.resolve(null) });
    await expect(
      loadStyle('/map/style.json', { dark: false, base: 'http://site.test/', fetcher: missing }),
    ).rejects.toThrow(/answered 404/);
  });

  it('reads no basemap out of a style without our metadata', () => {
    expect(basemapOf({ version: 8, sources: {}, layers: [] }, 'http://site.test/')).toBeNull();
  });
});

describe('the detail cells', () => {
  const style = buildStyle('light', ['36_27', '37_27']);
  const metadata: BasemapMetadata = {
    ...(style.metadata as Record<string, BasemapMetadata>)[METADATA_KEY]!,
    detailCells: 'http://site.test/cells/{cell}.json',
  };
  const paris = { west: 2.2, south: 48.8, east: 2.5, north: 48.9 };

  it('are not needed zoomed out, and not fetched for a view that would need too many', () => {
    const available = new Set(['36_27']);
    expect(detailPlan(paris, DETAIL_MIN_ZOOM - 0.5, available)).toEqual({ mode: 'overview' });
    expect(detailPlan({ west: -60, south: -40, east: 60, north: 40 }, 8, available)).toEqual({ mode: 'too-wide' });
  });

  it('are the cells of the view that exist (the rest is open sea)', () => {
    const view = { west: 3, south: 46, east: 6, north: 49 };
    expect(detailPlan(view, 9, new Set(['36_27']))).toEqual({ mode: 'detail', cells: ['36_27'] });
  });

  it('are fetched once each, and give their land, borders and city names', async () => {
    const land = { type: 'Feature', properties: { kind: 'land' }, geometry: null };
    const city: CityRow = ['Paris', 2.349, 48.853, 2_138_551];
    const fetcher = vi.fn((url: string) => ok({ features: [land], cities: url.includes('36_27') ? [city] : [] }));
    const cells = detailCells(metadata, fetcher);
    expect(cells.version).toBe(0);
    await Promise.all([cells.load(['36_27', '37_27', '99_99']), cells.load(['36_27'])]);
    expect(cells.version).toBe(2);
    expect(fetcher.mock.calls.map(([url]) => url)).toEqual([
      'http://site.test/cells/36_27.json',
      'http://site.test/cells/37_27.json',
    ]);
    expect(cells.has('36_27')).toBe(true);
    expect(cells.features()).toHaveLength(2);
    expect(cells.cities()).toEqual([city]);
  });

  it('leave a cell that fails out, and ask again on the next move', async () => {
    const fetcher = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementation(() => ok({ features: [] }));
    const cells = detailCells(metadata, fetcher);
    await cells.load(['36_27']);
    expect(cells.has('36_27')).toBe(false);
    await cells.load(['36_27']);
    expect(cells.has('36_27')).toBe(true);
  });
});

describe('the city names', () => {
  // One degree is ten pixels; north is up.
  const map = { project: ([x, y]: [number, number]) => ({ x: x * 10, y: -y * 10 }) };
  const view = { west: 0, south: -50, east: 100, north: 0 };
  const options = { view, zoom: 8, map, width: 1000, height: 500 };

  it('are the biggest cities first, fewer of them as the map zooms out', () => {
    expect(minPopulationAt(2)).toBe(4_000_000);
    expect(minPopulationAt(12)).toBe(0);
    const cities: CityRow[] = [
      ['Small', 10, -10, 60_000],
      ['Huge', 50, -20, 9_000_000],
    ];
    expect(pickLabels(cities, options).map(([name]) => name)).toEqual(['Huge', 'Small']);
    expect(pickLabels(cities, { ...options, zoom: 3 }).map(([name]) => name)).toEqual(['Huge']);
  });

  it('leave out a name that would overlap a bigger one, or a pin, or is out of view', () => {
    const cities: CityRow[] = [
      ['Big', 10, -10, 1_000_000],
      ['Close', 10.5, -10, 500_000],
      ['Far', 60, -30, 400_000],
      ['Outside', 150, -30, 3_000_000],
      ['Pinned', 80, -40, 300_000],
    ];
    const taken = [{ left: 790, top: 390, right: 860, bottom: 410 }];
    expect(pickLabels(cities, { ...options, taken }).map(([name]) => name)).toEqual(['Big', 'Far']);
  });

  it('stop at the most a map may show', () => {
    const many: CityRow[] = Array.from({ length: 30 }, (_, i) => [`C${i}`, i * 3, -(i % 5) * 8, 100_000 + i]);
    expect(pickLabels(many, { ...options, max: 5 })).toHaveLength(5);
  });
});
