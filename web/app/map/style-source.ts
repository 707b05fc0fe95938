// The map's style, fetched by the page itself: the configured one (MAP_STYLE_URL, by default our offline
// basemap), or its dark sibling when the visitor's system is dark and the style names one. Every address in
// it is made absolute against the style's own, as MapLibre's worker would not know what it is relative to.
import type { StyleSpecification } from 'maplibre-gl';
import { METADATA_KEY, type BasemapMetadata } from './basemap';

export interface LoadedStyle {
  style: StyleSpecification;
  /** Our basemap's extras (detail cells, city names); null for any other style (real vector tiles). */
  basemap: BasemapMetadata | null;
}

type Fetch = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/** `url` against `base`; the templates' `{z}`, `{x}`, `{cell}`... kept, which URL parsing would escape. */
const absolute = (url: string, base: string) => {
  try {
    return new URL(url, base).href.replace(/%7B/gi, '{').replace(/%7D/gi, '}');
  } catch {
    return url;
  }
};

/** The basemap's metadata, with its file addresses made absolute; null when the style is not ours. */
export function basemapOf(style: StyleSpecification, base: string): BasemapMetadata | null {
  const found = (style.metadata as Record<string, BasemapMetadata> | undefined)?.[METADATA_KEY];
  if (!found || typeof found.detailCells !== 'string' || !Array.isArray(found.cells)) return null;
  return {
    ...found,
    detailCells: absolute(found.detailCells, base),
    majorCities: absolute(found.majorCities, base),
    ...(found.darkStyle ? { darkStyle: absolute(found.darkStyle, base) } : {}),
  };
}

/** A copy of the style with its sources', sprite's and glyphs' addresses absolute. */
export function withAbsoluteUrls(style: StyleSpecification, base: string): StyleSpecification {
  const sources: StyleSpecification['sources'] = {};
  for (const [id, source] of Object.entries(style.sources)) {
    const copy = { ...source } as Record<string, unknown>;
    if (typeof copy.url === 'string') copy.url = absolute(copy.url, base);
    if (typeof copy.data === 'string') copy.data = absolute(copy.data, base);
    if (Array.isArray(copy.tiles)) copy.tiles = copy.tiles.map((tile: string) => absolute(tile, base));
    sources[id] = copy as unknown as StyleSpecification['sources'][string];
  }
  const result: StyleSpecification = { ...style, sources };
  if (typeof style.sprite === 'string') result.sprite = absolute(style.sprite, base);
  if (typeof style.glyphs === 'string') result.glyphs = absolute(style.glyphs, base);
  return result;
}

async function fetchStyle(url: string, fetcher: Fetch): Promise<StyleSpecification> {
  const answer = await fetcher(url);
  if (!answer.ok) throw new Error(`The map style ${url} answered ${answer.status}`);
  return (await answer.json()) as StyleSpecification;
}

/** The style to draw, for the visitor's colour scheme. */
export async function loadStyle(
  configuredUrl: string,
  options: { dark: boolean; base: string; fetcher?: Fetch },
): Promise<LoadedStyle> {
  const fetcher = options.fetcher ?? ((url: string) => fetch(url, { credentials: 'same-origin' }));
  let url = absolute(configuredUrl, options.base);
  let style = await fetchStyle(url, fetcher);
  const light = basemapOf(style, url);
  if (options.dark && light?.darkStyle) {
    url = light.darkStyle;
    style = await fetchStyle(url, fetcher);
  }
  return { style: withAbsoluteUrls(style, url), basemap: basemapOf(style, url) };
}
