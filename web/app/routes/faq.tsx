// Questions travellers ask before they book, answered in a few lines each.
import type { Route } from './+types/faq';
import { PRODUCT } from '~/lib/brand';

export const meta: Route.MetaFunction = () => [
  { title: `Questions and answers · ${PRODUCT}` },
  { name: 'description', content: `How booking, paying and cancelling work on ${PRODUCT}.` },
];

const QUESTIONS: { q: string; a: string }[] = [
  {
    q: 'Do I need an account to look for a stay?',
    a: 'No. Search, compare and put rooms in your itinerary first; we ask you to sign up only before you pay, and your itinerary comes with you.',
  },
  {
    q: 'Which prices do I see?',
    a: 'The total for your whole stay, taxes and fees included, in your currency. The price you pay is the price you saw when you confirmed your itinerary.',
  },
  {
    q: 'When is my booking confirmed?',
    a: 'As soon as your payment is accepted and the hotel holds your rooms; this usually takes a few seconds. We show the confirmation and email it to the lead guest.',
  },
  {
    q: 'Can I cancel?',
    a: "Yes, from Your trips. Before you confirm, we show the cancellation terms that were frozen when you booked, what the hotel charges, and what you get back. Rooms marked 'Free Cancellation' cost nothing to cancel before the deadline shown.",
  },
  {
    q: 'What happens if my card is declined?',
    a: 'Nothing is booked and nothing is charged. Check the card details or use another card and try again; your itinerary stays as it was.',
  },
  {
    q: 'Who are the creators?',
    a:
      'Travel creators run clubs on ' +
      PRODUCT +
      ' with the hotels they recommend. When you book from a creator’s page, they earn a share of our commission; you pay the same price.',
  },
];

export default function Faq() {
  return (
    <section className="stack" aria-labelledby="faq-title">
      <h1 id="faq-title">Questions and answers</h1>
      {QUESTIONS.map(({ q, a }) => (
        <details key={q} className="card">
          <summary>
            <strong>{q}</strong>
          </summary>
          <p>{a}</p>
        </details>
      ))}
    </section>
  );
}
