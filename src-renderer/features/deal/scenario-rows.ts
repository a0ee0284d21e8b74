import type { ChannelOutput, Scenario, StressScenarioDefinition } from '../../../src-main/contract';

/** The deal under one scenario: analysis.stressDeal's answer. */
export type StressResult = ChannelOutput<'analysis.stressDeal'>;

/** A scenario row: a built-in (with its source) or a custom one. */
export interface ScenarioRow {
  key: string;
  title: string;
  scenario: Scenario;
  builtIn: StressScenarioDefinition | null;
}
