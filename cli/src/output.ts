// What a command prints: JSON for scripts (`--json`), or tables and key-value blocks sized to the terminal,
// coloured only on a terminal and never with NO_COLOR (https://no-color.org) or --no-color.
import { formatMoney, type Money } from '@travelclub/contracts';
import Table from 'cli-table3';
import { stripVTControlCharacters } from 'node:util';
import { createColors } from 'picocolors';

export interface OutputOptions {
  json: boolean;
  color: boolean;
  /** The terminal's width; undefined when the output is not a terminal (lines are not cut then). */
  width: number | undefined;
}

/** The output settings of this process: colour only on a terminal, and not when NO_COLOR is set (to anything). */
export function outputOptions(flags: { json?: boolean; color?: boolean }): OutputOptions {
  const tty = Boolean(process.stdout.isTTY);
  const noColor = process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '';
  return {
    json: Boolean(flags.json),
    color: tty && !noColor && flags.color !== false,
    width: tty ? process.stdout.columns : undefined,
  };
}

export type Output = ReturnType<typeof createOutput>;

const BORDERLESS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '  ',
};

// What a terminal would act on rather than show: escape sequences (CSI, whether ESC [ or the 8-bit C1 form; OSC
// such as an OSC 8 hyperlink, DCS, APC, PM and SOS up to their terminator; any other ESC pair), and then any
// C0 control but tab and newline, DEL, C1 controls and the bidirectional embeddings, overrides and isolates.
const ESCAPE_SEQUENCE =
  '(?:\\u001b\\[|\\u009b)[\\u0030-\\u003f]*[\\u0020-\\u002f]*[\\u0040-\\u007e]?' +
  '|(?:\\u001b[\\]P_^X]|[\\u0090\\u0098\\u009d-\\u009f])[^\\u0007\\u001b\\u009c\\n]*(?:\\u0007|\\u001b\\\\|\\u009c)?' +
  '|\\u001b[\\u0020-\\u002f]*[\\u0030-\\u007e]?';
const UNSAFE_CHARACTER = '[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]';
const UNSAFE = new RegExp(`${ESCAPE_SEQUENCE}|${UNSAFE_CHARACTER}`, 'g');
/** As UNSAFE, but the colour sequences (SGR: ESC [ digits m) this output adds itself are kept. */
const UNSAFE_BUT_COLOURS = new RegExp(`(\\u001b\\[[0-9;]*m)|${ESCAPE_SEQUENCE}|${UNSAFE_CHARACTER}`, 'g');

/**
 * Text from the platform as it may reach a terminal: a traveller's `ESC[2J` or OSC 8 link in a guest name
 * must not clear support's screen or plant a link there. Tabs and newlines stay.
 */
export const terminalSafe = (text: string) => text.replace(UNSAFE, '');

/** Every string of an answer (keys too) made terminal-safe; other values as they are. */
export function terminalSafeValue<T>(value: T): T {
  if (typeof value === 'string') return terminalSafe(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => terminalSafeValue(item)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [terminalSafe(key), terminalSafeValue(item)]),
    ) as T;
  return value;
}

/** A cell as the terminal shows it: without the escape sequences colours add. */
const visibleText = (text: string) => stripVTControlCharacters(text);
const visibleLength = (text: string) => visibleText(text).length;

/**
 * Column widths that fit `width`: each column as wide as its widest cell, and when the table is too wide the
 * widest columns give way first (their cells wrap), never narrower than their heading (`minimums`) or 6.
 */
export function fitColumns(natural: number[], width: number | undefined, minimums: number[] = [], gap = 2): number[] {
  const widths = [...natural];
  if (width === undefined) return widths;
  const floor = (i: number) => Math.max(6, minimums[i] ?? 0);
  const room = width - gap * (widths.length - 1);
  for (let total = widths.reduce((a, b) => a + b, 0); total > room; total--) {
    const shrinkable = widths.map((w, i) => (w > floor(i) ? w : -1));
    const widest = shrinkable.indexOf(Math.max(...shrinkable));
    if (shrinkable[widest]! < 0) break;
    widths[widest]!--;
  }
  return widths;
}

/** An amount in its currency, with the currency's own minor-unit digits: "€1,234.50". */
export function money(value: Money | undefined | null): string {
  return value ? formatMoney(value) : '';
}

/** An instant as UTC to the minute, the same on every support person's machine: "2026-11-24 21:30Z". */
export function when(iso: string | undefined | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 16).replace('T', ' ')}Z`;
}

export function createOutput(options: OutputOptions, write: (text: string) => void = (t) => process.stdout.write(t)) {
  const colors = createColors(options.color);
  // The last guard: whatever a command prints keeps its own colours and nothing else a terminal would act on.
  const line = (text = '') => write(`${text.replace(UNSAFE_BUT_COLOURS, (_all, colour?: string) => colour ?? '')}\n`);

  /** Status words coloured by what they mean. */
  const state = (word: string) => {
    if (/^(confirmed|paid|succeeded|up|ready|replayed|approved|active|verified|ok)$/.test(word))
      return colors.green(word);
    if (/^(cancelled|failed|down|refused|declined|void|not-ready|open-letter)$/.test(word)) return colors.red(word);
    if (/^(pending|processing|open|waiting|delayed|refunded|held)$/.test(word)) return colors.yellow(word);
    return word;
  };

  function table(head: string[], rows: string[][], empty = 'Nothing found.') {
    if (rows.length === 0) {
      line(colors.dim(empty));
      return;
    }
    const natural = head.map((h, i) => Math.max(h.length, ...rows.map((r) => visibleLength(r[i] ?? ''))));
    // Cells wrap between words; a column keeps room for its heading and its longest word (an id, a date, an
    // email), so nothing is ever cut short.
    const longestWord = (i: number) =>
      Math.max(
        ...rows.flatMap((r) =>
          visibleText(r[i] ?? '')
            .split(/\s+/)
            .map((w) => w.length),
        ),
      );
    const colWidths = fitColumns(
      natural,
      options.width,
      head.map((h, i) => Math.max(h.length, Math.min(longestWord(i), 32))),
    );
    const t = new Table({
      head: head.map((h) => colors.bold(h)),
      chars: BORDERLESS,
      colWidths,
      wordWrap: true,
      style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
    });
    t.push(...rows);
    for (const row of t.toString().split('\n')) line(row.trimEnd());
  }

  /** Labelled values, one a line, the labels lined up; empty values are left out. */
  function fields(pairs: [label: string, value: string | number | undefined | null][]) {
    const shown = pairs.filter(([, v]) => v !== undefined && v !== null && v !== '');
    const pad = Math.max(...shown.map(([label]) => label.length));
    for (const [label, value] of shown) line(`${colors.dim(label.padEnd(pad))}  ${value}`);
  }

  return {
    json: options.json,
    colors,
    line,
    state,
    table,
    fields,
    heading: (text: string) => line(`\n${colors.bold(text)}`),
    /** A read's answer: as JSON when asked, otherwise as the command prints it. */
    result<T>(value: T, human: (value: T) => void) {
      if (options.json) line(JSON.stringify(value, null, 2));
      else human(value);
    },
    /** A line that says what was done (on stderr when the output is JSON, so stdout stays one document). */
    done(text: string) {
      if (options.json) process.stderr.write(`${terminalSafe(text)}\n`);
      else line(colors.green(text));
    },
  };
}
