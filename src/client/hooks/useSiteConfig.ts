/** The site config the session was started with. */
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/session/sessionMachine';
import type { SiteConfig } from '../../shared/protocol';
import { useSession } from '../session/SessionContext';

const selectSiteConfig = (s: SnapshotFrom<typeof sessionMachine>): SiteConfig => s.context.siteConfig;

/** The embedded site config (spec 000 §3). */
export function useSiteConfig(): SiteConfig {
  return useSelector(useSession(), selectSiteConfig);
}
