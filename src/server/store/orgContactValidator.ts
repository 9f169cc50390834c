import type { FieldErrors } from '../../shared/items/itemSchema';
import { orgContactError } from '../../shared/items/orgContactRules';
import type { Queryable } from '../db/Database';
import type { ItemValidator } from './ItemStore';

const relId = (v: unknown): string | null => {
  const id = (v as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' ? id : null;
};

/** The organisation-and-contact rules of spec 001 §5 for every pair a type declares. */
export const orgContactValidator: ItemValidator = async (tx: Queryable, { type, data, changed }) => {
  const errors: FieldErrors = {};
  for (const pair of type.orgContacts ?? []) {
    if (changed && !changed.has(pair.org) && !changed.has(pair.contacts)) continue;
    const org = relId(data[pair.org]);
    const ids = (Array.isArray(data[pair.contacts]) ? (data[pair.contacts] as unknown[]) : []).map(relId).filter((x): x is string => !!x);
    const res = ids.length
      ? await tx.query<{ id: string; related: { id?: string }[] | string | null; blocked: boolean }>(
          `SELECT i.id, i.data->'_related' AS related,
             EXISTS (SELECT 1 FROM items u JOIN accounts a ON a.user_id = u.id
                     WHERE u.type = 'User' AND u.data->'contact'->>'id' = i.id AND a.blocked) AS blocked
           FROM items i WHERE i.id = ANY($1::text[]) AND i.type = 'Contact'`,
          [ids],
        )
      : { rows: [] };
    const contacts = res.rows.map((r) => {
      const related = (typeof r.related === 'string' ? JSON.parse(r.related) : (r.related ?? [])) as { id?: string }[];
      return { id: r.id, orgs: related.map((x) => x.id).filter((x): x is string => !!x), blocked: r.blocked };
    });
    const error = orgContactError(org, contacts, { optional: pair.optional });
    if (error) errors[contacts.length && org ? pair.contacts : pair.org] = error;
  }
  return errors;
};
