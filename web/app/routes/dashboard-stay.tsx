// /dashboard/stays/{id} (spec section 2, inside the dashboard layout): edit the recommendation of the hotel `id`,
// its words and photos. The creator's own data, so it is read in the browser.
import { PRODUCT } from '~/lib/brand';
import { EditStay } from '~/stays/stay-editor';
import type { Route } from './+types/dashboard-stay';
import '~/stays/stays.css';

export const meta: Route.MetaFunction = () => [{ title: `Edit your stay · ${PRODUCT}` }];

export default function EditStayPage({ params }: Route.ComponentProps) {
  return <EditStay key={params.id} hotelId={params.id} />;
}
