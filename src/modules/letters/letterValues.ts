/**
 * The values of a letter's fields for one response (letterRules.ts LETTER_FIELDS), as a person reads
 * them: dates DD-MMM-YYYY, list values by their label, relations by their name. Read as the system:
 * the one asking has already been allowed to write the response's letters.
 */
import type { Queryable } from '../../server/db/Database';
import type { ItemStore } from '../../server/store/ItemStore';
import type { ItemRecord } from '../../server/store/ItemRecord';
import type { ItemData } from '../../shared/items/types';
import { relIdOf } from './letterRules';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A YYYY-MM-DD date (or the day of a timestamp) as the app shows dates, DD-MMM-YYYY; '' for none. */
export function readableDate(value: unknown): string {
  if (typeof value !== 'string') return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${m[3]}-${month}-${m[1]}` : '';
}

/** The label of a list value (the owner's own value first, then the site's), in English; the key when the list has no such value. */
async function lovLabel(db: Queryable, list: string, key: unknown, ownerOrg: string | null): Promise<string> {
  if (typeof key !== 'string' || key === '') return '';
  const res = await db.query<{ data: ItemData | string }>(
    `SELECT data FROM items WHERE type = 'LOVValue' AND deleted_at IS NULL AND data->>'list' = $1 AND data->>'key' = $2
       AND (owner_org IS NULL OR owner_org = $3) ORDER BY owner_org NULLS LAST LIMIT 1`,
    [list, key, ownerOrg],
  );
  const row = res.rows[0];
  if (!row) return key;
  const data = typeof row.data === 'string' ? (JSON.parse(row.data) as ItemData) : row.data;
  const t = (data.t ?? {}) as Record<string, string>;
  return t.en ?? key;
}

/** Who signs: the name and address of the person writing the letter. */
export interface Signer {
  name: string;
  email: string;
}

/** The person `userId` as a signer (their User item's name and e-mail). */
export async function signerOf(items: ItemStore, userId: string): Promise<Signer> {
  const user = await items.find(userId);
  return { name: String(user?.data.name ?? user?.label ?? ''), email: String(user?.data.email ?? '') };
}

/** Every field's value for a letter of `response`, signed by `signer`, to `recipients` (their names). */
export async function letterValues(
  db: Queryable,
  items: ItemStore,
  response: ItemRecord,
  signer: Signer,
  recipients: readonly string[],
  today: Date,
): Promise<Record<string, string>> {
  const consultationId = relIdOf(response.data.consultation);
  const consultation = consultationId ? await items.find(consultationId) : null;
  const c = consultation?.data ?? response.data;
  const orgOf = async (id: string | null): Promise<string> => (id ? ((await items.find(id))?.label ?? '') : '');
  const owner = response.ownerOrg;
  return {
    'consultation.projectName': String(c.projectName ?? ''),
    'consultation.identifiers': String(c.identifiers ?? ''),
    'consultation.proponent': await orgOf(relIdOf(c.primaryOrg)),
    'consultation.requestedResponseDate': readableDate(c.requestedResponseDate),
    'consultation.projectStartDt': readableDate(c.projectStartDt),
    'consultation.projectEndDt': readableDate(c.projectEndDt),
    'consultation.region': await lovLabel(db, 'CNS_REGIONS', c.region, consultation?.ownerOrg ?? null),
    'consultation.projectType': await lovLabel(db, 'CNS_PROJECT_TYPES', c.projectType, consultation?.ownerOrg ?? null),
    'community.name': await orgOf(owner),
    'response.anticipatedResponse': readableDate(response.data.anticipatedResponse),
    'response.priority': await lovLabel(db, 'CNS_PRIORITIES', response.data.priority, owner),
    'response.outcome': await lovLabel(db, 'RWF_OUTCOMES', response.data.outcome, owner),
    'signer.name': signer.name,
    'signer.email': signer.email,
    'letter.date': readableDate(today.toISOString()),
    'letter.recipients': recipients.join(', '),
  };
}
