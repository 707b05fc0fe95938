// The picture of a chart, drawn by uPlot. This module (uPlot and its stylesheet, about 50 KB) is imported on
// demand by `DailyChart` once the page runs in the browser, so only the pages with a chart ever fetch it. The
// colours are the design tokens read from the page at draw time, and the chart is drawn again when the
// visitor's light or dark scheme changes; it follows its container's width.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { COUNT_STEPS, DAY_STEPS, daySpanOf, formatValue, minorPerMajor, type ChartSpec } from './chart-data';
import { formatShortDay, secondsOf } from './range';

export interface ChartHandle {
  destroy(): void;
}

/** Series colours as token names, with a dash pattern each so they differ without colour too. */
const SERIES_STYLES: readonly { colour: string; dash: number[] }[] = [
  { colour: '--accent', dash: [] },
  { colour: '--focus', dash: [8, 4] },
  { colour: '--warning', dash: [2, 4] },
];

interface Palette {
  series: string[];
  text: string;
  grid: string;
  font: string;
}

function paletteOf(element: HTMLElement): Palette {
  const style = getComputedStyle(element);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return {
    series: SERIES_STYLES.map((s) => token(s.colour)),
    text: token('--text-muted'),
    grid: token('--border-subtle'),
    font: `12px ${token('--font-sans') || 'system-ui, sans-serif'}`,
  };
}

/** A narrow phone gets a shorter chart, a wide screen a taller one. */
function sizeOf(container: HTMLElement) {
  const width = Math.max(container.clientWidth, 240);
  return { width, height: Math.round(Math.min(320, Math.max(200, width * 0.45))) };
}

/** 1, 2 or 5 times a power of ten, at least `value`: a round top for the value axis. */
export function roundUp(value: number): number {
  if (value <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}

/** The value axis says "$1.2K" where the legend says "$1,234.56": the axis only has to be read roughly. */
function axisFormatOf(spec: ChartSpec): Intl.NumberFormat {
  if (!spec.currency) return new Intl.NumberFormat('en-US');
  const compact = { notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 } as const;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: spec.currency, ...compact });
}

const dayOfSeconds = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

function optionsOf(spec: ChartSpec, palette: Palette, size: { width: number; height: number }): uPlot.Options {
  const unit = spec.currency ? minorPerMajor(spec.currency) : 1;
  const readout = (value: number | null) => (value === null ? '–' : formatValue(spec, Math.round(value * unit)));
  const tick = axisFormatOf(spec);
  const axis = { stroke: palette.text, font: palette.font, grid: { stroke: palette.grid, width: 1 } };
  return {
    ...size,
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    cursor: { y: false, drag: { x: false, y: false } },
    legend: { live: true },
    scales: {
      x: { time: true, range: () => daySpanOf(spec.days) },
      y: { range: (_u, min, max) => [Math.min(0, min), roundUp(Math.max(max, spec.currency ? 1 : 4))] },
    },
    axes: [
      { ...axis, ticks: { stroke: palette.grid }, incrs: [...DAY_STEPS] },
      {
        ...axis,
        ticks: { stroke: palette.grid },
        size: 64,
        ...(spec.currency ? {} : { incrs: [...COUNT_STEPS] }),
        values: (_u, splits) => splits.map((value) => tick.format(value)),
      },
    ],
    series: [
      { label: 'Day', value: (_u, seconds) => (seconds === null ? '–' : formatShortDay(dayOfSeconds(seconds))) },
      ...spec.series.map((series, index) => ({
        label: series.label,
        stroke: palette.series[index % palette.series.length],
        dash: SERIES_STYLES[index % SERIES_STYLES.length]!.dash,
        width: 2,
        value: (_u: uPlot, value: number | null) => readout(value),
      })),
    ],
  };
}

function dataOf(spec: ChartSpec): uPlot.AlignedData {
  const unit = spec.currency ? minorPerMajor(spec.currency) : 1;
  return [spec.days.map(secondsOf), ...spec.series.map((series) => series.values.map((value) => value / unit))];
}

/** Draws the chart into `container` and keeps it fitted and in the page's colours until destroyed. */
export function drawChart(container: HTMLElement, spec: ChartSpec): ChartHandle {
  const data = dataOf(spec);
  const draw = () => new uPlot(optionsOf(spec, paletteOf(container), sizeOf(container)), data, container);
  let plot = draw();

  let width = container.clientWidth;
  const resize = new ResizeObserver(() => {
    if (container.clientWidth === width) return;
    width = container.clientWidth;
    plot.setSize(sizeOf(container));
  });
  resize.observe(container);

  const scheme = window.matchMedia('(prefers-color-scheme: dark)');
  const redraw = () => {
    plot.destroy();
    plot = draw();
  };
  scheme.addEventListener('change', redraw);

  return {
    destroy() {
      resize.disconnect();
      scheme.removeEventListener('change', redraw);
      plot.destroy();
    },
  };
}
