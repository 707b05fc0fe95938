// The browser's entry: React takes over the server's HTML once that HTML has been painted. Hydrating at once
// (React Router's default entry) made the first paint wait for React to render the whole page again, which on
// a phone's CPU is most of a second (bench:web's mobile runs); the page is the same either way.
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The frame's callback runs just before the next paint; the timer's, just after it.
requestAnimationFrame(() => setTimeout(hydrate, 0));
