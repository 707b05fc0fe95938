// The not-found page (spec section 2), with the title a loader gave it ('Itinerary not found').
import { Link } from 'react-router';

export function NotFound({ title, returnTo = '/' }: { title?: string; returnTo?: string }) {
  return (
    <section className="stack" aria-labelledby="status-title">
      <h1 id="status-title">{title ?? 'Page not found'}</h1>
      <p>The page you are looking for does not exist.</p>
      <Link className="button" data-variant="primary" to={returnTo}>
        Go Back To Home
      </Link>
    </section>
  );
}
