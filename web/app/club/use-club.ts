// The club of the page, for a tab (or a page inside one) under the club's layout: the layout's loader read it
// once on the server, so the tabs never ask for it again.
import { useRouteLoaderData } from 'react-router';
import type { ClubData } from './club-data';

/** The layout's route id (web/app/routes/club-layout.tsx). */
export const CLUB_LAYOUT_ID = 'routes/club-layout';

export interface ClubLayoutData {
  club: ClubData;
}

export function useClub(): ClubData {
  const data = useRouteLoaderData(CLUB_LAYOUT_ID) as ClubLayoutData | undefined;
  if (!data) throw new Error('A club page is rendered inside the club layout');
  return data.club;
}
