/** The spatial module's operations: the map features of collections, files, places and any item with a geometry, streamed. */
import * as yup from 'yup';
import { defineOperation } from '../../shared/protocol/defineOperation';
import { closedObject, idList, typedIdString } from '../../shared/protocol/requestSchemas';
import { MAX_PROXY_TYPES, MAX_RELATED_IDS, type MapFeature } from './mapFeatures';

/** What the caller may do with a collection's places as a whole: export them, import a GIS file into it. */
export interface CollectionActions {
  export: boolean;
  import: boolean;
}

export const spatialOperations = {
  /**
   * Spec 001 §7 streamFeatures: the map features of `relatedIDs` (a SpatialCollection: its places; a
   * GISCollection: the places read from it; a SpatialFeature: itself; any other item with a
   * geometry: its shapes, drawn for it), or with `all` every place the caller may read. ARCHIVED
   * places only with `includeExcluded`. With `proxyIDs` (the map requests of spec 001 §7), also each
   * proxy's own features and those of the items whose relations name it, only of `onlyProxyTypes`
   * when given (a response's map: its consultation's project features, its community's territory).
   * Only what the caller may read; best asked streamed, when it comes FEATURES_PER_PIECE features a piece.
   */
  streamFeatures: defineOperation<MapFeature[]>()({
    pattern: 'act/streamFeatures',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        relatedIDs: idList(MAX_RELATED_IDS).required('errors.required'),
        includeExcluded: yup.boolean(),
        all: yup.boolean(),
        proxyIDs: idList(MAX_RELATED_IDS),
        onlyProxyTypes: yup
          .array(
            // The shape of a type's name here; whether such a type is registered, in the handler.
            yup
              .string()
              .required('errors.required')
              .matches(/^[A-Z][A-Za-z0-9]{0,60}$/, 'errors.unknownType'),
          )
          .max(MAX_PROXY_TYPES, 'errors.array.max'),
      }),
  }),
  /**
   * What a collection's screen offers: `export` to its readers (act/spatialExport/async), `import` to
   * those who may create a place in it (and an Import). Both false for a collection the caller may not read.
   */
  spatialCollectionActions: defineOperation<CollectionActions>()({
    pattern: 'act/spatialCollectionActions',
    params: {},
    signedIn: true,
    body: () => closedObject({ collectionId: typedIdString('SpatialCollection').required('errors.required') }),
  }),
};
