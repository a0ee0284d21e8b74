import { basename } from 'node:path';
import type { z } from 'zod';
import type { ErrorDto, SizeLoanRequestDto } from '../contract';
import {
  MAX_SAVED_SCENARIOS,
  SavedScenario,
  type APP_CHANNEL_INPUTS,
  type CallErrorDetails,
  type ChannelOutput,
  type CreditProfilesView,
  type ScenariosView,
} from '../contract/app-channels';
import * as gatewayEntry from '../gateway';
import * as reportsEntry from '../reports';
import { getSetting, setSetting } from '../store/settings';
import type { AppEnvironment } from './environment';

/*
 * The analysis channels (issue 14): loan sizing, the stress of one deal and of the book, the
 * what-if preview of loan-term edits, the credit profiles and the custom stress scenarios kept
 * per data directory, and the portfolio stress export. Everything but the custom scenarios and
 * the default profile only reads: the gateway computes, nothing is written to the deals.
 *
 * The channel table (channels.ts) spreads these handlers into its own; it hands in its gateway
 * call and its error constructor so a refusal here reads exactly like one there.
 */

export const ANALYSIS_CHANNELS = [
  'analysis.sizeLoan',
  'analysis.stressDeal',
  'analysis.stressPortfolio',
  'analysis.profiles',
  'analysis.setDefaultProfile',
  'analysis.scenarios',
  'analysis.saveScenario',
  'analysis.deleteScenario',
  'analysis.previewDealEdit',
  'analysis.exportStress',
] as const;
export type AnalysisChannelName = (typeof ANALYSIS_CHANNELS)[number];

type Input<K extends AnalysisChannelName> = z.output<(typeof APP_CHANNEL_INPUTS)[K]>;
export type AnalysisHandlers = { [K in AnalysisChannelName]: (input: Input<K>) => Promise<ChannelOutput<K>> };

export interface AnalysisChannelDeps {
  env: AppEnvironment;
  /** The channel table's gateway call: the envelope's body, or a thrown refusal carrying the ErrorDto. */
  gateway: <T>(name: string, params: Record<string, string>, body?: unknown) => Promise<T>;
  /** Makes the channel table's refusal (message for the user, details to place it). */
  refuse: (message: string, details: CallErrorDetails) => Error;
}

/** The custom scenarios of the data directory (an array of SavedScenario). */
export const SCENARIOS_KEY = 'analysis.scenarios';
/** The default credit policy profile of the data directory (a profile name). */
export const DEFAULT_PROFILE_KEY = 'analysis.defaultProfile';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

// The gateway's what-if and the reports' stress export, looked up on their public entries.
type PreviewDealEdit = (
  ctx: AppEnvironment['gateway'],
  dealId: string,
  properties: Record<string, unknown>,
) => Promise<{ success: boolean; error: ErrorDto | null; deal: ChannelOutput<'deal.info'>; funds: ChannelOutput<'deal.funds'> }>;
type ExportPortfolioStress = (
  ctx: AppEnvironment['gateway'],
  request: unknown,
  options: { format: 'csv' | 'xlsx'; file: string; onProgress?: (done: number, total: number) => void },
) => Promise<{ rows?: number; deals?: number; file?: string }>;

function entryFunction<T>(entry: object, name: string): T | undefined {
  const fn = (entry as Record<string, unknown>)[name];
  return typeof fn === 'function' ? (fn as T) : undefined;
}

export function createAnalysisChannels({ env, gateway, refuse }: AnalysisChannelDeps): AnalysisHandlers {
  const ctx = env.gateway;

  function profilesView(): CreditProfilesView {
    const { profiles, defaultProfile } = ctx.config.creditPolicies;
    const chosen = getSetting<unknown>(ctx.db, DEFAULT_PROFILE_KEY);
    const stillThere = typeof chosen === 'string' && profiles.some((p) => p.name === chosen);
    return { profiles, defaultProfile: stillThere ? chosen : defaultProfile };
  }

  /** The custom scenarios as stored; one this version cannot read (edited by hand) is left out. */
  function customScenarios(): SavedScenario[] {
    const stored = getSetting<unknown>(ctx.db, SCENARIOS_KEY);
    if (!Array.isArray(stored)) return [];
    return stored.flatMap((item) => {
      const parsed = SavedScenario.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  }

  function scenariosView(): ScenariosView {
    return { builtIn: ctx.config.stressScenarios, custom: customScenarios() };
  }

  function checkProfile(name: string | undefined): void {
    if (name !== undefined && !ctx.config.creditPolicies.profiles.some((p) => p.name === name)) {
      throw refuse(`There is no credit policy profile named "${name}".`, { code: 'ValidationError', target: 'profileName' });
    }
  }

  const withDefaultProfile = <T extends { profileName?: string | undefined }>(request: T): T => {
    checkProfile(request.profileName);
    return { ...request, profileName: request.profileName ?? profilesView().defaultProfile };
  };

  return {
    'analysis.sizeLoan': (request) => gateway('sizeLoan', {}, withDefaultProfile(request)),
    'analysis.stressDeal': (request) => gateway('stressDeal', {}, withDefaultProfile(request)),
    'analysis.stressPortfolio': (request) => gateway('stressPortfolio', {}, withDefaultProfile(request)),

    'analysis.profiles': async () => profilesView(),
    'analysis.setDefaultProfile': async ({ name }) => {
      checkProfile(name);
      setSetting(ctx.db, DEFAULT_PROFILE_KEY, name);
      return profilesView();
    },

    'analysis.scenarios': async () => scenariosView(),
    'analysis.saveScenario': async ({ scenario, replaces }) => {
      const name = scenario.name!;
      const builtIn = ctx.config.stressScenarios.find((s) => sameName(s.name, name) || (s.label !== undefined && sameName(s.label, name)));
      if (builtIn) throw refuse(`"${name}" is a built-in scenario: choose another name.`, { code: 'Duplicated', target: 'scenario.name' });
      const custom = customScenarios();
      const replaced = replaces ?? name;
      const taken = custom.find((s) => sameName(s.name!, name) && !sameName(s.name!, replaced));
      if (taken) throw refuse(`A scenario named "${taken.name}" exists already.`, { code: 'Duplicated', target: 'scenario.name' });
      const index = custom.findIndex((s) => sameName(s.name!, replaced));
      if (index < 0 && custom.length >= MAX_SAVED_SCENARIOS) {
        throw refuse(`At most ${MAX_SAVED_SCENARIOS} custom scenarios: delete one first.`, { code: 'ValidationError', target: 'scenario' });
      }
      const next = index < 0 ? [...custom, scenario] : custom.map((s, i) => (i === index ? scenario : s));
      setSetting(ctx.db, SCENARIOS_KEY, next);
      return scenariosView();
    },
    'analysis.deleteScenario': async ({ name }) => {
      const custom = customScenarios();
      const next = custom.filter((s) => !sameName(s.name!, name));
      if (next.length === custom.length) throw refuse(`There is no custom scenario named "${name}".`, { code: 'MissingEntity', target: 'name' });
      setSetting(ctx.db, SCENARIOS_KEY, next);
      return scenariosView();
    },

    'analysis.previewDealEdit': async ({ dealId, updates }) => {
      const preview = entryFunction<PreviewDealEdit>(gatewayEntry, 'previewDealEdit');
      if (!preview) throw refuse('The what-if preview is not available in this version.', { code: 'Unavailable' });
      const properties = Object.fromEntries(updates.map((u) => [u.property, u.value]));
      const result = await preview(ctx, dealId, properties);
      if (!result.success) {
        const error = result.error ?? { target: '', code: 'ValidationError' as const, message: 'The preview failed.', details: [] };
        throw refuse(error.message, { code: error.code, target: error.target, error });
      }
      const deal = result.deal;
      // The sized loan on the previewed terms: the deal's NOI and value, the edited rate and amortization.
      const inputs: NonNullable<SizeLoanRequestDto['inputs']> = {
        interestRate: deal.interestRate,
        amortizationMonths: deal.loanPaymentStructure === 'P_I_Amortization' ? deal.amortizationTerm : 0,
      };
      if (deal.projectTotalCost !== null && deal.projectTotalCost !== undefined && deal.projectTotalCost > 0) inputs.totalCost = deal.projectTotalCost;
      let sizing: ChannelOutput<'analysis.sizeLoan'> | null = null;
      let sizingError: string | null = null;
      try {
        sizing = await gateway('sizeLoan', {}, { dealId, inputs, profileName: profilesView().defaultProfile });
      } catch (error) {
        sizingError = (error as Error).message;
      }
      return { deal, funds: result.funds, sizing, sizingError };
    },

    'analysis.exportStress': async ({ request, format, exportId }) => {
      const write = entryFunction<ExportPortfolioStress>(reportsEntry, 'exportPortfolioStress');
      if (!write) throw refuse('The stress export is not available in this version.', { code: 'Unavailable' });
      const full = withDefaultProfile(request);
      const stamp = ctx.now().toISOString().slice(0, 10);
      const target = await env.exportTarget({ format, suggestedName: `portfolio-stress-${stamp}.${format}` });
      if (!target) return { cancelled: true };
      const progress = (phase: 'preparing' | 'writing' | 'done' | 'failed', done: number, total: number) =>
        env.emit('analysis.exportProgress', { exportId, phase, done, total });
      progress('preparing', 0, 0);
      let last = 0;
      try {
        const result = await write(ctx, full, {
          format,
          file: target.file,
          onProgress: (done, total) => {
            if (done === total || Date.now() - last > 150) {
              last = Date.now();
              progress('writing', done, total);
            }
          },
        });
        const rows = result.rows ?? result.deals ?? 0;
        progress('done', rows, rows);
        return {
          cancelled: false,
          rows,
          file: result.file ?? target.file,
          fileName: target.fileName ?? basename(result.file ?? target.file),
          ...(target.downloadUrl ? { downloadUrl: target.downloadUrl } : {}),
        };
      } catch (error) {
        progress('failed', 0, 0);
        throw refuse(`The stress export could not be written: ${(error as Error).message.split('\n')[0]}`, { code: 'ExportFailed', target: 'file' });
      }
    },
  };
}
