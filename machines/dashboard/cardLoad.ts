/** One load of a dashboard card: its search, then the items it found (their dates and fields), through the request helper. */
import { fromPromise } from 'xstate';
import type { Item } from '../../src/shared/items/types';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import type { SearchQuery } from '../../src/shared/search/SearchQuery';
import { callOperation } from '../session/operation';
import { getConnection, type SystemLike } from '../systemIds';

/** What a card shows: the hits in the search's order, their labels and items, and how many there are in all. */
export interface CardHits {
  ids: string[];
  labels: Record<string, string>;
  total: number;
  /** The hits read, by id (an item deleted between the search and the read is missing). */
  items: Record<string, Item>;
}

/** Searches `query` and reads its hits; its output is the card's CardHits, its error the RequestFailure. */
export const cardLoad = fromPromise<CardHits, SearchQuery>(async ({ input, system }) => {
  const connection = getConnection(system as SystemLike);
  const reply = await callOperation(connection, callOf(operations.search, input));
  const items = reply.ids.length ? await callOperation(connection, callOf(operations.readMany, reply.ids)) : {};
  return { ids: reply.ids, labels: reply.labels, total: reply.total, items };
});
