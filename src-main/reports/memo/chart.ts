import { format } from '../../contract';
import { COLORS } from './layout';

export interface ChartSeries {
  name: string;
  values: readonly number[];
}

const FONT = 'font-family="Roboto" font-size="7"';

/** XML text: the few characters that would end an element or an attribute. */
function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A round step (1, 2 or 5 times a power of ten) giving about `ticks` intervals over `span`. */
function niceStep(span: number, ticks: number): number {
  const raw = span / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

/** Coordinates are rounded to 0.01 pt: enough for print, and the SVG text stays short and stable. */
const r = (n: number) => Math.round(n * 100) / 100;

/**
 * A line chart of yearly amounts as an SVG string (vector in the PDF): a zero-based y axis with
 * round compact-dollar ticks (negative values extend it below zero), one x label a year, a
 * legend on top. Pure: the same input gives the same markup.
 */
export function lineChartSvg(years: readonly string[], series: readonly ChartSeries[], size: { width: number; height: number }): string {
  const { width, height } = size;
  const left = 46;
  const right = 8;
  const top = 18;
  const bottom = 16;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const all = series.flatMap((s) => s.values.filter(Number.isFinite));
  const maxValue = Math.max(0, ...all);
  const minValue = Math.min(0, ...all);
  const step = niceStep(maxValue - minValue || 1, 5);
  const yMax = Math.ceil(maxValue / step) * step || step;
  const yMin = Math.floor(minValue / step) * step;
  const y = (v: number) => top + plotH - ((v - yMin) / (yMax - yMin)) * plotH;
  const slot = plotW / Math.max(1, years.length);
  const x = (i: number) => left + slot * (i + 0.5);

  const parts: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`];
  for (let v = yMin; v <= yMax + step / 2; v += step) {
    const yy = r(y(v));
    parts.push(`<line x1="${left}" y1="${yy}" x2="${r(width - right)}" y2="${yy}" stroke="${v === 0 ? COLORS.muted : COLORS.rule}" stroke-width="${v === 0 ? 0.6 : 0.3}"/>`);
    parts.push(`<text x="${left - 4}" y="${r(yy + 2.4)}" text-anchor="end" ${FONT} fill="${COLORS.muted}">${esc(format.usdCompact(v))}</text>`);
  }
  years.forEach((label, i) => {
    parts.push(`<text x="${r(x(i))}" y="${r(height - 4)}" text-anchor="middle" ${FONT} fill="${COLORS.muted}">${esc(label)}</text>`);
  });
  series.forEach((s, k) => {
    const color = COLORS.chart[k % COLORS.chart.length];
    const points = s.values.map((v, i) => (Number.isFinite(v) ? `${r(x(i))},${r(y(v))}` : null)).filter((p): p is string => p !== null);
    if (points.length > 1) parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${color}" stroke-width="1.4" stroke-linejoin="round"/>`);
    for (const p of points) {
      const [px, py] = p.split(',');
      parts.push(`<circle cx="${px}" cy="${py}" r="1.6" fill="${color}"/>`);
    }
    const lx = left + k * 92;
    parts.push(`<line x1="${lx}" y1="7" x2="${lx + 14}" y2="7" stroke="${color}" stroke-width="2"/>`);
    parts.push(`<text x="${lx + 18}" y="9.4" ${FONT} fill="${COLORS.ink}">${esc(s.name)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('');
}
