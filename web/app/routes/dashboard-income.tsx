// /dashboard/income (spec section 2, inside the dashboard layout): the creator's balance, pending and paid
// amounts per currency, their income per day and the entries behind it. The figures are the creator's own,
// so they are read in the browser.
import { IncomeView } from '~/analytics/income-view';
import { CreatorGate, requireSession } from '~/dashboard/creator-gate';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/dashboard-income';
import '~/analytics/analytics.css';

export const INCOME_TITLE = 'Income';

export const meta: Route.MetaFunction = () => [{ title: `${INCOME_TITLE} · ${PRODUCT}` }];

export const loader = ({ request }: Route.LoaderArgs) => requireSession(request);

export default function IncomePage() {
  return (
    <CreatorGate>
      <div className="stack">
        <h1 className="dash-title">{INCOME_TITLE}</h1>
        <IncomeView />
      </div>
    </CreatorGate>
  );
}
