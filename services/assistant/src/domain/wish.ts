// A free-text travel wish ("quiet beach town in Portugal in May"), read for what the catalog can answer: the
// country, the month, and a mood it can measure (quiet: fewer hotels; lively: more; cheap; well rated). Words
// it cannot check against the catalog (beach, mountains, ...) are named, so Taylor says so instead of guessing.
import { addDays } from './format.js';
import { MONTHS, monthName, words } from './requests.js';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** Names people use that are not (or no longer) Intl's. */
const ALIASES: Record<string, string> = {
  usa: 'US',
  america: 'US',
  uk: 'GB',
  england: 'GB',
  scotland: 'GB',
  holland: 'NL',
  turkey: 'TR',
  'czech republic': 'CZ',
};

/** Country names in English by lower-cased name: ISO 3166 codes as Intl knows them. */
const COUNTRIES: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = regionNames.of(code);
      // The first code of a name wins: a retired code (FX, UK, SU, YU) comes after the current one (FR, GB, RU, RS).
      if (name && name !== code && !/unknown/i.test(name) && !map.has(name.toLowerCase()))
        map.set(name.toLowerCase(), code);
    }
  for (const [alias, code] of Object.entries(ALIASES)) map.set(alias, code);
  return map;
})();

const MOODS = {
  quiet: ['quiet', 'calm', 'peaceful', 'small', 'relaxing', 'sleepy', 'secluded', 'hidden'],
  lively: ['lively', 'busy', 'vibrant', 'nightlife', 'party', 'buzzing', 'big'],
  cheap: ['cheap', 'budget', 'affordable', 'inexpensive'],
  rated: ['luxury', 'luxurious', 'best', 'top', 'romantic', 'boutique'],
} as const;
export type Mood = keyof typeof MOODS;

/** Words about a place's nature that the catalog has no data for. */
const UNCHECKABLE = [
  'beach',
  'beaches',
  'sea',
  'seaside',
  'coast',
  'coastal',
  'mountain',
  'mountains',
  'ski',
  'island',
  'lake',
  'desert',
  'surf',
  'hiking',
  'wine',
  'food',
  'sunny',
  'warm',
  'snow',
];

export interface Wish {
  country: { code: string; name: string } | null;
  /** The stay the prices are for: a weekend (Friday to Sunday) in the month asked, or the next one. */
  checkIn: string;
  checkOut: string;
  month: string | null;
  moods: Mood[];
  notChecked: string[];
}

/** The second Friday of a month from today on (this year's if still ahead, else next year's). */
function weekendIn(monthIndex: number, today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const y = monthIndex + 1 > month ? year : year + 1;
  const first = `${y}-${String(monthIndex + 1).padStart(2, '0')}-08`;
  const weekday = new Date(`${first}T00:00:00Z`).getUTCDay();
  return addDays(first, (5 - weekday + 7) % 7);
}

export function readWish(text: string, today: string): Wish {
  const w = words(text);
  const lower = ` ${w.join(' ')} `;
  let country: Wish['country'] = null;
  for (const [name, code] of COUNTRIES) {
    if (lower.includes(` ${name} `) && (!country || name.length > country.name.length))
      country = { code, name: regionNames.of(code) ?? name };
  }
  const monthIndex = MONTHS.findIndex((m) => w.includes(m));
  const checkIn = monthIndex >= 0 ? weekendIn(monthIndex, today) : weekendIn(Number(today.slice(5, 7)) % 12, today);
  const moods = (Object.keys(MOODS) as Mood[]).filter((mood) => MOODS[mood].some((word) => w.includes(word)));
  return {
    country,
    checkIn,
    checkOut: addDays(checkIn, 2),
    month: monthIndex >= 0 ? monthName(monthIndex) : null,
    moods,
    notChecked: [...new Set(w.filter((word) => UNCHECKABLE.includes(word)))],
  };
}
