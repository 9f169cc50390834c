import { moduleServers } from '../../modules/server';
import { lovRightsOp } from '../lov/lovRightsOp';
import { adminOps } from './adminOps';
import { fieldOps } from './fieldOps';
import { itemOps, timelineOp } from './itemOps';
import { menuOps } from './menuOps';
import type { OpRoute } from './OpContext';
import { notificationOps } from './notificationOps';
import { ownerOps } from './ownerOps';
import { permissionOps } from './permissionOps';
import { platformOps } from './platformOps';
import { searchOps } from './searchOps';
import { sessionAdminOps } from './sessionAdminOps';
import { sessionOps } from './sessionOps';
import { taskOps } from './taskOps';
import { watchOps } from './watchOps';

/** Every operation the socket and POST /api/item answer, in match order. */
export const operationTable: readonly OpRoute[] = [
  ...sessionOps,
  ...itemOps,
  timelineOp,
  ...watchOps,
  ...permissionOps,
  ...notificationOps,
  ...platformOps,
  ...sessionAdminOps,
  ...taskOps,
  ...searchOps,
  ...fieldOps,
  lovRightsOp,
  ...adminOps,
  ...ownerOps,
  ...menuOps,
  ...moduleServers.flatMap((m) => m.ops),
];
