import type { ModuleServer } from '../server/modules/ModuleServer';
import { orgsServer } from './orgs/server';
import { consultServer } from './consult/server';
import { conversationsServer } from './conversations/server';
import { lettersServer } from './letters/server';
import { workflowServer } from './workflow/server';
import { assistServer } from './assist/server';
import { spatialServer } from './spatial/server';

/** The server side of every domain module. */
export const moduleServers: readonly ModuleServer[] = [
  orgsServer,
  consultServer,
  conversationsServer,
  lettersServer,
  workflowServer,
  assistServer,
  spatialServer,
];
