import { describe, expect, it } from 'vitest';
import type { DealHistoryEntry } from '../../../../src-main/contract/history';
import { fieldLabel, formatHistoryValue, lastSave, offersUndo, undoneIds } from '../../../../src-renderer/features/deal/history-view';
import { parseRoute, routePath } from '../../../../src-renderer/shared/router';

const entry = (over: Partial<DealHistoryEntry>): DealHistoryEntry => ({
  id: 1,
  dealId: 'd',
  at: '2026-11-02T08:00:00.000Z',
  actor: 'Dana',
  source: 'ui',
  field: 'LoanTerm',
  oldValue: 60,
  newValue: 72,
  undoOf: null,
  ...over,
});

describe('the History tab shows values as the deal page does', () => {
  it('formats money, rates (read as decimals), months, dates, yes/no and enumerations', () => {
    expect(formatHistoryValue('GrossLoan', 12_850_000.4)).toBe('$12,850,000');
    expect(formatHistoryValue('RateSpread', 0.02375)).toBe('2.375%');
    expect(formatHistoryValue('LoanTerm', 120)).toBe('120 mo (10 yr)');
    expect(formatHistoryValue('ClosingDate', '2027-03-04')).toBe('Mar 4, 2027');
    expect(formatHistoryValue('IsSyndicatedLoan', true)).toBe('Yes');
    expect(formatHistoryValue('LoanPaymentStructure', 'P_I_Amortization')).toBe('P&I Amortization');
    expect(formatHistoryValue('RiskRating', '3')).toBe('3');
  });

  it('shows a dash for no value, and the name of a created deal or an imported collateral', () => {
    expect(formatHistoryValue('Status', null)).toBe('—');
    expect(formatHistoryValue('Note', undefined)).toBe('—');
    expect(formatHistoryValue('$created', { name: 'Harbor Lofts', loanAmount: 8_400_000 })).toBe('Harbor Lofts · $8,400,000');
    expect(formatHistoryValue('collateral', { id: 'c', name: 'Annex' })).toBe('Annex');
  });

  it('labels fields as the Loan terms tab does, without the unit suffix', () => {
    expect(fieldLabel('RateSpread')).toBe('Rate spread');
    expect(fieldLabel('LoanTerm')).toBe('Loan term');
    expect(fieldLabel('$created')).toBe('Deal created');
    expect(fieldLabel('collateral')).toBe('Collateral added');
    expect(fieldLabel('propertyType')).toBe('Property Type'); // a column only a pull changes
  });
});

describe('undo in the History tab', () => {
  it('is offered for field edits, not for a creation, an import or a keep-mine decision', () => {
    expect(offersUndo(entry({}))).toBe(true);
    expect(offersUndo(entry({ field: '$created' }))).toBe(false);
    expect(offersUndo(entry({ field: 'collateral', source: 'import' }))).toBe(false);
    expect(offersUndo(entry({ source: 'keep-mine' }))).toBe(false);
  });

  it('knows the entries an undo has already reverted, so they offer no second undo', () => {
    const history = [entry({ id: 7, source: 'undo', undoOf: 5 }), entry({ id: 6 }), entry({ id: 5 })];
    expect([...undoneIds(history)]).toEqual([5]);
    expect(undoneIds([entry({ id: 1 })]).size).toBe(0);
  });

  it('takes the last save as the newest entries sharing its time, source and author', () => {
    const history = [
      entry({ id: 5, field: 'Status' }),
      entry({ id: 4, field: 'State' }),
      entry({ id: 3, at: '2026-11-02T07:00:00.000Z' }),
    ];
    expect(lastSave(history).map((e) => e.id)).toEqual([5, 4]);
    expect(lastSave([])).toEqual([]);
  });

  it('has its own route tab on the deal page', () => {
    expect(parseRoute('#/deals/abc/history')).toEqual({ name: 'deal', id: 'abc', tab: 'history' });
    expect(routePath({ name: 'deal', id: 'abc', tab: 'history' })).toBe('#/deals/abc/history');
  });
});
