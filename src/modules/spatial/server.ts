/**
 * The spatial module's server part (issue 17): the state chart moves collections and features (the
 * core runs it, machines/spatial/spatialStates.ts), and the rules of its types.
 */
import type { ModuleServer } from '../../server/modules/ModuleServer';

export const spatialServer: ModuleServer = {
  name: 'spatial',
  ops: [],
};
