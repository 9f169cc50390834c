/**
 * The overlap report's operation (both sides): `act/spatialOverlap` checks an area drawn on the spot,
 * or the shapes of an item (its own, or those of the items it names: a response's consultation),
 * against the active places of the kinds asked, within a buffer.
 */
import * as yup from 'yup';
import { geometryError } from '../../shared/geo/geometry';
import { defineOperation } from '../../shared/protocol/defineOperation';
import { closedObject, itemIdString } from '../../shared/protocol/requestSchemas';
import { OVERLAP_MAX_BUFFER_M, type OverlapReport } from './overlapReport';

/** Most kinds of place one report may name. */
const MAX_KINDS = 50;

export const overlapOperations = {
  spatialOverlap: defineOperation<OverlapReport>()({
    pattern: 'act/spatialOverlap',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        /** A shape drawn for the question (GeoJSON, checked as the GEO kind checks it). */
        area: yup.mixed().test(
          'geometry',
          ({ value }) => geometryError(value) ?? 'errors.invalidValue',
          (v) => v === undefined || geometryError(v) === null,
        ),
        /** Or the item whose shapes are the area. */
        itemId: itemIdString(),
        spatialTypes: yup.array(yup.string().max(100, 'errors.maxLength').required('errors.required')).max(MAX_KINDS, 'errors.array.max'),
        /** Metres around the area, 0 to OVERLAP_MAX_BUFFER_M. */
        bufferM: yup
          .number()
          .typeError('errors.invalidValue')
          .min(0, 'errors.invalidValue')
          .max(OVERLAP_MAX_BUFFER_M, 'errors.invalidValue'),
      }),
  }),
};
