/**
 * The rows of virtual types (src/shared/items/virtualTypes.ts) as SQL: each Attachment of a parent
 * type joined with its parent item, shaped like a row of `items` (id, type, idx, u, data, label, access,
 * owner_org, the time columns, search_text), so search compiles over it as over the table.
 */
import type { ItemTypeDef } from '../../shared/items/types';
import { ATTACHMENT_VIEW_PROPERTIES, EXTENSION } from '../../shared/items/virtualTypes';
import { readPredicate } from '../policy/policy';
import type { Caller } from '../policy/Principal';
import type { SqlParams } from './SqlParams';

/** An extension: the letters and digits after the last dot of a file name, up to 16 of them. */
const EXTENSION_PATTERN = '\\.([A-Za-z0-9]{1,16})$';

/** One virtual type's rows: its Attachments that `caller` may read, of undeleted parents `caller` may read. */
function typeRows(def: ItemTypeDef, caller: Caller, params: SqlParams): string {
  const v = def.virtual!;
  const type = params.add(def.name, 'text');
  const parentTypes = params.add(v.parentTypes, 'text[]');
  const pairs: string[] = [];
  for (const name of ATTACHMENT_VIEW_PROPERTIES) pairs.push(`${params.add(name, 'text')}, a.data -> ${params.add(name, 'text')}`);
  pairs.push(
    `${params.add(EXTENSION, 'text')}, to_jsonb(lower(substring(a.data ->> 'originalName' from ${params.add(EXTENSION_PATTERN, 'text')})))`,
  );
  pairs.push(`${params.add(v.parent, 'text')}, jsonb_build_object('id', p.id)`);
  const textual: string[] = [];
  for (const name of v.parentProperties) {
    const key = params.add(name, 'text');
    pairs.push(`${key}, p.data -> ${key}`);
    if (def.properties[name]?.kind !== 'REL') textual.push(`${key}, p.data -> ${key}`);
  }
  // The parent's label and shown properties join the attachment's own words, so free text finds
  // attachments by what their parent says, never by what the view does not show.
  const parentText = textual.length
    ? ` || setweight(jsonb_to_tsvector('simple'::regconfig, jsonb_build_object(${textual.join(', ')}), '["string", "numeric"]'), 'B')`
    : '';
  // A file on an item is read by whoever reads the item (as the file routes answer): the parent's read
  // predicate (it speaks of table alias `i`) decides, the Attachment's own access neither widens nor narrows it.
  return `SELECT ${type} || '-' || a.idx AS id, ${type} AS type, a.idx, a.u,
      jsonb_strip_nulls(jsonb_build_object(${pairs.join(', ')})) AS data,
      a.label, a.access, a.owner_org, a.created_at, a.created_by, a.updated_at, a.deleted_at,
      a.search_text || setweight(to_tsvector('simple'::regconfig, p.label), 'B')${parentText} AS search_text
    FROM (SELECT * FROM items i WHERE i.type = 'Attachment' AND i.deleted_at IS NULL
            AND i.data ->> 'relType' = ANY(${parentTypes}) AND coalesce(i.data ->> 'trashed', 'false') <> 'true') a
    JOIN (SELECT * FROM items i WHERE i.type = ANY(${parentTypes}) AND i.deleted_at IS NULL
            AND ${readPredicate(caller, params.values)}) p
      ON p.id = (a.data ->> 'relType') || '-' || (a.data ->> 'relIndex')`;
}

/**
 * A parenthesised sub-select of the rows of the virtual types `defs` that `caller` may read: the
 * policy's read predicate applies to each Attachment's parent inside it, so no condition
 * outside needs (or can give) the permission filter.
 */
export function virtualSource(defs: readonly ItemTypeDef[], caller: Caller, params: SqlParams): string {
  return `(${defs.map((def) => typeRows(def, caller, params)).join('\n    UNION ALL\n    ')})`;
}
