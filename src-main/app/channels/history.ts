import type { AppChannelName, ChannelOutput, EditSource, HISTORY_CHANNELS } from '../../contract';
import { addDealNote, actingAs, getDealHistory, getDealNotes, undoHistoryEntry, type GatewayContext } from '../../gateway';
import { setLocalUserName, USER_NAME_KEY, workstationDb, type StorePort } from '../../store';
import type { ChannelKit, HandlersOf } from './kit';

// The channels of a deal's history, undo and notes (docs/history.md), and the name they are signed with.

/** A refusal to show next to the control that asked (the channel table turns it into a failed result). */
export interface HistoryRefusal {
  message: string;
  code: string;
  target: string;
}

/**
 * The channels whose changes the deal history (or a note) signs with the local user's name:
 * edits, new deals, imports, undos, notes and conflict decisions.
 */
export const SIGNED_CHANNELS: ReadonlySet<AppChannelName> = new Set<AppChannelName>([
  'deals.bulkUpdate',
  'deals.createResidential',
  'deals.createCommercial',
  'deals.createHotel',
  'import.send',
  'deal.undo',
  'deal.addNote',
  'sync.keepMine',
  'sync.takeTheirs',
]);

/** Whether the user gave the data directory a name to sign with (else the OS user name stands in). */
export async function userNameGiven(store: StorePort): Promise<boolean> {
  const stored = await store.getSetting<unknown>(USER_NAME_KEY);
  return typeof stored === 'string' && stored.trim() !== '';
}

/**
 * Web mode never signs with the OS user name: the browser's user is not the user the server
 * runs as (often a service account, or root in a container). Until a name is given, a change
 * that would be signed is refused with this, and the page asks for the name (app.info).
 */
export const USER_NAME_REQUIRED: HistoryRefusal = {
  message: 'Give your name first: the deal history signs every change with it (Settings, Your name in the deal history).',
  code: 'UserNameRequired',
  target: 'name',
};

/** The context of a local edit: the local user's name, and which screen made it. */
export async function localActor(ctx: GatewayContext, source: EditSource): Promise<GatewayContext> {
  return actingAs(ctx, { who: await ctx.store.localUserName(), source });
}

export function historyChannels({ env, ctx, changed, refuse: refuseWith }: ChannelKit): HandlersOf<typeof HISTORY_CHANNELS> {
  const refuse = ({ message, code, target }: HistoryRefusal) => refuseWith(message, { code, target });
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
    'history.setUser': async ({ name }) => {
      if (env.mode === 'web' && name.trim() === '') throw refuse(USER_NAME_REQUIRED);
      return { name: setLocalUserName(workstationDb(ctx.store), name) };
    },
  };
}
