/**
 * The dedicated deployment's owner organisation (site setting `owner`), and who may manage its
 * members: administrators, and the owner organisation's members who hold its `write` capability.
 */
import { ORG_WRITE } from '../../shared/capabilities';
import { SITE_OWNER_SETTING } from '../../shared/admin/SiteOwner';
import type { Queryable } from '../db/Database';
import { OpError } from '../OpError';
import type { Caller } from '../policy/Principal';

/** The owner organisation's id, or null while none is chosen. */
export async function readSiteOwner(db: Queryable): Promise<string | null> {
  const res = await db.query<{ value: unknown }>('SELECT value FROM site_settings WHERE key = $1', [SITE_OWNER_SETTING]);
  const value = res.rows[0]?.value;
  return typeof value === 'string' ? value : null;
}

/** Makes `orgId` the owner organisation (null: none), checking that it is a live Organization. */
export async function writeSiteOwner(db: Queryable, orgId: string | null, by: string): Promise<void> {
  if (orgId === null) {
    await db.query('DELETE FROM site_settings WHERE key = $1', [SITE_OWNER_SETTING]);
    return;
  }
  const org = await db.query(`SELECT 1 FROM items WHERE id = $1 AND type = 'Organization' AND deleted_at IS NULL`, [orgId]);
  if (org.rowCount === 0) throw new OpError('notFound', `${orgId} is not an organisation`);
  await db.query(
    `INSERT INTO site_settings (key, value, updated_at, updated_by) VALUES ($1, $2, now(), $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
    [SITE_OWNER_SETTING, JSON.stringify(orgId), by],
  );
}

/** Whether `caller` manages the members of `orgId` as the site's owner organisation `owner`. */
export function managesOwnerMembers(caller: Caller, owner: string | null, orgId: string): boolean {
  if (!caller) return false;
  if (caller.admin) return true;
  return owner !== null && orgId === owner && caller.orgs[owner]?.[ORG_WRITE] === true;
}
