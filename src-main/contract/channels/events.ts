import type { SyncStatusView } from './sync';

// What the main process sends the UI unasked: progress, changes, menu commands.

export type AppEvents = {
  /** Background computation of the pipeline's figures. */
  'pipeline.progress': { done: number; total: number };
  /** The store changed through a channel (a bulk update, a create, an import): refetch. */
  'data.changed': { dealIds: string[] | null };
  /** Progress of report.export, by the exportId the call carried. */
  'report.exportProgress': { exportId: string; phase: 'preparing' | 'writing' | 'done' | 'failed' | 'cancelled'; done: number; total: number };
  /** Progress of deal.exportMemo and deal.exportCreditFile, by the exportId the call carried. */
  'deal.exportProgress': { exportId: string; phase: 'reading' | 'rendering' | 'packing' | 'done' | 'failed' };
  /** Progress of analysis.exportStress, by the exportId the call carried (deals done of total). */
  'analysis.exportProgress': { exportId: string; phase: 'preparing' | 'writing' | 'done' | 'failed' | 'cancelled'; done: number; total: number };
  /** Progress of analysis.stressPortfolio called with a runId: deals stressed of the deals selected. */
  'analysis.stressProgress': { runId: string; done: number; total: number };
  /** Filling a new data directory with the demo portfolio. */
  'app.seedProgress': { done: number; total: number };
  /** A native menu item (Electron): go to a screen or run a command. */
  'menu.command': { command: MenuCommand };
  /** Sync with the central platform: connection, progress of a running sync, its outcome. */
  'sync.status': SyncStatusView;
};
export type AppEventName = keyof AppEvents;

export const MENU_COMMANDS = ['go.pipeline', 'go.report', 'go.import', 'go.sync', 'go.stress', 'go.settings', 'deal.new', 'pipeline.search', 'theme.toggle', 'report.export'] as const;
export type MenuCommand = (typeof MENU_COMMANDS)[number];
