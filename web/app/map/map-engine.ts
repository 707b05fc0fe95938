// The map itself, loaded only when a map is on screen (MapView imports this module on demand): MapLibre GL
// and its CSS, the style, the hotels' pins and, on our offline basemap, the detail cells and city names.
import * as maplibreModule from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { Map as MapLibreMap, MapLibreEvent } from 'maplibre-gl';
import { DETAIL_MIN_ZOOM, type BasemapMetadata, type Bounds, type CityRow } from './basemap';
import { detailCells, detailPlan, type DetailCells } from './detail';
import { labelLayer, pickLabels, type Box, type LabelLayer } from './labels';
import { pinLayer, type PinEvents, type PinHotel } from './pins';
import { loadStyle } from './style-source';

// MapLibre is a UMD bundle: its API is the default export under Vite, the module itself elsewhere.
const maplibregl = ((maplibreModule as unknown as { default?: typeof maplibreModule }).default ??
  maplibreModule) as typeof maplibreModule;

/** Room around the hotels when the map fits them, and how close it may come. */
const FIT = { padding: 48, maxZoom: 14 } as const;
const MAX_ZOOM_OF_OVERVIEW = 24;

export interface MapEvents extends PinEvents {
  /** The visitor moved the map (drag, wheel, keys, buttons): its new view. Not called for the page's moves. */
  onMoved(view: Bounds): void;
  /** A press on the map itself, not on a pin. */
  onMapPress(): void;
}

export interface MapController {
  setHotels(hotels: PinHotel[]): void;
  highlight(activeId: string | null, selectedId: string | null): void;
  fitTo(bounds: Bounds): void;
  resize(): void;
  pin(id: string): HTMLButtonElement | undefined;
  destroy(): void;
}

export interface MapOptions {
  container: HTMLElement;
  styleUrl: string;
  dark: boolean;
  initialBounds: Bounds | null;
  events: MapEvents;
}

const viewOf = (map: MapLibreMap): Bounds => {
  const bounds = map.getBounds();
  return { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() };
};

const asLngLatBounds = (b: Bounds): [[number, number], [number, number]] => [
  [b.west, b.south],
  [b.east, b.north],
];

/** The view's area grown by half on each side: the cells to fetch before the first frame. */
function around(b: Bounds): Bounds {
  const width = (b.east - b.west) / 2;
  const height = (b.north - b.south) / 2;
  return { west: b.west - width, south: b.south - height, east: b.east + width, north: b.north + height };
}

async function loadMajorCities(basemap: BasemapMetadata): Promise<CityRow[]> {
  try {
    const answer = await fetch(basemap.majorCities);
    return answer.ok ? ((await answer.json()) as CityRow[]) : [];
  } catch {
    return [];
  }
}

/** Our basemap's live parts: detail cells swapped in around the view, and city names. */
function basemapLayers(
  map: MapLibreMap,
  parts: { basemap: BasemapMetadata; detail: DetailCells; major: CityRow[]; pins: () => Box[] },
) {
  const { basemap, detail, major } = parts;
  const labels: LabelLayer = labelLayer(map.getCanvas(), map);
  let generation = 0;
  const showOverview = (always: boolean) => {
    for (const id of basemap.overviewLayers)
      if (map.getLayer(id)) map.setLayerZoomRange(id, 0, always ? MAX_ZOOM_OF_OVERVIEW : DETAIL_MIN_ZOOM);
  };
  const relabel = () => {
    const canvas = map.getCanvas();
    const cities = map.getZoom() >= DETAIL_MIN_ZOOM ? [...major, ...detail.cities()] : major;
    const size = { width: canvas.clientWidth, height: canvas.clientHeight };
    labels.show(pickLabels(cities, { view: viewOf(map), zoom: map.getZoom(), map, ...size, taken: parts.pins() }));
  };
  let shownVersion = -1;
  async function refresh() {
    const run = ++generation;
    const plan = detailPlan(viewOf(map), map.getZoom(), detail.available);
    if (plan.mode !== 'detail') {
      showOverview(plan.mode === 'too-wide');
      relabel();
      return;
    }
    if (plan.cells.some((key) => !detail.has(key))) {
      showOverview(true);
      await detail.load(plan.cells);
      // A later move has its own refresh: this one's view is gone.
      if (run !== generation) return;
    }
    // Whichever refresh comes after a cell arrived hands the cells to the map, once.
    const source = map.getSource(basemap.detailSource) as maplibreModule.GeoJSONSource | undefined;
    if (source && detail.version !== shownVersion) {
      shownVersion = detail.version;
      source.setData({ type: 'FeatureCollection', features: detail.features() });
    }
    showOverview(false);
    relabel();
  }
  map.on('move', labels.follow);
  return { refresh, remove: labels.remove };
}

function createMap(options: MapOptions, style: maplibreModule.StyleSpecification): MapLibreMap {
  const map = new maplibregl.Map({
    container: options.container,
    style,
    ...(options.initialBounds
      ? { bounds: asLngLatBounds(options.initialBounds), fitBoundsOptions: FIT }
      : { center: [10, 30], zoom: 1 }),
    attributionControl: { compact: true },
    // A flat map, north up: a price list on a map needs no tilting or turning.
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    maxPitch: 0,
    locale: { 'Map.Title': 'Map: drag or use the arrow keys to move, plus and minus to zoom' },
  });
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
  // MapLibre logs unhandled errors itself; a tile or file that fails is not the page's error.
  map.on('error', (event) => console.warn('map:', event.error?.message ?? event));
  return map;
}

/** Builds the map in `container`; rejects when the browser cannot draw it (no WebGL). */
export async function createMapView(options: MapOptions): Promise<MapController> {
  const { style, basemap } = await loadStyle(options.styleUrl, {
    dark: options.dark,
    base: window.location.href,
  });
  const detail = basemap ? detailCells(basemap) : null;
  let major: CityRow[] = [];
  if (basemap && detail) {
    // The first view's cells go into the style itself, so the first frame already has its coastline.
    const first = options.initialBounds ? detailPlan(around(options.initialBounds), 99, detail.available) : null;
    [major] = await Promise.all([
      loadMajorCities(basemap),
      first?.mode === 'detail' ? detail.load(first.cells) : Promise.resolve(),
    ]);
    const source = style.sources[basemap.detailSource];
    if (source?.type === 'geojson') source.data = { type: 'FeatureCollection', features: detail.features() };
  }

  const map = createMap(options, style);
  const pins = pinLayer(map, maplibregl.Marker, options.events);
  const live = basemap && detail ? basemapLayers(map, { basemap, detail, major, pins: pins.boxes }) : null;
  map.on('load', () => void live?.refresh());
  map.on('moveend', (event: MapLibreEvent & { originalEvent?: unknown }) => {
    // Only the visitor's own moves carry the browser event that caused them.
    if (event.originalEvent) options.events.onMoved(viewOf(map));
    void live?.refresh();
  });
  map.on('click', (event) => {
    if (event.originalEvent.target === map.getCanvas()) options.events.onMapPress();
  });

  return {
    setHotels: pins.sync,
    highlight: pins.highlight,
    fitTo: (bounds) => map.fitBounds(asLngLatBounds(bounds), FIT),
    resize: () => map.resize(),
    pin: pins.pin,
    destroy() {
      pins.remove();
      live?.remove();
      map.remove();
    },
  };
}
