import { itemTypes } from '../../shared/itemTypes';
import { operations } from '../../shared/protocol/operations';
import type { Database } from '../db/Database';
import { SearchService } from '../search/SearchService';
import { bindOperation } from './bindOperation';
import type { OpContext, OpRoute } from './OpContext';

/** One search service per database (services are built by the app; search needs nothing else). */
const services = new WeakMap<Database, SearchService>();

function searchService(ctx: OpContext): SearchService {
  const { db, items, config } = ctx.services;
  let service = services.get(db);
  if (!service) {
    service = new SearchService(
      db,
      itemTypes,
      (caller, ids) => items.labels(caller, ids),
      config.logging ? (m) => console.warn(m) : undefined,
    );
    services.set(db, service);
  }
  return service;
}

/** Search operations of spec 000 §7: `search/ids` answers `{ids, labels, total, facets}`. */
export const searchOps: OpRoute[] = [
  bindOperation(operations.search, async (ctx, _params, query) => searchService(ctx).search(ctx.caller, query)),
];
