import { describe, expect, it } from 'vitest';
import { clampWidth, hiddenColumns, MAX_WIDTH, shownColumns, withShown, withWidth, type ColumnSpec } from '../../../src-renderer/shared/column-prefs';

const specs: ColumnSpec[] = [
  { key: 'name', title: 'Name', width: 150, alwaysShown: true, minWidth: 100 },
  { key: 'city', title: 'City', width: 120 },
  { key: 'zip', title: 'ZIP', width: 70, hiddenByDefault: true },
  { key: 'noi', title: 'NOI', width: 90 },
];
const keys = (prefs: Parameters<typeof shownColumns>[1]) => shownColumns(specs, prefs).map((c) => `${c.key}:${c.width}`);

describe('column choices', () => {
  it('shows the default columns at their default widths until the user changes anything', () => {
    expect(keys(null)).toEqual(['name:150', 'city:120', 'noi:90']);
    expect(hiddenColumns(specs, null)).toEqual(['zip']);
  });

  it('hides and shows columns, in the table order, but never the column that names the row', () => {
    const shownZip = withShown(specs, null, 'zip', true);
    expect(shownZip).toEqual({ hidden: [], widths: {} });
    const noCity = withShown(specs, shownZip, 'city', false);
    expect(keys(noCity)).toEqual(['name:150', 'zip:70', 'noi:90']);
    expect(withShown(specs, noCity, 'name', false)).toEqual(noCity);
    // A stored choice that hides the name column still shows it.
    expect(keys({ hidden: ['name', 'city'], widths: {} })).toEqual(['name:150', 'zip:70', 'noi:90']);
  });

  it('resizes a column to whole pixels within its bounds, keeping what else was chosen', () => {
    const wider = withWidth(specs, withShown(specs, null, 'city', false), 'noi', 120.4);
    expect(wider).toEqual({ hidden: ['city', 'zip'], widths: { noi: 120 } });
    expect(keys(wider)).toEqual(['name:150', 'noi:120']);
    expect(withWidth(specs, wider, 'name', 20).widths.name).toBe(100);
    expect(withWidth(specs, wider, 'noi', 5).widths.noi).toBe(40);
    expect(clampWidth(specs[1]!, 99_999)).toBe(MAX_WIDTH);
    // A column this version does not know changes nothing.
    expect(withWidth(specs, wider, 'gone', 200)).toEqual(wider);
  });
});
