// /dashboard/experiences/{id} (inside the dashboard layout): the creator's package in the builder, read in the
// browser (it is theirs, drafts included); the loader hands over the currencies the catalog quotes in.
import { supportedCurrencies } from '@travelclub/contracts';
import { useLoaderData } from 'react-router';
import { EditPackagePage } from '~/experiences/editor';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/dashboard-experience';
import '~/experiences/experiences.css';

export const meta: Route.MetaFunction = () => [{ title: `Edit package · ${PRODUCT}` }];

export const loader = () => ({ currencies: [...supportedCurrencies] });

export default function EditExperience() {
  const { currencies } = useLoaderData<typeof loader>();
  return <EditPackagePage currencies={currencies} />;
}
