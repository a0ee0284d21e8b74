import { z } from 'zod';
import {
  Scenario,
  SizeLoanRequestDto,
  StressDealRequestDto,
  StressPortfolioRequestDto,
  type CreditPolicyProfilesDto,
  type SizeLoanResponseDto,
  type StressDealResponseDto,
  type StressPortfolioResponseDto,
  type StressScenarioDefinition,
} from '../analysis';
import { UpdateDealItemDto } from '../bulk-update';
import { channel, type ChannelSpec } from '../channel';
import type { SeedInfoResponseDto } from '../deal';
import type { DealFundsInfoResponseDto } from '../funds';
import { ReportFormat } from './report';
import { Empty, Id, type Body } from './shared';

// Loan sizing, breakpoints and stress (nothing is written but custom scenarios and the default profile).

/** A custom stress scenario kept in the data directory: a Scenario that has a name. */
export const SavedScenario = Scenario.refine((s) => s.name !== undefined && s.name.length > 0, {
  message: 'Name the scenario.',
  path: ['name'],
});
export type SavedScenario = z.infer<typeof SavedScenario>;

/** Most custom scenarios one data directory keeps. */
export const MAX_SAVED_SCENARIOS = 50;

/** The portfolio stress request without paging: an export has every row. */
export const StressExportRequest = StressPortfolioRequestDto.omit({ page: true, pageSize: true });

export const ANALYSIS_CHANNELS = {
  'analysis.sizeLoan': channel(SizeLoanRequestDto).returns<Body<SizeLoanResponseDto>>(),
  'analysis.stressDeal': channel(StressDealRequestDto).returns<Body<StressDealResponseDto>>(),
  /** With a runId: progress as analysis.stressProgress events, and work.cancel stops it (refused with code Cancelled). */
  'analysis.stressPortfolio': channel(StressPortfolioRequestDto.extend({ runId: Id.optional() })).returns<Body<StressPortfolioResponseDto>>(),
  /** The credit policy profiles and the default one of this data directory. */
  'analysis.profiles': channel(Empty).returns<CreditProfilesView>(),
  'analysis.setDefaultProfile': channel(z.object({ name: z.string().trim().min(1).max(100) }).strict()).returns<CreditProfilesView>(),
  /** The built-in scenarios (system configuration) and the custom ones of this data directory. */
  'analysis.scenarios': channel(Empty).returns<ScenariosView>(),
  /** Adds a custom scenario, or replaces the one named `replaces` (a rename) or of the same name. */
  'analysis.saveScenario': channel(z.object({ scenario: SavedScenario, replaces: z.string().min(1).max(100).optional() }).strict()).returns<ScenariosView>(),
  'analysis.deleteScenario': channel(z.object({ name: z.string().min(1).max(100) }).strict()).returns<ScenariosView>(),
  /** What the deal page would show had these loan-term updates been saved; nothing is written. */
  'analysis.previewDealEdit': channel(z.object({ dealId: Id, updates: UpdateDealItemDto.shape.updates.max(40) }).strict()).returns<DealEditPreview>(),
  'analysis.exportStress': channel(z.object({ request: StressExportRequest, format: ReportFormat, exportId: Id }).strict()).returns<StressExportResult>(),
} as const satisfies Record<string, ChannelSpec>;

/** The profiles with their limits and sources, and this data directory's default (its setting, else the configuration's). */
export type CreditProfilesView = CreditPolicyProfilesDto;

export interface ScenariosView {
  /** The built-in scenarios of the system configuration, with their source. */
  builtIn: StressScenarioDefinition[];
  /** The custom scenarios of this data directory, by name. */
  custom: SavedScenario[];
}

export interface DealEditPreview {
  /** getDealInfo as it would answer after the updates. */
  deal: Body<SeedInfoResponseDto>;
  /** getDealFunds as it would answer after the updates (null: the deal has no funds analysis). */
  funds: Body<DealFundsInfoResponseDto> | null;
  /** The loan sized on the previewed terms (null when it cannot be sized: sizingError says why). */
  sizing: Body<SizeLoanResponseDto> | null;
  sizingError: string | null;
}

export type StressExportResult =
  | { cancelled: true }
  | {
      cancelled: false;
      /** Per-deal rows written. */
      rows: number;
      file: string;
      fileName: string;
      /** Web mode: a one-time link to download the file from. */
      downloadUrl?: string;
    };
