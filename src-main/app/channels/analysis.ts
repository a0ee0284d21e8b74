import {
  type ANALYSIS_CHANNELS,
  type ChannelOutput,
  type CreditProfilesView,
  MAX_SAVED_SCENARIOS,
  SavedScenario,
  type ScenariosView,
  type SizeLoanRequestDto,
} from '../../contract';
import { listCreditPolicies, previewDealEdit, setDefaultCreditPolicy, stressPortfolio, type PortfolioStressMemo } from '../../gateway';
import { exportPortfolioStress, StressRequestError } from '../../reports';
import { fileDate, throttled } from '../file-export';
import { envelopeBody, type ChannelKit, type HandlersOf } from './kit';

/*
 * The analysis channels (issue 14): loan sizing, the stress of one deal and of the book, the
 * what-if preview of loan-term edits, the credit profiles and the custom stress scenarios kept
 * per data directory, and the portfolio stress export. Everything but the custom scenarios and
 * the default profile only reads: the gateway computes, nothing is written to the deals.
 *
 * The channel table (channels/index.ts) spreads these handlers into its own; the kit's gateway
 * call and refusals make a refusal here read exactly like one there.
 */

/** The custom scenarios of the data directory (an array of SavedScenario). */
export const SCENARIOS_KEY = 'analysis.scenarios';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function analysisChannels({ ctx, gateway, refuse, refusal, emit, work, exportWithProgress }: ChannelKit): HandlersOf<typeof ANALYSIS_CHANNELS> {
  const profilesView = (): Promise<CreditProfilesView> => listCreditPolicies(ctx);
  // The last stress run the screen followed: another page of it reads only that page's deals.
  const stressMemo: PortfolioStressMemo = {};

  /** The custom scenarios as stored; one this version cannot read (edited by hand) is left out. */
  async function customScenarios(store = ctx.store): Promise<SavedScenario[]> {
    const stored = await store.getSetting<unknown>(SCENARIOS_KEY);
    if (!Array.isArray(stored)) return [];
    return stored.flatMap((item) => {
      const parsed = SavedScenario.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  }

  async function scenariosView(): Promise<ScenariosView> {
    return { builtIn: ctx.config.stressScenarios, custom: await customScenarios() };
  }

  return {
    'analysis.sizeLoan': (request) => gateway('sizeLoan', {}, request),
    'analysis.stressDeal': (request) => gateway('stressDeal', {}, request),
    'analysis.stressPortfolio': async ({ runId, ...request }) => {
      if (runId === undefined) return gateway('stressPortfolio', {}, request);
      // A run the screen follows: progress events by its runId, and work.cancel stops it between batches.
      const onProgress = throttled((done, total) => emit('analysis.stressProgress', { runId, done, total }));
      try {
        return await work.run(runId, async (signal) => {
          const response = await stressPortfolio(ctx, request, { signal, onProgress, memo: stressMemo });
          if (!response.success) throw refusal(response.error, 'The stress could not run.');
          return envelopeBody(response);
        });
      } catch (error) {
        if ((error as Error)?.name === 'AbortError') throw refuse('The stress was cancelled.', { code: 'Cancelled' });
        throw error;
      }
    },

    'analysis.profiles': async () => profilesView(),
    'analysis.setDefaultProfile': async ({ name }) => {
      const result = await setDefaultCreditPolicy(ctx, name);
      if (!result.success) throw refusal(result.error, 'The default profile was not changed.');
      return profilesView();
    },

    'analysis.scenarios': async () => scenariosView(),
    'analysis.saveScenario': async ({ scenario, replaces }) => {
      const name = scenario.name!;
      const builtIn = ctx.config.stressScenarios.find((s) => sameName(s.name, name) || (s.label !== undefined && sameName(s.label, name)));
      if (builtIn) throw refuse(`"${name}" is a built-in scenario: choose another name.`, { code: 'Duplicated', target: 'scenario.name' });
      // Read, changed and written back in one unit: two saves at once cannot lose one.
      await ctx.store.transaction(async (tx) => {
        const custom = await customScenarios(tx);
        const replaced = replaces ?? name;
        const taken = custom.find((s) => sameName(s.name!, name) && !sameName(s.name!, replaced));
        if (taken) throw refuse(`A scenario named "${taken.name}" exists already.`, { code: 'Duplicated', target: 'scenario.name' });
        const index = custom.findIndex((s) => sameName(s.name!, replaced));
        if (index < 0 && custom.length >= MAX_SAVED_SCENARIOS) {
          throw refuse(`At most ${MAX_SAVED_SCENARIOS} custom scenarios: delete one first.`, { code: 'ValidationError', target: 'scenario' });
        }
        const next = index < 0 ? [...custom, scenario] : custom.map((s, i) => (i === index ? scenario : s));
        await tx.setSetting(SCENARIOS_KEY, next);
      });
      return scenariosView();
    },
    'analysis.deleteScenario': async ({ name }) => {
      await ctx.store.transaction(async (tx) => {
        const custom = await customScenarios(tx);
        const next = custom.filter((s) => !sameName(s.name!, name));
        if (next.length === custom.length) throw refuse(`There is no custom scenario named "${name}".`, { code: 'MissingEntity', target: 'name' });
        await tx.setSetting(SCENARIOS_KEY, next);
      });
      return scenariosView();
    },

    'analysis.previewDealEdit': async ({ dealId, updates }) => {
      const properties = Object.fromEntries(updates.map((u) => [u.property, u.value]));
      const result = await previewDealEdit(ctx, dealId, properties);
      if (!result.success) throw refusal(result.error, 'The preview failed.');
      const deal = envelopeBody(result.deal);
      // A deal without a funds analysis has none to preview either.
      const funds = result.funds.success ? envelopeBody(result.funds) : null;
      // The sized loan on the previewed terms: the deal's NOI and value, the edited rate and amortization.
      const inputs: NonNullable<SizeLoanRequestDto['inputs']> = {
        interestRate: deal.interestRate,
        amortizationMonths: deal.loanPaymentStructure === 'P_I_Amortization' ? deal.amortizationTerm : 0,
      };
      if (deal.projectTotalCost !== null && deal.projectTotalCost !== undefined && deal.projectTotalCost > 0) inputs.totalCost = deal.projectTotalCost;
      let sizing: ChannelOutput<'analysis.sizeLoan'> | null = null;
      let sizingError: string | null = null;
      try {
        sizing = await gateway('sizeLoan', {}, { dealId, inputs, profileName: (await profilesView()).defaultProfile });
      } catch (error) {
        sizingError = (error as Error).message;
      }
      return { deal, funds, sizing, sizingError };
    },

    'analysis.exportStress': async ({ request, format, exportId }) => {
      // An unknown profile is refused before the host asks where to save.
      if (request.profileName !== undefined && !(await profilesView()).profiles.some((p) => p.name === request.profileName)) {
        throw refuse(`Unknown credit policy profile ${JSON.stringify(request.profileName)}.`, { code: 'ValidationError', target: 'profileName' });
      }
      return exportWithProgress({
        exportId,
        event: 'analysis.exportProgress',
        format,
        suggestedName: `portfolio-stress-${fileDate(ctx.now())}.${format}`,
        write: async (file, signal, onProgress) => {
          const written = await exportPortfolioStress(ctx, request, { format, file, signal, onProgress });
          return { result: { rows: written.deals }, rows: written.deals };
        },
        failed: (reason, error) => {
          // A request the stress refuses (an unknown profile, a bad filter) names its field.
          if (error instanceof StressRequestError) return refusal(error.error, 'The stress could not run.');
          return refuse(`The stress export could not be written: ${reason}`, { code: 'ExportFailed', target: 'file' });
        },
      });
    },
  };
}
