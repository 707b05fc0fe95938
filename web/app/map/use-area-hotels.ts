// The hotels of the area the visitor moved the map to: each move waits for the map to rest, then asks the
// catalog (POST /api/v1/hotel/boundingBox) for that box with the stored search's stay, through the API
// module loaded on demand. Answers are cached per request (the box and the stay), so moving back is instant.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchPage } from '@travelclub/contracts';
import { useEffect, useMemo, useState } from 'react';
import { areaHotelsQuery } from '~/lib/queries';
import { AREA_DELAY_MS, areaRequest, boxOfView, debounce } from './area';
import type { Bounds } from './basemap';

export function useAreaHotels(criteria: SearchPage['criteria']) {
  const [area, setArea] = useState<ReturnType<typeof boxOfView> | null>(null);
  const moved = useMemo(() => debounce((view: Bounds) => setArea(boxOfView(view)), AREA_DELAY_MS), []);
  useEffect(() => () => moved.cancel(), [moved]);

  const answer = useQuery({
    ...areaHotelsQuery(area && areaRequest(area, criteria)),
    placeholderData: keepPreviousData,
  });

  return {
    /** The searched box, or null while the page shows the stored search's own results. */
    area,
    /** Call on each move of the visitor's: the search waits until the map rests. */
    moved,
    /** Back to the stored search's results. */
    reset: () => {
      moved.cancel();
      setArea(null);
    },
    answer,
  };
}
