// What the hotel is like: the Overview (its description), facilities in the five groups of spec section 4 and
// the policies (additional information, children and extra beds, important notice).
import type { HotelView } from '@travelclub/contracts';
import type { PageHotel } from './load.server';
import { groupFacilities } from './facilities';

/** Text with line breaks as paragraphs. */
function Paragraphs({ text }: { text: string }) {
  const parts = text.split(/\n\s*\n|\n/).filter((p) => p.trim());
  return (
    <>
      {parts.map((part, i) => (
        <p key={i}>{part}</p>
      ))}
    </>
  );
}

export function Overview({ description }: { description: string }) {
  if (!description.trim()) return null;
  return (
    <section className="hotel-section" aria-labelledby="overview-title">
      <h2 id="overview-title">Overview</h2>
      <Paragraphs text={description} />
    </section>
  );
}

export function Facilities({ facilities }: { facilities: HotelView['facilities'] }) {
  const groups = groupFacilities(facilities);
  if (groups.length === 0) return null;
  return (
    <section className="hotel-section" aria-labelledby="facilities-title">
      <h2 id="facilities-title">Facilities</h2>
      <div className="facility-groups">
        {groups.map((group) => (
          <div key={group.key} className="facility-group">
            <h3>{group.label}</h3>
            <ul>
              {group.names.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

const POLICIES = [
  ['importantNotice', 'Important notice'],
  ['childAndExtraBedPolicy', 'Children and extra beds'],
  ['additionalInformation', 'Additional information'],
] as const;

export function Policies({ hotel }: { hotel: PageHotel }) {
  const shown = POLICIES.filter(([key]) => hotel[key]?.trim());
  if (shown.length === 0) return null;
  return (
    <section className="hotel-section" aria-labelledby="policies-title">
      <h2 id="policies-title">Policies</h2>
      {shown.map(([key, label]) => (
        <div key={key} className="policy">
          <h3>{label}</h3>
          <Paragraphs text={hotel[key] ?? ''} />
        </div>
      ))}
    </section>
  );
}
