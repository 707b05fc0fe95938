// `/mapsearch`: the stored search's hotels as a list beside a map (on a phone, one or the other, switched by
// a toggle). The list is rendered on the server; the map joins in the browser. List and pins light up
// together; a pressed pin opens its hotel's card; moving the map lists the hotels of the new area.
import type { HotelResult } from '@travelclub/contracts';
import { useMemo, useState } from 'react';
import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { Link } from 'react-router';
import { nightsBetween, plural, stayLine } from '~/search/format';
import { resultsHref } from '~/search/results-query';
import type { SearchResultsData } from '~/search/search-data';
import { Callout } from '~/ui/callout';
import { boundsOfHotels } from './area';
import { MapHotelCard } from './map-hotel-card';
import { MapResultsList } from './map-results-list';
import { MapView, type FitRequest } from './map-view';
import { useAreaHotels } from './use-area-hotels';

type Shown = 'list' | 'map';

function countLine(total: number, shown: number, inArea: boolean): string {
  const found = inArea ? `${plural(total, 'hotel')} in this area` : plural(total, 'hotel');
  if (shown === 0 || shown >= total) return found;
  return inArea ? `${found} · the ${shown} best rated` : `${found} · ${shown} on this page`;
}

/** Hover and focus (`activeId`) and the pressed pin (`selectedId`), shared by the list and the map. */
function useSelection(hotels: HotelResult[]) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = hotels.find((hotel) => hotel.id === selectedId) ?? null;
  return { activeId, setActiveId, selectedId: selected ? selectedId : null, setSelectedId, selected };
}

function Header({ data, shown, onShow }: { data: SearchResultsData; shown: Shown; onShow(shown: Shown): void }) {
  return (
    <header className="map-header">
      <div>
        <h1>Map of hotels in {data.place.label}</h1>
        <p className="muted">{stayLine(data.page.criteria)}</p>
      </div>
      <div className="map-header-actions">
        <Link to={resultsHref(data.query)}>Back to the results list</Link>
        {/* On a phone the list and the map take turns; wider screens show both and hide this. */}
        <ToggleButtonGroup
          className="map-toggle"
          aria-label="Show the hotels as"
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[shown]}
          onSelectionChange={(keys: Set<Key>) => onShow(([...keys][0] as Shown | undefined) ?? 'list')}
        >
          <ToggleButton id="list">List</ToggleButton>
          <ToggleButton id="map">Map</ToggleButton>
        </ToggleButtonGroup>
      </div>
    </header>
  );
}

function ResultsHead(props: { count: string; searching: boolean; inArea: boolean; onBack(): void; error: unknown }) {
  return (
    <>
      <div className="map-results-head">
        <h2 id="map-count" className="map-count">
          {props.count}
        </h2>
        {/* Says what the heading now says too, for those who cannot see it change. */}
        <p className={props.searching ? 'map-searching' : 'visually-hidden'} role="status">
          {props.searching ? 'Looking for hotels in this area…' : props.inArea ? props.count : ''}
        </p>
        {props.inArea ? (
          <button type="button" className="map-back" onClick={props.onBack}>
            Back to your search's results
          </button>
        ) : null}
      </div>
      {props.error ? (
        <Callout tone="error">
          {props.error instanceof Error ? props.error.message : 'The hotels of this area could not be loaded.'}
        </Callout>
      ) : null}
    </>
  );
}

export function MapSearchPage({ data, styleUrl }: { data: SearchResultsData; styleUrl: string }) {
  const { page, query, place } = data;
  const searchId = page.searchId ?? query.searchId ?? undefined;
  const nights = nightsBetween(page.criteria.checkIn, page.criteria.checkOut);
  const { area, moved, reset, answer } = useAreaHotels(page.criteria);
  const inArea = area !== null && answer.data !== undefined;
  const hotels = inArea ? answer.data!.hotels : page.hotels;
  const { activeId, setActiveId, selectedId, setSelectedId, selected } = useSelection(hotels);
  const [shown, setShown] = useState<Shown>('list');
  const startBounds = useMemo(() => boundsOfHotels(page.hotels) ?? page.criteria.boundingBox ?? null, [page]);
  const [fit, setFit] = useState<FitRequest>({ key: 0, bounds: startBounds });
  const backToSearch = () => {
    reset();
    setSelectedId(null);
    setFit((previous) => ({ key: previous.key + 1, bounds: startBounds }));
  };
  const list = { hotels, searchId, nights, activeId, selectedId, onActivate: setActiveId };

  return (
    <div className="map-page" data-shown={shown}>
      <Header data={data} shown={shown} onShow={setShown} />
      <div className="map-split">
        <section className="map-results" aria-labelledby="map-count">
          <ResultsHead
            count={countLine(inArea ? answer.data!.total : page.total, hotels.length, inArea)}
            searching={answer.isFetching}
            inArea={area !== null}
            onBack={backToSearch}
            error={area && answer.isError ? answer.error : null}
          />
          {hotels.length === 0 ? (
            <p className="muted">No hotels here. Move the map or zoom out to see more.</p>
          ) : (
            <MapResultsList {...list} labelledBy="map-count" />
          )}
        </section>
        <MapView
          label={`Map of the hotels in ${place.label}`}
          styleUrl={styleUrl}
          hotels={hotels}
          activeId={activeId}
          selectedId={selectedId}
          fit={fit}
          onActivate={setActiveId}
          onSelect={setSelectedId}
          onMoved={moved}
          onMapPress={() => setSelectedId(null)}
          card={
            selected ? (
              <MapHotelCard hotel={selected} searchId={searchId} nights={nights} onClose={() => setSelectedId(null)} />
            ) : null
          }
        />
      </div>
    </div>
  );
}
