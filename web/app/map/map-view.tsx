// The map's region on the page. The server renders its frame and a status line; in the browser, MapLibre
// and the map are loaded only once the region is on screen (a phone shows the list first), then kept in
// step with the page's hotels, the hovered or focused one, and the selected one, whose card it shows.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Bounds } from './basemap';
import type { MapController, MapEvents } from './map-engine';
import type { PinHotel } from './pins';

export interface FitRequest {
  /** A new number asks the map to fit `bounds` again. */
  key: number;
  bounds: Bounds | null;
}

export interface MapViewProps extends MapEvents {
  label: string;
  styleUrl: string;
  hotels: PinHotel[];
  activeId: string | null;
  selectedId: string | null;
  fit: FitRequest;
  /** The selected hotel's card, drawn over the map. */
  card?: ReactNode;
}

type Status = 'waiting' | 'loading' | 'ready' | 'failed';

const STATUS_TEXT: Record<Exclude<Status, 'ready'>, string> = {
  waiting: 'The map is loading. The list has every hotel it will show.',
  loading: 'The map is loading. The list has every hotel it will show.',
  failed: 'The map cannot be shown in this browser. The list has every hotel.',
};

const prefersDark = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;

const isShown = (element: HTMLElement) => element.clientWidth > 0 && element.clientHeight > 0;

/**
 * Loads MapLibre and makes the map once `container` is on screen; resizes it when the container does. The
 * map's listeners outlive renders, so they read the latest props through `latest`.
 */
function useMapEngine(container: RefObject<HTMLDivElement | null>, styleUrl: string, latest: RefObject<MapViewProps>) {
  const controller = useRef<MapController | null>(null);
  const [status, setStatus] = useState<Status>('waiting');
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let started = false;
    let cancelled = false;
    const start = () => {
      started = true;
      setStatus('loading');
      const events: MapEvents = {
        onActivate: (id) => latest.current.onActivate(id),
        onSelect: (id) => latest.current.onSelect(id),
        onMoved: (view) => latest.current.onMoved(view),
        onMapPress: () => latest.current.onMapPress(),
      };
      import('./map-engine')
        .then(({ createMapView }) =>
          createMapView({
            container: element,
            styleUrl,
            dark: prefersDark(),
            initialBounds: latest.current.fit.bounds,
            events,
          }),
        )
        .then(
          (made) => {
            if (cancelled) return made.destroy();
            controller.current = made;
            made.setHotels(latest.current.hotels);
            made.highlight(latest.current.activeId, latest.current.selectedId);
            setStatus('ready');
          },
          (err: unknown) => {
            if (cancelled) return;
            console.warn('The map could not be shown:', (err as { message?: string } | null)?.message ?? err);
            setStatus('failed');
          },
        );
    };
    // Hidden (a phone showing the list) until it has a size: only then is MapLibre worth loading.
    const observer = new ResizeObserver(() => {
      if (!isShown(element)) return;
      if (controller.current) controller.current.resize();
      else if (!started) start();
    });
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      controller.current?.destroy();
      controller.current = null;
    };
  }, [container, latest, styleUrl]);

  return { controller, status };
}

export function MapView(props: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const { controller, status } = useMapEngine(container, props.styleUrl, latest);

  const { hotels, activeId, selectedId, fit } = props;
  useEffect(() => controller.current?.setHotels(hotels), [controller, hotels, status]);
  useEffect(
    () => controller.current?.highlight(activeId, selectedId),
    [controller, activeId, selectedId, hotels, status],
  );
  // A card closed while it had the focus hands it back to its pin, where the visitor was.
  const cardHasFocus = useRef(false);
  const previousSelected = useRef(selectedId);
  useEffect(() => {
    const before = previousSelected.current;
    previousSelected.current = selectedId;
    if (before && before !== selectedId && cardHasFocus.current) {
      cardHasFocus.current = false;
      if (!selectedId) controller.current?.pin(before)?.focus();
    }
  }, [controller, selectedId]);
  const fitted = useRef(fit.key);
  useEffect(() => {
    if (fit.key === fitted.current || !controller.current) return;
    fitted.current = fit.key;
    if (fit.bounds) controller.current.fitTo(fit.bounds);
  }, [controller, fit, status]);

  return (
    <section className="map-panel" role="region" aria-label={props.label} data-status={status}>
      <div ref={container} className="map-canvas" />
      {status === 'ready' ? null : (
        <p className="map-status" role="status">
          {STATUS_TEXT[status]}
        </p>
      )}
      <div
        className="map-card-holder"
        onFocus={() => (cardHasFocus.current = true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) cardHasFocus.current = false;
        }}
      >
        {props.card}
      </div>
    </section>
  );
}
