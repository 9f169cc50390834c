/** The spatial module's screens and their messages: one chunk. */
import type { ModuleScreens } from '../../../client/modules/ModuleClient';
import { layerTypes } from '../layerTypes';
import { shapeTypes } from '../shapeTypes';
import { CollectionActions } from './CollectionActions';
import { spatialMessages } from './messages';
import { OverlapPanel } from './OverlapPanel';
import { LayersMapPanel, PlacesMapPanel, SpatialMapView } from './SpatialMaps';
import { GisFilesView, SpatialCollectionsView, SpatialFeaturesView } from './SpatialResultsViews';

export const spatialScreens: ModuleScreens = {
  views: {
    'v-data': GisFilesView,
    'v-spatial': SpatialCollectionsView,
    'v-spatial.map': SpatialMapView,
    'v-spatial.features': SpatialFeaturesView,
    'v-spatial.collections': SpatialCollectionsView,
  },
  panels: {
    SpatialCollection: [CollectionActions, PlacesMapPanel],
    GISCollection: [PlacesMapPanel],
    // Every type asking for a map of the shapes around its items (mapLayers), and every type with a
    // shape of its own (its area checked against the protected places); a type may be both.
    ...Object.fromEntries(
      [...new Set([...layerTypes(), ...shapeTypes()])].map((type) => [
        type,
        [...(layerTypes().includes(type) ? [LayersMapPanel] : []), ...(shapeTypes().includes(type) ? [OverlapPanel] : [])],
      ]),
    ),
  },
  messages: spatialMessages,
};
