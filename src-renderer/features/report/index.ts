/** The report feature: the cross-deal report, and its filter fields (the stress screen reuses them). */
export { ReportScreen, EMPTY_DRAFT, ReportFilterFields, toFilter, type Draft } from './ReportScreen';
