// /dashboard/chat: Taylor, the creators' AI travel assistant (spec section 1). The assistant is its own issue;
// until it lands this page says what Taylor will do, and offers nothing that pretends to answer.
import { Link } from 'react-router';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/dashboard-chat';

export const meta: Route.MetaFunction = () => [{ title: `Taylor · ${PRODUCT}` }];

export const TAYLOR_COMING = 'Taylor is coming soon.';

const WILL_DO = [
  'Draft a recommendation from your notes, in your voice, for you to edit.',
  'Suggest hotels for a destination your followers keep asking about.',
  'Turn a trip you took into a package: days, stays and a price to start from.',
  'Explain your numbers: which posts brought visitors, and what they booked.',
];

export default function DashboardChat() {
  return (
    <div className="stack">
      <h1>Taylor, your travel assistant</h1>
      <section className="dash-card stack dash-taylor" aria-labelledby="taylor-soon">
        <h2 id="taylor-soon">{TAYLOR_COMING}</h2>
        <p>Taylor is an AI travel assistant for creators. When it arrives, it will help you:</p>
        <ul>
          {WILL_DO.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="muted">
          Everything Taylor writes is a draft: nothing goes on your club until you publish it. Meanwhile, the{' '}
          <Link to="/dashboard/travelclub-college">{PRODUCT} College</Link> guides walk you through each step.
        </p>
      </section>
    </div>
  );
}
