// Taylor's business figures (docs/observability.md, "Business counters"). The counters are on the process's
// registry that every service's /metrics serves; the budget's share is read from Redis when scraped.
import { businessCounter, cachedGauge, type ServiceApp } from '@travelclub/kit';

/** Turns answered: Taylor's reply stored (an engine's error is part of a reply), one per message taken. */
export const taylorTurns = businessCounter({
  name: 'travelclub_taylor_turns_total',
  help: "Taylor's turns answered and stored, whichever engine (an engine's failure is part of the answer)",
});

/** Model tokens spent, by kind: `input` (the prompts sent), `output` (what the model wrote). */
export const taylorTokens = businessCounter({
  name: 'travelclub_taylor_tokens_total',
  help: 'Language-model tokens Taylor spent, by kind: input (prompts), output (answers)',
  labelNames: ['kind'] as const,
});

/**
 * `travelclub_taylor_budget_used_ratio`: the platform's tokens counted today (UTC) over its daily ceiling
 * (LLM_PLATFORM_TOKENS_PER_DAY), 1 once used up. Turns still running count with what they reserved, as they do
 * against the ceiling. 0 with the offline engine, which spends none.
 */
export function measureBudget(app: ServiceApp, usedToday: () => Promise<number>, perDay: number): void {
  cachedGauge(
    app.metrics,
    {
      name: 'travelclub_taylor_budget_used_ratio',
      help: "Taylor's language-model tokens counted today (UTC) over the platform's daily ceiling",
    },
    async () => [{ labels: {}, value: (await usedToday()) / perDay }],
  );
}
