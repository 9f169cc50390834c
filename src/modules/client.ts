import type { ModuleClient } from '../client/modules/ModuleClient';
import { orgsClient } from './orgs/client';
import { consultClient } from './consult/client';
import { conversationsClient } from './conversations/client';
import { lettersClient } from './letters/client';
import { workflowClient } from './workflow/client';
import { assistClient } from './assist/client';
import { spatialClient } from './spatial/client';

/** The browser side of every domain module (see docs/modules.md). */
export const moduleClients: readonly ModuleClient[] = [
  orgsClient,
  consultClient,
  conversationsClient,
  lettersClient,
  workflowClient,
  assistClient,
  spatialClient,
];
