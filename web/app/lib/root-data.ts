// The root loader's data (the route context of spec section 3) for any component: a type-only link to the
// root module, so a page that reads it does not pull the root's server code into its bundle.
import { useRouteLoaderData } from 'react-router';
import type { loader } from '~/root';

export type RootData = Awaited<ReturnType<typeof loader>>;

export const useRootData = () => useRouteLoaderData<typeof loader>('root');
