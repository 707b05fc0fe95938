// What the pre-check found wrong with the cart, room by room, in plain words: a price that changed, a room no
// longer available, a hold that lapsed. Payment cannot go ahead until the rooms are chosen again.
import type { Itinerary, PreCheckAnswer } from '@travelclub/contracts';
import { Link } from 'react-router';
import { formatMoney } from './format';

type Line = PreCheckAnswer['lines'][number];

function problemText(line: Line, itinerary: Itinerary): string | null {
  const item = itinerary.lineItems.find((i) => i.identity === line.lineItemId);
  const room = item?.hotelBooking.rooms.find((r) => r.holdId === line.holdId);
  const what = room && item ? `${room.roomType.name} at ${item.hotelBooking.hotelName}` : 'A room';
  switch (line.status) {
    case 'price-changed':
      return line.current
        ? `The price of ${what} changed from ${formatMoney(line.quoted)} to ${formatMoney(line.current)}.`
        : `The price of ${what} changed.`;
    case 'unavailable':
      return `${what} is no longer available.`;
    case 'hold-expired':
      return `We could no longer hold ${what} for you: the hold has expired.`;
    default:
      return null;
  }
}

export function PreCheckProblems({ preCheck, itinerary }: { preCheck: PreCheckAnswer; itinerary: Itinerary }) {
  const problems = preCheck.lines.map((line) => problemText(line, itinerary)).filter((t): t is string => Boolean(t));
  return (
    <div className="callout" data-tone="error" role="alert">
      <strong>Your rooms need another look</strong>
      <ul>
        {problems.length > 0 ? (
          problems.map((text) => <li key={text}>{text}</li>)
        ) : (
          <li>Your itinerary has no rooms.</li>
        )}
      </ul>
      <p>
        Nothing has been charged. Please choose your rooms again, then come back to pay. <Link to="/">Find a room</Link>
      </p>
    </div>
  );
}
