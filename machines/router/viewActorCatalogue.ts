/**
 * The statecharts the views ask their cells to hold (`useCellViewActor`), by the name the actor tree
 * gives them. The app never imports this list: each view imports its own machine, so the machine ships
 * in the view's chunk. `npm run actor-tree` draws them under the cell, and test/machines/actorTree.test.ts
 * fails when a view asks for a machine missing here.
 */
import { adminItemsMachine } from '../admin/adminItemsMachine';
import { menuSettingsMachine } from '../admin/menuSettingsMachine';
import { ownerMachine } from '../admin/ownerMachine';
import { siteTextsMachine } from '../admin/siteTextsMachine';
import { cardMachine } from '../dashboard/cardMachine';
import { relatedMachine } from '../item/relatedMachine';
import { resourceMachine } from '../session/resourceMachine';
import { wizardMachine } from '../wizard/wizardMachine';

export const VIEW_ACTOR_CATALOGUE = {
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
  /** One related-items list of an item's read screen: the items pointing at it through one relation, followed live. */
  relatedItems: relatedMachine,
} as const;
