import { useIntl } from 'react-intl';
import type { UsageHistory } from '../../domain/entities';
import type { UsageRange } from '../../domain/usage-ranges';
import { bytesText, tickText } from './format';

const width = 640;
const height = 220;
const left = 64;
const right = 8;
const top = 8;
const bottom = 28;
const plotWidth = width - left - right;
const plotHeight = height - top - bottom;

type Point = readonly [number, number];

/** The runs of known values as points: a gap where a step was not measured. */
function segments(values: readonly (number | null)[], x: (index: number) => number, y: (value: number) => number) {
  const runs: Point[][] = [];
  let run: Point[] = [];
  values.forEach((value, index) => {
    if (value === null) {
      if (run.length > 0) runs.push(run);
      run = [];
      return;
    }
    run.push([x(index), y(value)]);
  });
  if (run.length > 0) runs.push(run);
  return runs;
}

const pointsText = (points: readonly Point[]) =>
  points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' ');

/** A run closed down to the base line: the area under it. */
function areaText(points: readonly Point[], base: number): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return '';
  return pointsText([[first[0], base], ...points, [last[0], base]]);
}

/**
 * A datastore's usage over a range, drawn by hand in SVG (decision 061: no chart library; the
 * table beside it tells the same to screen readers and keyboard users): the space used as a line
 * over its area, the volume as a dashed line where the rate has one.
 */
export function UsageChart({ history, range, label }: { history: UsageHistory; range: UsageRange; label: string }) {
  const intl = useIntl();
  const count = history.used_bytes.length;
  const known = [...history.used_bytes, ...history.total_bytes].filter((value): value is number => value !== null);
  const ceiling = Math.max(1, ...known) * 1.1;
  const x = (index: number) => left + (count <= 1 ? 0 : (index / (count - 1)) * plotWidth);
  const y = (value: number) => top + plotHeight - (value / ceiling) * plotHeight;
  const used = segments(history.used_bytes, x, y);
  const total = segments(history.total_bytes, x, y);
  const base = y(0);
  const yTicks = [0, 0.5, 1].map((share) => (ceiling / 1.1) * share);
  const xTicks = count <= 1 ? [0] : [0, 0.25, 0.5, 0.75, 1].map((share) => Math.round(share * (count - 1)));
  return (
    <svg className="usage-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      {yTicks.map((value) => (
        <g key={value}>
          <line className="usage-grid" x1={left} x2={width - right} y1={y(value)} y2={y(value)} />
          <text className="usage-tick" x={left - 6} y={y(value)} textAnchor="end" dominantBaseline="middle">
            {bytesText(value, intl)}
          </text>
        </g>
      ))}
      {xTicks.map((index) => (
        <text key={index} className="usage-tick" x={x(index)} y={height - 8} textAnchor="middle">
          {tickText(history.start + index * history.step, range, intl)}
        </text>
      ))}
      {used.map((points) => (
        <polygon key={`area-${points[0]?.[0]}`} className="usage-area" points={areaText(points, base)} />
      ))}
      {used.map((points) => (
        <polyline key={`used-${points[0]?.[0]}`} className="usage-used" points={pointsText(points)} />
      ))}
      {total.map((points) => (
        <polyline key={`total-${points[0]?.[0]}`} className="usage-total" points={pointsText(points)} />
      ))}
    </svg>
  );
}
