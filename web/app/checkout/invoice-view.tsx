// The invoice as billing made it: one line per room choice (hotel, room, dates, amount) and the total. Room
// prices include their taxes and fees (the invoice carries no separate tax lines).
import type { Invoice } from '@travelclub/contracts';
import { formatMoney, formatNights, formatStayDate, nightsBetween } from './format';

export function InvoiceView({ invoice }: { invoice: Invoice }) {
  return (
    <section className="card stack" aria-labelledby="invoice-title">
      <h2 id="invoice-title">Invoice</h2>
      <table className="invoice">
        <thead>
          <tr>
            <th scope="col">Stay</th>
            <th scope="col" className="amount">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={`${line.lineItemId}:${line.holdId}`}>
              <td>
                <strong>{line.hotelName}</strong>
                <div>
                  {line.rooms} × {line.roomTypeName}, {line.rateName}
                </div>
                <div className="muted small">
                  {formatStayDate(line.checkInDate)} – {formatStayDate(line.checkOutDate)} (
                  {formatNights(nightsBetween(line.checkInDate, line.checkOutDate))})
                </div>
              </td>
              <td className="amount">{formatMoney(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total to pay</th>
            <td className="amount">
              <strong>{formatMoney(invoice.total)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="muted small">Taxes and fees are included in the room prices.</p>
    </section>
  );
}
