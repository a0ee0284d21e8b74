import type { Content, ContentStack, ContentText, CustomTableLayout, StyleDictionary, TableCell } from 'pdfmake/interfaces';

/** US Letter (612 x 792 pt) with the memo's margins, and the width left for content. */
export const PAGE = {
  marginX: 44,
  marginTop: 48,
  marginBottom: 58,
  portraitWidth: 612 - 2 * 44,
  landscapeWidth: 792 - 2 * 44,
} as const;

/** The memo's palette: one ink, one accent, greys for structure, teal, amber and red for limits. */
export const COLORS = {
  ink: '#1c2430',
  accent: '#1f3a5f',
  muted: '#5b6573',
  rule: '#c9d1db',
  headFill: '#e7ecf2',
  zebra: '#f6f8fa',
  pass: '#0f766e',
  warn: '#b35c00',
  fail: '#b42318',
  chart: ['#3b5bdb', '#0c8599', '#e8590c', '#862e9c'],
} as const;

export const STYLES: StyleDictionary = {
  kicker: { fontSize: 8, bold: true, color: COLORS.accent, characterSpacing: 1.5 },
  title: { fontSize: 22, bold: true, color: COLORS.ink },
  subtitle: { fontSize: 9.5, color: COLORS.muted },
  h1: { fontSize: 13, bold: true, color: COLORS.accent, margin: [0, 14, 0, 6] },
  h2: { fontSize: 10.5, bold: true, color: COLORS.ink, margin: [0, 10, 0, 4] },
  h3: { fontSize: 9, bold: true, color: COLORS.ink, margin: [0, 6, 0, 3] },
  muted: { color: COLORS.muted },
  small: { fontSize: 7.5, color: COLORS.muted },
  th: { bold: true, fontSize: 7.5, color: COLORS.ink },
  table: { fontSize: 8 },
  dense: { fontSize: 7 },
  figureLabel: { fontSize: 7, color: COLORS.muted },
  figureValue: { fontSize: 12, bold: true, color: COLORS.ink },
  notice: { italics: true, color: COLORS.muted },
};

/**
 * Hairline rules between rows, a shaded header, zebra rows: a printed financial table. With a
 * caption, the caption is the first header row (repeated, like the column titles, on every
 * page the table spans), unshaded and without a rule above.
 */
function tableLayout(captionRows: 0 | 1): CustomTableLayout {
  const strong = (i: number, node: { table: { body: unknown[]; headerRows?: number } }) => i === captionRows || i === node.table.headerRows || i === node.table.body.length;
  return {
    hLineWidth: (i, node) => (i < captionRows ? 0 : strong(i, node) ? 0.8 : 0.3),
    vLineWidth: () => 0,
    hLineColor: (i, node) => (strong(i, node) ? COLORS.accent : COLORS.rule),
    fillColor: (row, node) => {
      const header = node.table.headerRows ?? 0;
      if (row < captionRows) return null;
      return row < header ? COLORS.headFill : (row - header) % 2 === 1 ? COLORS.zebra : null;
    },
    paddingLeft: () => 4,
    paddingRight: () => 4,
    paddingTop: () => 2.5,
    paddingBottom: () => 2.5,
  };
}

/** Label/value grids: no fill, faint rules. */
const GRID_LAYOUT: CustomTableLayout = {
  hLineWidth: (i, node) => (i === 0 || i === node.table.body.length ? 0 : 0.3),
  vLineWidth: () => 0,
  hLineColor: () => COLORS.rule,
  paddingLeft: (i) => (i % 2 === 0 && i > 0 ? 14 : 0),
  paddingRight: () => 4,
  paddingTop: () => 2.5,
  paddingBottom: () => 2.5,
};

/** The named table layouts the memo's tables refer to (registered with pdfmake by render.ts). */
export const TABLE_LAYOUTS = { memo: tableLayout(0), memoCaptioned: tableLayout(1), grid: GRID_LAYOUT };

/** A section title, numbered ("5.2  Pinecrest Yards"). */
export function heading(text: string, options: { number?: string; level?: 1 | 2 | 3 } = {}): Content {
  return { text: options.number ? `${options.number}  ${text}` : text, style: `h${options.level ?? 1}` };
}

/** A sub-heading inside a section. */
export function subheading(text: string, extra: Pick<ContentText, 'color' | 'margin'> = {}): ContentText {
  return { text, style: 'h3', ...extra };
}

/**
 * How many characters of text `content` holds (every string in it, style names included: an
 * overestimate, which is the safe side).
 */
export function textLength(content: unknown): number {
  if (typeof content === 'string') return content.length;
  if (Array.isArray(content)) return content.reduce((n: number, c) => n + textLength(c), 0);
  if (content && typeof content === 'object') return Object.values(content).reduce((n: number, c) => n + textLength(c), 0);
  return 0;
}

/**
 * Text up to this length fits on a page even in the memo's narrowest columns, so a block that
 * short can be kept whole. pdfmake drops whatever of an unbreakable block (or of a table row
 * kept with its header) does not fit on one page: longer blocks are left free to run over.
 */
const KEEPABLE_TEXT = 2000;

/**
 * Keeps headings with the block they introduce: the items move to the next page together
 * rather than leave a heading alone at the bottom of a page — when they are short enough to
 * fit on a page (see KEEPABLE_TEXT); else they simply follow each other. Tables carry their
 * title as a caption instead (see `dataTable`).
 */
export function keepTogether(...items: Content[]): ContentStack {
  return { stack: items, unbreakable: textLength(items) <= KEEPABLE_TEXT };
}

/** `block` at the top of a new page turned to `orientation` (the memo's wide tables are landscape). */
export function onNewPage(block: ContentStack, orientation: 'portrait' | 'landscape'): ContentStack {
  return { ...block, pageBreak: 'before', pageOrientation: orientation };
}

/** A sentence saying a section has nothing to show (not run, no changes, none on record). */
export function notice(text: string): Content {
  return { text, style: 'notice', margin: [0, 2, 0, 4] };
}

export interface Column<R> {
  title: string;
  cell: (row: R) => string | Content;
  numeric?: boolean;
  width?: number | string;
  /** The total row's cell, when the table has one. */
  total?: string;
}

/**
 * A data table whose caption and column titles repeat on every page it spans, kept with its
 * first row (when that is short enough, see KEEPABLE_TEXT). Numeric columns are right-aligned.
 * A row of several lines may split across pages unless `keepRowsWhole` (only for rows of
 * bounded size: pdfmake drops a row taller than a page that it may not split).
 */
export function dataTable<R>(rows: readonly R[], columns: Column<R>[], options: { caption?: string; dense?: boolean; keepRowsWhole?: boolean } = {}): Content {
  const header: TableCell[] = columns.map((c) => ({ text: c.title, style: 'th', alignment: c.numeric ? 'right' : 'left' }));
  const caption: TableCell[][] = options.caption
    ? [[{ text: options.caption, style: 'h3', colSpan: columns.length, margin: [-4, 4, 0, 0] }, ...columns.slice(1).map(() => ({}))]]
    : [];
  const data = rows.map((r) => columns.map((c) => cellOf(c.cell(r), c.numeric)));
  const body: TableCell[][] = [...caption, header, ...data];
  if (columns.some((c) => c.total !== undefined)) {
    body.push(columns.map((c, i) => ({ text: c.total ?? (i === 0 ? 'Total' : ''), bold: true, alignment: c.numeric ? 'right' : 'left' })));
  }
  return {
    table: {
      headerRows: caption.length + 1,
      keepWithHeaderRows: textLength(data[0]) <= KEEPABLE_TEXT ? 1 : 0,
      dontBreakRows: options.keepRowsWhole ?? false,
      widths: columns.map((c) => c.width ?? (c.numeric ? 'auto' : '*')),
      body,
    },
    layout: caption.length ? 'memoCaptioned' : 'memo',
    style: options.dense ? 'dense' : 'table',
    margin: [0, 2, 0, 8],
  };
}

function cellOf(value: string | Content, numeric?: boolean): TableCell {
  if (typeof value === 'string') return { text: value, alignment: numeric ? 'right' : 'left', noWrap: numeric };
  return value as TableCell;
}

/**
 * Label/value pairs in `columns` pairs per row (labels muted, values right-aligned), the way
 * the screens show key figures; with `labelWidth`, labels get that width and values the rest,
 * left-aligned (for text).
 */
export function keyValues(pairs: readonly [string, string | Content][], columns = 2, options: { labelWidth?: number } = {}): Content {
  const { labelWidth } = options;
  const rows: TableCell[][] = [];
  for (let i = 0; i < pairs.length; i += columns) {
    const row: TableCell[] = [];
    for (let j = 0; j < columns; j++) {
      const pair = pairs[i + j];
      const value = pair?.[1];
      row.push(pair ? { text: pair[0], style: 'muted' } : '', value === undefined ? '' : typeof value === 'string' ? { text: value, alignment: labelWidth ? 'left' : 'right' } : (value as TableCell));
    }
    rows.push(row);
  }
  return {
    table: { widths: Array.from({ length: columns }, () => (labelWidth ? [labelWidth, '*'] : ['*', 'auto'])).flat(), body: rows },
    layout: 'grid',
    style: 'table',
    margin: [0, 2, 0, 8],
  };
}

/** Headline figures in boxes, `perRow` a row: label over value. */
export function figureBoxes(figures: readonly { label: string; value: string; color?: string }[], perRow = 4): Content {
  const rows: TableCell[][] = [];
  for (let i = 0; i < figures.length; i += perRow) {
    rows.push(
      Array.from({ length: perRow }, (_, j) => {
        const f = figures[i + j];
        return f
          ? { stack: [{ text: f.label.toUpperCase(), style: 'figureLabel', characterSpacing: 0.6 }, { text: f.value, style: 'figureValue', color: f.color ?? COLORS.ink }] }
          : '';
      }),
    );
  }
  return {
    table: { widths: Array.from({ length: perRow }, () => '*'), body: rows },
    layout: {
      hLineWidth: () => 0.6,
      vLineWidth: (i, node) => (i === 0 || i === node.table.widths!.length ? 0.6 : 0.3),
      hLineColor: () => COLORS.rule,
      vLineColor: () => COLORS.rule,
      paddingLeft: () => 7,
      paddingRight: () => 7,
      paddingTop: () => 5,
      paddingBottom: () => 5,
    },
    margin: [0, 8, 0, 4],
  };
}

/** Text with a coloured bar on its left: the recommendation. */
export function callout(content: Content): Content {
  return {
    table: { widths: ['*'], body: [[{ stack: [content], margin: [6, 4, 4, 4] }]] },
    layout: {
      hLineWidth: () => 0,
      vLineWidth: (i) => (i === 0 ? 2.5 : 0),
      vLineColor: () => COLORS.accent,
      fillColor: () => '#f2f5f9',
      paddingLeft: () => 6,
      paddingRight: () => 6,
      paddingTop: () => 4,
      paddingBottom: () => 4,
    },
    margin: [0, 2, 0, 8],
  };
}

/** Free text as paragraphs (blank lines separate them). */
export function paragraphs(text: string): Content[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ text: p, margin: [0, 0, 0, 4] as [number, number, number, number] }));
}
