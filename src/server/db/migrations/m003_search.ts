import type { Migration } from './Migration';

/**
 * Search: a stored tsvector over each item's label and text, and a GIN index over its properties.
 *
 * The text of an item is every string and number in its properties except values that look like
 * item ids (relations are stored as `{id: "Organization-3"}`; indexing those would make "organization"
 * match every item related to one). The 'simple' configuration neither stems nor drops stop words:
 * records mix English with Indigenous languages and names, which an English stemmer would mangle;
 * prefix matching (`word:*`) gives back most of what stemming would. The column is generated, so
 * every writer (the item store, bulk imports, raw SQL) keeps it current without knowing about it.
 */
export const m003: Migration = {
  id: 3,
  name: 'search text and property index',
  sql: `
    ALTER TABLE items ADD COLUMN search_text tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple'::regconfig, label), 'A') ||
      setweight(jsonb_to_tsvector('simple'::regconfig,
        jsonb_path_query_array(data,
          'strict $.** ? ((@.type() == "string" && !(@ like_regex "^[A-Za-z][A-Za-z0-9_]*-[0-9]+(-[0-9]+)?$")) || @.type() == "number")'),
        '["string", "numeric"]'), 'B')
    ) STORED;
    CREATE INDEX items_search_text ON items USING gin (search_text);
    CREATE INDEX items_data ON items USING gin (data jsonb_path_ops);
    CREATE INDEX items_created ON items (created_at DESC);

    -- An imprecise date (YYYY, YYYY-M, YYYY-M-D), a date or a date-time as an instant (dates at
    -- midnight UTC); null for anything else, so one malformed value never fails a whole search.
    CREATE FUNCTION kk_search_instant(v text) RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
      SELECT CASE
        WHEN v ~ '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$' THEN v::timestamptz
        WHEN v ~ '^\\d{4}(-(0?[1-9]|1[0-2])(-(0?[1-9]|[12]\\d|3[01]))?)?$' THEN
          make_timestamptz(split_part(v, '-', 1)::int, coalesce(nullif(split_part(v, '-', 2), ''), '1')::int,
            least(coalesce(nullif(split_part(v, '-', 3), ''), '1')::int, 28), 0, 0, 0, 'UTC')
          + (greatest(coalesce(nullif(split_part(v, '-', 3), ''), '1')::int, 28) - 28) * interval '1 day'
      END
    $fn$;
  `,
};
