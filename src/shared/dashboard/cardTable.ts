/**
 * Every module's dashboard cards by key (spec 001 §5: "A dashboard key defined twice errors"), checked
 * against the item types, and the cards one user sees.
 */
import { buildMenu } from '../modules/buildMenu';
import type { NavUser } from '../modules/ModuleModel';
import type { ItemTypeDef } from '../items/types';
import { CARD_KINDS, CARD_SIZES, type CardDef, type RegisteredCard } from './CardDef';

/** Who declares cards: a module, by name, with the capability that switches it on. */
export interface CardSource {
  name: string;
  capability?: string;
  cards?: readonly CardDef[];
}

/** The most items a list card shows. */
export const CARD_MAX_ITEMS = 50;

/** Throws, naming the card and its module, for a declaration the core cannot draw or search. */
function checkCard(card: CardDef, owner: string, typeOf: (name: string) => ItemTypeDef | undefined): void {
  const where = `Dashboard card ${card.key} of module ${owner}`;
  if (!card.title) throw new Error(`${where} has no title key`);
  if (!(CARD_SIZES as readonly string[]).includes(card.size))
    throw new Error(`${where}: size ${card.size} is not one of ${CARD_SIZES.join(', ')}`);
  if (!(CARD_KINDS as readonly string[]).includes(card.kind))
    throw new Error(`${where}: kind ${card.kind} is not one of ${CARD_KINDS.join(', ')}`);
  const type = typeOf(card.type);
  if (!type) throw new Error(`${where} searches ${card.type}, which no module registers`);
  if (card.max !== undefined && !(Number.isInteger(card.max) && card.max >= 1 && card.max <= CARD_MAX_ITEMS))
    throw new Error(`${where}: max must be a whole number from 1 to ${CARD_MAX_ITEMS}`);
  if (card.kind === 'calendar') {
    const prop = card.dateProperty ? type.properties[card.dateProperty] : undefined;
    if (!prop || prop.kind !== 'DT')
      throw new Error(`${where} is a calendar: its dateProperty must name a date (DT) property of ${card.type}`);
  }
  for (const c of [card, ...(card.anyOf ?? [])]) {
    if (c.pastDue !== undefined && type.properties[c.pastDue]?.kind !== 'DT')
      throw new Error(`${where}: its pastDue must name a date (DT) property of ${card.type}`);
  }
  if (card.mine !== undefined) {
    const prop = type.properties[card.mine];
    if (prop?.kind !== 'REL' || !prop.relTypes?.includes('Contact'))
      throw new Error(`${where}: its mine must name a relation of ${card.type} to Contact`);
  }
}

/**
 * Every card by key. A key declared twice (by two modules, or twice by one) throws naming both
 * modules, as does a card of an unknown type, size or kind, or a calendar without a date property.
 */
export function cardTable(
  sources: readonly CardSource[],
  typeOf: (name: string) => ItemTypeDef | undefined,
): ReadonlyMap<string, RegisteredCard> {
  const table = new Map<string, RegisteredCard>();
  for (const source of sources) {
    for (const def of source.cards ?? []) {
      if (!def.key?.trim()) throw new Error(`Module ${source.name} declares a dashboard card without a key`);
      const known = table.get(def.key);
      if (known) throw new Error(`Dashboard card ${def.key} is defined twice: by module ${known.owner} and by module ${source.name}`);
      checkCard(def, source.name, typeOf);
      table.set(def.key, { def, owner: source.name });
    }
  }
  return table;
}

/**
 * The cards `user` sees, in the order the modules declare them: the rule of a menu entry (administrators,
 * holders of its capability, its own show rule; a module switched off by its capability takes its cards).
 */
export function cardsFor(sources: readonly CardSource[], user: NavUser): CardDef[] {
  return sources.flatMap((source) =>
    (source.cards ?? []).filter((card) => {
      const entry = { path: 'card', title: card.title, capability: card.capability, adminOnly: card.adminOnly, show: card.show };
      return buildMenu([{ capability: source.capability, menu: [entry] }], user, true).main.length > 0;
    }),
  );
}
