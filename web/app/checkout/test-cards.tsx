// The payment sandbox's test cards (services/billing/src/provider/sandbox.ts), shown on development machines
// only (root data `environmentVariables.showTestCards`), each with a button that fills the form with it.
import { useRootData } from '~/lib/root-data';
import { Button } from '~/ui/button';
import { formatCardNumber } from './card-rules';

export const TEST_CARDS = [
  { number: '4242424242424242', outcome: 'Payment succeeds' },
  { number: '4000000000000002', outcome: 'Card declined' },
  { number: '4000000000009995', outcome: 'Insufficient funds' },
] as const;

export function TestCards({ onUse }: { onUse: (number: string) => void }) {
  const root = useRootData();
  if (!root?.environmentVariables.showTestCards) return null;
  return (
    <section className="test-cards" aria-labelledby="test-cards-title">
      <h3 id="test-cards-title">Sandbox test cards</h3>
      <p className="small muted">Development only. Any future expiry date and any 3-digit security code work.</p>
      <ul className="plain">
        {TEST_CARDS.map((card) => (
          <li key={card.number} className="test-card">
            <div>
              <code>{formatCardNumber(card.number)}</code>
              <div className="small">{card.outcome}</div>
            </div>
            <Button
              variant="quiet"
              onPress={() => onUse(card.number)}
              aria-label={`Use the test card: ${card.outcome}`}
            >
              Use
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
