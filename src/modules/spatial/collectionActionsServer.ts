/**
 * `act/spatialCollectionActions`: what a collection's screen may offer its reader, answered by the
 * policy that decides the actions themselves (the export task reads the collection; the GIS import
 * creates an Import and then each place with the importer's rights).
 */
import { bindOperation } from '../../server/ops/bindOperation';
import { signedInCaller } from '../../server/ops/signedInCaller';
import { canCreate, canRead } from '../../server/policy/policy';
import { spatialOperations, type CollectionActions } from './operations';
import { ARCHIVED } from './spatialRules';

const NOTHING: CollectionActions = { export: false, import: false };

/** The operation's handler (the module's server part lists it). */
export const collectionActionsOp = bindOperation(spatialOperations.spatialCollectionActions, async (ctx, _p, { collectionId }) => {
  const caller = signedInCaller(ctx);
  const { items } = ctx.services;
  const collection = await items.find(collectionId);
  // A collection missing or unreadable answers as one the caller may do nothing with (as act/isAllowed does).
  if (!collection || collection.deletedAt || !canRead(caller, collection)) return NOTHING;
  return {
    export: true,
    // An archived collection takes no new places (the import would refuse them): made active again first.
    import:
      collection.data.state !== ARCHIVED &&
      canCreate(caller, items.typeOf('Import')) &&
      canCreate(caller, items.typeOf('SpatialFeature'), collection.ownerOrg),
  };
});
