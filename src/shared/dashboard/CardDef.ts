/**
 * A card of the home screen's dashboard (issue 13, spec 001 §2 "Dashboard default cards"), declared
 * by a module in its model: what it searches, how it is drawn, how wide it is and who sees it.
 */
import type { ItemData } from '../items/types';
import type { SortSpec } from '../search/SearchQuery';

/** Card widths of spec 001 §5: two thirds or a third of the dashboard's row. */
export const CARD_SIZES = ['TWO_THIRDS', 'THIRD'] as const;
export type CardSize = (typeof CARD_SIZES)[number];

/** How the core draws a card: a list of its items, or a month calendar with the items on their dates. */
export const CARD_KINDS = ['list', 'calendar'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** Conditions of a card's search: all of `must`, none of `mustNot`, and a date before today. */
export interface CardConditions {
  /** Keyed as the search query's (`fb-private`, `t-state`...). */
  must?: Readonly<Record<string, unknown>>;
  mustNot?: Readonly<Record<string, unknown>>;
  /** A date property (kind DT): only items it dates before today, the day the card loads (an overdue card). */
  pastDue?: string;
}

/**
 * The line under a list card's item: a message key of the module's labels and its values. A value
 * in `dates` is a day or an instant (ISO), shown as DD-MMM-YYYY [HH:mm]; those in `values` as they are.
 */
export interface CardLine {
  t: string;
  values?: Readonly<Record<string, string>>;
  dates?: Readonly<Record<string, string>>;
}

/** One dashboard card; its key is unique among every module's cards. */
export interface CardDef extends CardConditions {
  key: string;
  /** Message key of its title, among the module's labels. */
  title: string;
  size: CardSize;
  kind: CardKind;
  /** The item type it searches and watches. */
  type: string;
  /** Beside its own conditions: items matching at least one of these. */
  anyOf?: readonly CardConditions[];
  /**
   * A relation property to Contact: only the items it names the reader's own person record in
   * (the server fills in who reads, see READER_CONTACT); a reader without one sees none.
   */
  mine?: string;
  /** List cards: the order (default newest first) and how many items (default 5, at most 50). */
  sort?: SortSpec[];
  max?: number;
  /** Calendar cards: the date property (kind DT) that places an item on a day. */
  dateProperty?: string;
  /** List cards: the line under each item (default: its type's list subtitle); null for none. */
  line?: (item: ItemData) => CardLine | null;
  /** Message key said when the card has no item (default `dashboard.empty`). */
  empty?: string;
  /** Shown to holders of this capability (and administrators). */
  capability?: string;
  adminOnly?: boolean;
  /** The card's own show rule: shown when it allows, even without the capability. */
  show?: (user: CardUser) => boolean;
}

/**
 * What a card's show rule may look at: the signed-in user's rights, the shape of a menu entry's
 * NavUser (ModuleModel.ts), spelt out here because the model imports this file.
 */
export interface CardUser {
  admin: boolean;
  capabilities: Record<string, boolean>;
  organizations: Record<string, Record<string, boolean>>;
  siteOwner?: string | null;
  dedicated?: boolean;
}

/** A registered card and the module that declared it. */
export interface RegisteredCard {
  def: CardDef;
  owner: string;
}
