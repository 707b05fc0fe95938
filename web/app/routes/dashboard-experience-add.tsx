// /dashboard/experiences/add (inside the dashboard layout): a new travel package. The builder is the creator's
// own work, so everything is read and saved in the browser; the loader hands over the currencies the catalog
// quotes in (the contracts' list stays on the server, out of the page's bundle).
import { supportedCurrencies } from '@travelclub/contracts';
import { useLoaderData } from 'react-router';
import { NewPackagePage } from '~/experiences/editor';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/dashboard-experience-add';
import '~/experiences/experiences.css';

export const meta: Route.MetaFunction = () => [{ title: `New package · ${PRODUCT}` }];

export const loader = () => ({ currencies: [...supportedCurrencies] });

export default function AddExperience() {
  const { currencies } = useLoaderData<typeof loader>();
  return <NewPackagePage currencies={currencies} />;
}
