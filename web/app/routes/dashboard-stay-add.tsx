// /dashboard/stays/add (spec section 2, inside the dashboard layout, which checks the creator): recommend a hotel
// of the catalog with a title, a text and photos. The creator's own data, so it is read in the browser.
import { PRODUCT } from '~/lib/brand';
import { NewStay } from '~/stays/stay-editor';
import type { Route } from './+types/dashboard-stay-add';
import '~/stays/stays.css';

export const meta: Route.MetaFunction = () => [{ title: `Recommend a stay · ${PRODUCT}` }];

export default function NewStayPage() {
  return <NewStay />;
}
