// The hotel search form of the home, search and map pages. Its widgets (React Aria's ComboBox, DateRangePicker
// and NumberFields, some 90 KB gzipped) are not in the page's first bundle: the page renders a look-alike
// of plain elements, and the working form is fetched the moment the visitor reaches for it (pointer over,
// touch, focus, a key; or a focus given before the page was hydrated), then takes the look-alike's place with
// the typed text, the caret and the focus handed over. The text is read in the very commit that swaps the two
// (a keystroke cannot come between), so no key typed from the first paint on is lost.
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { CalendarIcon } from '~/ui/icons';
import type { PickedDestination } from './destination-field';
import type * as LiveModuleExports from './search-form-live';

export interface SearchFormInitial {
  destination?: PickedDestination | null;
  checkIn?: string;
  checkOut?: string;
  guests?: number;
  rooms?: number;
}

export interface SearchFormProps {
  initial?: SearchFormInitial;
  /** Where the results open: the list (default) or the map. */
  resultsPath?: string;
  /** The visible heading that names the form, if any (else "Find a hotel" names it). */
  labelledBy?: string;
  /** The club the search starts from: the catalog counts the search for its creator, and the results keep it. */
  creator?: string;
}

/** What the look-alike and the working form both say of themselves: a search landmark, named. */
export const searchFormAttributes = (labelledBy?: string) => ({
  className: 'search-form',
  role: 'search',
  'aria-label': labelledBy ? undefined : 'Find a hotel',
  'aria-labelledby': labelledBy,
  noValidate: true,
});

export type HandoffField = 'destination' | 'dates' | 'guests' | 'rooms';

/** The look-alike's destination box as it left the page: its text, its caret, and whether it had the focus. */
export interface ShellDestination {
  text: string;
  selectionStart: number | null;
  selectionEnd: number | null;
  focused: boolean;
}

/** What the look-alike passes to the working form: where the focus was, what was typed, what was asked. */
export interface Handoff {
  focus?: HandoffField;
  /**
   * Read when the working form came, then again (the same object, updated) in the commit that removes the
   * look-alike: the working destination box takes the later reading in its layout effect, before any key.
   */
  destination?: ShellDestination;
  openCalendar?: boolean;
}

function readDestination(form: HTMLFormElement | null): ShellDestination | undefined {
  const input = form?.querySelector<HTMLInputElement>('[data-field="destination"]');
  if (!input) return undefined;
  const { value: text, selectionStart, selectionEnd } = input;
  return { text, selectionStart, selectionEnd, focused: input.ownerDocument.activeElement === input };
}

type LiveModule = typeof LiveModuleExports;
let liveModule: LiveModule | null = null;
let loadingLive: Promise<LiveModule> | null = null;

/** Fetches the working form once for the whole app (later forms come alive at once). */
export function loadLiveSearchForm(): Promise<LiveModule> {
  loadingLive ??= import('./search-form-live').then(
    (module) => (liveModule = module),
    (err: unknown) => {
      loadingLive = null;
      throw err;
    },
  );
  return loadingLive;
}

export function SearchForm(props: SearchFormProps) {
  // Hydration renders the look-alike the server sent; a form mounted after the module came is alive at once.
  const [live, setLive] = useState<{ module: LiveModule; handoff: Handoff } | null>(() =>
    liveModule ? { module: liveModule, handoff: {} } : null,
  );
  if (live) return <live.module.LiveSearchForm {...props} handoff={live.handoff} />;
  return <SearchFormShell {...props} onAlive={(module, handoff) => setLive({ module, handoff })} />;
}

/**
 * Fetches the working form at the first reach for the look-alike, then hands over what the visitor did. The
 * handoff given is kept, for the look-alike to bring up to date as it leaves the page.
 */
function useWake(form: RefObject<HTMLFormElement | null>, onAlive: (module: LiveModule, handoff: Handoff) => void) {
  const asked = useRef<Handoff>({});
  const waking = useRef(false);
  // Not a ref: the layout cleanup below must see the handoff given after it was set up.
  const [sent] = useState<{ handoff: Handoff | null }>(() => ({ handoff: null }));
  function wake(intent: Handoff = {}) {
    Object.assign(asked.current, intent);
    if (waking.current) return;
    waking.current = true;
    loadLiveSearchForm().then(
      (module) => {
        const active = document.activeElement as HTMLElement | null;
        const focused = form.current && active && form.current.contains(active) ? active.dataset.field : undefined;
        sent.handoff = {
          ...asked.current,
          focus: (focused as HandoffField | undefined) ?? asked.current.focus,
          destination: readDestination(form.current),
        };
        onAlive(module, sent.handoff);
      },
      () => {
        // The network failed: the next reach for the form tries again.
        waking.current = false;
      },
    );
  }

  // A visitor who clicked into the look-alike before the page was hydrated gave a focus React never saw.
  useEffect(() => {
    if (form.current?.contains(document.activeElement)) wake();
    // Once, after hydration: `wake` itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The swap's own commit: the look-alike leaves the page now, still holding every key typed since the working
  // form was asked for (the layout cleanup runs before its elements are removed, and no event comes between).
  useLayoutEffect(() => {
    const element = form.current;
    return () => {
      const last = readDestination(element);
      // Updated in place: the working form's first render already holds this object.
      if (sent.handoff?.destination && last) Object.assign(sent.handoff.destination, last);
    };
  }, [form, sent]);

  return wake;
}

function SearchFormShell(props: SearchFormProps & { onAlive: (module: LiveModule, handoff: Handoff) => void }) {
  const { initial } = props;
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const wake = useWake(formRef, props.onAlive);

  const dates =
    initial?.checkIn && initial.checkOut ? `${asTyped(initial.checkIn)} – ${asTyped(initial.checkOut)}` : null;

  return (
    <form
      ref={formRef}
      {...searchFormAttributes(props.labelledBy)}
      onPointerOver={() => wake()}
      onTouchStart={() => wake()}
      onFocus={() => wake()}
      onKeyDown={() => wake()}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        wake({ focus: 'destination' });
      }}
    >
      <div className="field search-destination">
        <label htmlFor={`${id}-destination`}>Destination</label>
        <input
          id={`${id}-destination`}
          data-field="destination"
          placeholder="City, country or hotel"
          defaultValue={initial?.destination?.label ?? ''}
          autoComplete="off"
        />
      </div>
      <div className="field search-dates">
        <label htmlFor={`${id}-dates`}>Check-in – check-out</label>
        <div className="date-group">
          <button
            type="button"
            id={`${id}-dates`}
            className="date-shell"
            data-field="dates"
            onClick={() => wake({ focus: 'dates', openCalendar: true })}
          >
            {dates ?? <span className="date-placeholder">mm/dd/yyyy – mm/dd/yyyy</span>}
          </button>
          <span className="calendar-toggle" aria-hidden="true">
            <CalendarIcon />
          </span>
        </div>
      </div>
      <div className="search-counters">
        <ShellCounter id={`${id}-guests`} field="guests" label="Guests" value={initial?.guests ?? 2} />
        <ShellCounter id={`${id}-rooms`} field="rooms" label="Rooms" value={initial?.rooms ?? 1} />
      </div>
      <button type="submit" className="button search-submit" data-variant="primary">
        Search
      </button>
    </form>
  );
}

/** A date as the picker's segments show it in US English: `12/5/2026`. */
function asTyped(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${month}/${day}/${year}`;
}

function ShellCounter(props: { id: string; field: HandoffField; label: string; value: number }) {
  const { id, field, label, value } = props;
  return (
    <div className={`field counter search-${field}`}>
      <label htmlFor={id}>{label}</label>
      <div className="counter-group">
        <span className="counter-button" aria-hidden="true">
          −
        </span>
        <input id={id} className="counter-input" data-field={field} inputMode="numeric" defaultValue={value} readOnly />
        <span className="counter-button" aria-hidden="true">
          +
        </span>
      </div>
    </div>
  );
}
