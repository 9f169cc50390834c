/** The spatial module's operations: the map features of collections, files, places and any item with a geometry, streamed. */
import * as yup from 'yup';
import { defineOperation } from '../../shared/protocol/defineOperation';
import { closedObject, idList, typedIdString } from '../../shared/protocol/requestSchemas';
import { MAX_RELATED_IDS, type MapFeature } from './mapFeatures';

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
   * places only with `includeExcluded`. Only what the caller may read; best asked streamed, when it
   * comes FEATURES_PER_PIECE features a piece.
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
