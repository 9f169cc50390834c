import type { Visibility } from '../../shared/items/types';

/** A per-item grant: `grantee` (a user, or an organisation's members) may do `actions`, through `grantedBy`. */
export interface Grant {
  grantee: string;
  actions: string[];
  grantedBy: string;
}

/** An item as stored: its properties plus the columns the server keeps beside them. */
export interface ItemRecord {
  id: string;
  type: string;
  idx: number;
  u: number;
  data: Record<string, unknown>;
  label: string;
  access: Visibility;
  ownerOrg: string | null;
  createdAt: string;
  createdBy: string | null;
  updatedAt: string;
  deletedAt: string | null;
  grants: Grant[];
}

/** The row shape the item queries select. */
export interface ItemRow {
  id: string;
  type: string;
  idx: number;
  u: number;
  data: Record<string, unknown> | string;
  label: string;
  access: Visibility;
  owner_org: string | null;
  created_at: Date | string;
  created_by: string | null;
  updated_at: Date | string;
  deleted_at: Date | string | null;
  grants: Grant[] | string | null;
}

/** Columns to select for `toRecord`, over the table alias `i`. */
export const ITEM_COLUMNS =
  'i.id, i.type, i.idx, i.u, i.data, i.label, i.access, i.owner_org, i.created_at, i.created_by, i.updated_at, i.deleted_at, ' +
  `(SELECT json_agg(json_build_object('grantee', g.grantee, 'actions', g.actions, 'grantedBy', g.granted_by) ORDER BY g.granted_by, g.grantee)
    FROM grants g WHERE g.item_id = i.id) AS grants`;

const iso = (v: Date | string): string => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

/** Turns a selected row into a record. */
export function toRecord(row: ItemRow): ItemRecord {
  return {
    id: row.id,
    type: row.type,
    idx: row.idx,
    u: row.u,
    data: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data,
    label: row.label,
    access: row.access,
    ownerOrg: row.owner_org,
    createdAt: iso(row.created_at),
    createdBy: row.created_by,
    updatedAt: iso(row.updated_at),
    deletedAt: row.deleted_at === null ? null : iso(row.deleted_at),
    grants: row.grants === null ? [] : typeof row.grants === 'string' ? (JSON.parse(row.grants) as Grant[]) : row.grants,
  };
}
