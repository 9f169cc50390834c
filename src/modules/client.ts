import type { ModuleClient } from '../client/modules/ModuleClient';
import { orgsClient } from './orgs/client';

/** The browser side of every domain module (see docs/modules.md). */
export const moduleClients: readonly ModuleClient[] = [orgsClient];
