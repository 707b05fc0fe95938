// Each instance, every REFRESH_EVERY_S: rebuilds its index if an import changed the hotel set, and re-reads
// the taken rooms (MongoDB has the truth; events from other instances only bring it sooner). A timer, not a
// queued job: every instance must do it for itself.
import type { ServiceApp } from '@travelclub/kit';
import type { CatalogParts } from '../flows/parts.js';

export function startIndexRefresh(
  app: ServiceApp,
  { refreshIndex, availability, inventory, config }: CatalogParts,
): void {
  const timer = setInterval(() => {
    void refreshIndex()
      .then(() => availability.load(inventory.allTaken()))
      .catch((err: unknown) => app.log.warn({ err }, 'index refresh failed; the next round tries again'));
  }, config.REFRESH_EVERY_S * 1000);
  timer.unref();
  app.onShutdown(() => clearInterval(timer));
}
