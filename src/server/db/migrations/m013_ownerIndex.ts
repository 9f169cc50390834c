import type { Migration } from './Migration';

/**
 * Indexes of the live items (not deleted), every search's rows, each newest first:
 * - by type: a search of a type newest first (a dashboard card of the latest) reads its page from
 *   the index and stops at its end, and counts its hits from the index alone where the reader may
 *   read every item of the type (60,000 consultation responses for a responder);
 * - by owning organisation and type: what a member of an organisation reads (`owner_org = ANY(their
 *   organisations)` in the read rules) without reading every item of the type: a community's few
 *   thousand responses among the site's tens of thousands.
 * (docs/decisions.md, the consultation module's search benchmark.)
 */
export const m013: Migration = {
  id: 13,
  name: 'live items by type and by owner',
  sql: `
    CREATE INDEX items_live_type_created ON items (type, created_at DESC) WHERE deleted_at IS NULL;
    CREATE INDEX items_live_owner_type_created ON items (owner_org, type, created_at DESC)
      WHERE owner_org IS NOT NULL AND deleted_at IS NULL;
  `,
};
