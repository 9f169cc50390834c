/**
 * The dedicated deployment's owner organisation (site setting `owner`), and who may manage its
 * members: administrators, and the owner organisation's members who hold its `write` capability.
 */
import { ORG_WRITE } from '../../shared/capabilities';
import { SITE_OWNER_SETTING } from '../../shared/admin/SiteOwner';
import type { Queryable } from '../db/Database';
import { OpError } from '../OpError';
import type { Caller } from '../policy/Principal';
import type { SiteSettings } from './SiteSettings';

const asOrgId = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The owner organisation's id as stored now (null while none is chosen): what permission checks read. */
export async function readSiteOwner(settings: SiteSettings): Promise<string | null> {
  return asOrgId((await settings.read(SITE_OWNER_SETTING))?.value);
}

/** The owner organisation's id as this process last heard of it, for what is rendered on every page. */
export const cachedSiteOwner = (settings: Pick<SiteSettings, 'cached'>): string | null => asOrgId(settings.cached(SITE_OWNER_SETTING));

/** Makes `orgId` the owner organisation (null: none), checking that it is a live Organization. */
export async function writeSiteOwner(settings: SiteSettings, db: Queryable, orgId: string | null, by: string): Promise<void> {
  if (orgId !== null) {
    const org = await db.query(`SELECT 1 FROM items WHERE id = $1 AND type = 'Organization' AND deleted_at IS NULL`, [orgId]);
    if (org.rowCount === 0) throw new OpError('notFound', `${orgId} is not an organisation`);
  }
  await settings.write(SITE_OWNER_SETTING, orgId, by);
}

/** Whether `caller` manages the members of `orgId` as the site's owner organisation `owner`. */
export function managesOwnerMembers(caller: Caller, owner: string | null, orgId: string): boolean {
  if (!caller) return false;
  if (caller.admin) return true;
  return owner !== null && orgId === owner && caller.orgs[owner]?.[ORG_WRITE] === true;
}
