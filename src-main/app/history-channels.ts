import type { ChannelOutput, EditSource } from '../contract';
import { addDealNote, actingAs, getDealHistory, getDealNotes, undoHistoryEntry, type GatewayContext } from '../gateway';
import { setLocalUserName, workstationDb } from '../store';
import type { ChannelHandlers } from './channels';

// The channels of a deal's history, undo and notes (docs/history.md), kept out of channels.ts.

type HistoryChannel = 'deal.history' | 'deal.undo' | 'deal.notes' | 'deal.addNote' | 'history.user' | 'history.setUser';

/** A refusal to show next to the control that asked (the channel table turns it into a failed result). */
export interface HistoryRefusal {
  message: string;
  code: string;
  target: string;
}

export interface HistoryChannelDeps {
  ctx: GatewayContext;
  /** The deals whose data changed (open screens refetch). */
  changed: (dealIds: string[]) => void;
  refuse: (refusal: HistoryRefusal) => Error;
}

/** The context of a local edit: the local user's name, and which screen made it. */
export async function localActor(ctx: GatewayContext, source: EditSource): Promise<GatewayContext> {
  return actingAs(ctx, { who: await ctx.store.localUserName(), source });
}

export function historyChannels({ ctx, changed, refuse }: HistoryChannelDeps): Pick<ChannelHandlers, HistoryChannel> {
  const local = () => localActor(ctx, 'ui');
  return {
    'deal.history': async ({ dealId, field, source }) =>
      getDealHistory(ctx, dealId, { ...(field === undefined ? {} : { field }), ...(source === undefined ? {} : { source }) }),
    'deal.undo': async ({ entryId }) => {
      const result = await undoHistoryEntry(await local(), entryId);
      if (!result.ok) throw refuse({ message: result.message, code: 'UndoRefused', target: result.code });
      changed([result.entry.dealId]);
      return { entry: result.entry } satisfies ChannelOutput<'deal.undo'>;
    },
    'deal.notes': async ({ dealId }) => getDealNotes(ctx, dealId),
    'deal.addNote': async ({ dealId, text }) => {
      const result = await addDealNote(await local(), dealId, text);
      if (!result.ok) throw refuse({ message: result.message, code: result.target === 'text' ? 'InvalidInput' : 'MissingEntity', target: result.target });
      return result.note;
    },
    'history.user': async () => ({ name: await ctx.store.localUserName() }),
    // The local user's name is the workstation's own setting (docs/architecture.md).
    'history.setUser': async ({ name }) => ({ name: setLocalUserName(workstationDb(ctx.store), name) }),
  };
}
