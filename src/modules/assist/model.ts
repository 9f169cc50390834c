/**
 * The live-assist module (issue 18): a support agent helps a user inside their own tab, with their
 * consent. It has no item types or views of its own yet; it brings the support agents' capability's
 * label. Its socket is `/ws-assist/socket` (server.ts).
 */
import type { ModuleModel } from '../../shared/modules/ModuleModel';
import { assistOperations } from './operations';

/** The capability of support agents: only its holders' sockets may join a user's help request. */
export const SUPPORT_AGENT = 'SupportAgent';

export const assistModule: ModuleModel = {
  name: 'assist',
  itemTypes: [],
  lists: [],
  menu: [],
  operations: assistOperations,
  labels: { [`capabilities.${SUPPORT_AGENT}`]: 'Support agent' },
};
