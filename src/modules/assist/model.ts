/**
 * The live-assist module (issue 18): a support agent helps a user inside their own tab, with their
 * consent. It brings the support agents' capability, their console (`v-assist`, in the menu for
 * holders of the capability only) and the labels of both. Its socket is `/ws-assist/socket` (server.ts).
 */
import type { ModuleModel } from '../../shared/modules/ModuleModel';
import { assistOperations } from './operations';

/** The capability of support agents: only its holders' sockets may join a user's help request. */
export const SUPPORT_AGENT = 'SupportAgent';
/** The agents' console view. */
export const ASSIST_CONSOLE_VIEW = 'v-assist';

export const assistModule: ModuleModel = {
  name: 'assist',
  itemTypes: [],
  lists: [],
  // Not shown to administrators as such: watching users' tabs is a role given on purpose (docs/decisions.md).
  menu: [
    {
      path: 'assist',
      title: `views.${ASSIST_CONSOLE_VIEW}`,
      icon: 'support_agent',
      show: (user) => user.capabilities[SUPPORT_AGENT] === true,
    },
  ],
  views: { [ASSIST_CONSOLE_VIEW]: { width: 'FULL' } },
  operations: assistOperations,
  labels: { [`capabilities.${SUPPORT_AGENT}`]: 'Support agent', [`views.${ASSIST_CONSOLE_VIEW}`]: 'Live help console' },
  icons: {
    // "support_agent": a head with a headset.
    support_agent:
      'M21 12.22C21 6.73 16.74 3 12 3c-4.69 0-9 3.65-9 9.28-.6.34-1 .98-1 1.72v2c0 1.1.9 2 2 2h1v-6.1c0-3.87 3.13-7 7-7s7 3.13 7 7V19h-8v2h8c1.1 0 2-.9 2-2v-1.22c.59-.31 1-.92 1-1.64v-2.3c0-.7-.41-1.31-1-1.62M9 13a1 1 0 1 0 0 2 1 1 0 1 0 0-2m6 0a1 1 0 1 0 0 2 1 1 0 1 0 0-2m3-1.97C17.52 8.18 15.04 6 12.05 6c-3.03 0-6.29 2.51-6.03 6.45 2.47-1.01 4.33-3.21 4.86-5.89 1.31 2.63 4 4.44 7.12 4.47',
  },
};
