/**
 * The actors a view keeps for as long as its cell is open (the admin screens'), by name: the cell
 * spawns them, so they are part of the session's actor tree (the `?inspect` inspector shows
 * them) and stop when the column closes.
 */
import type { ActorRefFrom, InputFrom } from 'xstate';
import { adminItemsMachine } from '../admin/adminItemsMachine';
import { cardMachine } from '../dashboard/cardMachine';
import { menuSettingsMachine } from '../admin/menuSettingsMachine';
import { ownerMachine } from '../admin/ownerMachine';
import { siteTextsMachine } from '../admin/siteTextsMachine';
import { resourceMachine } from '../session/resourceMachine';
import { wizardMachine } from '../wizard/wizardMachine';

/** Name to logic; a cell's `setup({ actors })` takes these as they are. */
export const VIEW_ACTORS = {
  adminItems: adminItemsMachine,
  /** A "load, show, save, refuse" screen of one operation's answer. */
  resource: resourceMachine,
  owner: ownerMachine,
  menuSettings: menuSettingsMachine,
  siteTexts: siteTextsMachine,
  /** A step wizard over the column's item form. */
  wizard: wizardMachine,
  /** A card of the home screen's dashboard: its search, followed live. */
  dashboardCard: cardMachine,
} as const;

export type ViewActorName = keyof typeof VIEW_ACTORS;
export type ViewActorRef<N extends ViewActorName> = ActorRefFrom<(typeof VIEW_ACTORS)[N]>;
export type ViewActorInput<N extends ViewActorName> = InputFrom<(typeof VIEW_ACTORS)[N]>;

/** A view's request for one of its actors: `id` tells apart several of one view (e.g. values and organisations). */
export type ViewActorRequest = { [N in ViewActorName]: { id: string; name: N; input: ViewActorInput<N> } }[ViewActorName];
