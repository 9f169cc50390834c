/** Every registered module's dashboard cards (src/modules/index.ts), checked against the registered item types. */
import { modules } from '../../modules';
import { itemTypes } from '../itemTypes';
import { lazy } from '../lazy';
import type { RegisteredCard } from './CardDef';
import { cardTable } from './cardTable';

/** The card table, built now: the server calls it at start, so a key defined twice stops it. */
export const buildDashboardCards = (): ReadonlyMap<string, RegisteredCard> => cardTable(modules, (name) => itemTypes.get(name));

/** The card table, built the first time the home screen draws. */
export const dashboardCards: () => ReadonlyMap<string, RegisteredCard> = lazy(buildDashboardCards);
