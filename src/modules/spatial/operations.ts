/** The spatial module's operations: the map features of collections, files, places and any item with a geometry, streamed. */
import * as yup from 'yup';
import { defineOperation } from '../../shared/protocol/defineOperation';
import { closedObject, idList } from '../../shared/protocol/requestSchemas';
import { MAX_RELATED_IDS, type MapFeature } from './mapFeatures';

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
};
