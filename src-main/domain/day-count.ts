export type DayCount = '30/360' | 'Actual/360' | 'Actual/365';

export const DEFAULT_DAY_COUNT: DayCount = '30/360';

/**
 * How much of the nominal annual rate a year of interest actually costs.
 * Actual/360 charges 365 days of interest on a 360-day year, so a year costs 365/360 of
 * the nominal rate; 30/360 and Actual/365 both charge exactly the nominal rate over a
 * (non-leap) year.
 */
export function annualInterestFactor(dayCount: DayCount): number {
  switch (dayCount) {
    case 'Actual/360':
      return 365 / 360;
    case '30/360':
    case 'Actual/365':
      return 1;
  }
}
