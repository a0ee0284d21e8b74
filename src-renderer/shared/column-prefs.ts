import type { ColumnPrefs } from '../../src-main/contract';

/**
 * The columns of a table the user may choose and size (the pipeline, the report). Choices are
 * kept per data directory (channel columns.get / columns.set): which columns are hidden, and the
 * width of each one resized. Until the user changes anything, the defaults below apply.
 */
export interface ColumnSpec {
  key: string;
  title: string;
  /** Default width, CSS pixels. */
  width: number;
  /** Narrowest it can be made (default MIN_WIDTH). */
  minWidth?: number;
  /** Not shown until the user chooses it. */
  hiddenByDefault?: boolean;
  /** Always shown (the column that names the row). */
  alwaysShown?: boolean;
}

export const MIN_WIDTH = 40;
export const MAX_WIDTH = 1000;

/** The hidden columns: the user's choice once there is one, else the defaults. */
export function hiddenColumns(specs: readonly ColumnSpec[], prefs: ColumnPrefs | null): string[] {
  return prefs ? prefs.hidden : specs.filter((s) => s.hiddenByDefault).map((s) => s.key);
}

/** The columns to show, in order, each with its width. */
export function shownColumns<C extends ColumnSpec>(specs: readonly C[], prefs: ColumnPrefs | null): (C & { width: number })[] {
  const hidden = new Set(hiddenColumns(specs, prefs));
  return specs.filter((s) => s.alwaysShown || !hidden.has(s.key)).map((s) => ({ ...s, width: widthOf(s, prefs) }));
}

export function widthOf(spec: ColumnSpec, prefs: ColumnPrefs | null): number {
  return prefs?.widths[spec.key] ?? spec.width;
}

/** A width as the user may set it: whole pixels within the column's bounds. */
export function clampWidth(spec: ColumnSpec, width: number): number {
  return Math.round(Math.min(MAX_WIDTH, Math.max(spec.minWidth ?? MIN_WIDTH, width)));
}

/** The choices with one column shown or hidden (a column always shown stays). */
export function withShown(specs: readonly ColumnSpec[], prefs: ColumnPrefs | null, key: string, shown: boolean): ColumnPrefs {
  const hidden = new Set(hiddenColumns(specs, prefs));
  if (shown || specs.find((s) => s.key === key)?.alwaysShown) hidden.delete(key);
  else hidden.add(key);
  return { hidden: specs.map((s) => s.key).filter((k) => hidden.has(k)), widths: { ...prefs?.widths } };
}

/** The choices with one column at a new width. */
export function withWidth(specs: readonly ColumnSpec[], prefs: ColumnPrefs | null, key: string, width: number): ColumnPrefs {
  const spec = specs.find((s) => s.key === key);
  if (!spec) return prefs ?? { hidden: hiddenColumns(specs, prefs), widths: {} };
  return { hidden: hiddenColumns(specs, prefs), widths: { ...prefs?.widths, [key]: clampWidth(spec, width) } };
}
