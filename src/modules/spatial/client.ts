/** The spatial module's browser part: its lists, the collection and map screens, loaded as a chunk of their own. */
import type { ModuleClient } from '../../client/modules/ModuleClient';
import { layerTypes } from './layerTypes';
import { shapeTypes } from './shapeTypes';

export const spatialClient: ModuleClient = {
  name: 'spatial',
  panelTypes: ['SpatialCollection', 'GISCollection', ...new Set([...shapeTypes(), ...layerTypes()])],
  screens: () => import('./ui').then((m) => m.spatialScreens),
};
