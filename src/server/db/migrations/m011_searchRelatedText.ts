import type { Migration } from './Migration';

/**
 * Free text finds an item by the labels of the items it points at and by the domains of its e-mail
 * addresses ("lakeview" finds Lakeview's people; "lakeview.ca" and "lakeview" find anna@lakeview.ca).
 *
 * `search_extra` holds that text; `search_text` (m003) is generated again with it added (weight C, below
 * the item's own label and text), so its index and every query stay as they were. Triggers keep it
 * current for every writer, as the generated column does, inside the writing transaction:
 * - before an item is inserted or its data changes, its own extra text is computed anew;
 * - after its data changes, `item_links` (item to the ids it points at) is rewritten;
 * - after its label or visibility changes, every item that points at it is given its text anew.
 * The labels of PRIVATE items are left out: a search must not tell anyone what a private item is called.
 */
export const m011: Migration = {
  id: 11,
  name: 'search by related labels and e-mail domains',
  sql: `
    CREATE TABLE item_links (
      item_id text NOT NULL,
      related_id text NOT NULL,
      PRIMARY KEY (item_id, related_id)
    );
    CREATE INDEX item_links_related ON item_links (related_id);

    -- The ids an item's data points at: every {"id": "Type-n"} at any depth (relations, lists of relations).
    CREATE FUNCTION kk_related_ids(data jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
      SELECT coalesce(array_agg(DISTINCT v #>> '{}'), '{}')
      FROM jsonb_path_query(data, 'strict $.**.id ? (@.type() == "string" && @ like_regex "^[A-Za-z][A-Za-z0-9_]*-[0-9]+(-[0-9]+)?$")') AS v
    $fn$;

    -- The domains of the e-mail addresses in an item's data, whole and in parts: "lakeview.ca lakeview ca".
    CREATE FUNCTION kk_email_domains(data jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
      SELECT coalesce(string_agg(d || ' ' || replace(d, '.', ' '), ' '), '')
      FROM (
        SELECT DISTINCT lower(substring(v #>> '{}' FROM '@([A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+)$')) AS d
        FROM jsonb_path_query(data, 'strict $.** ? (@.type() == "string" && @ like_regex "^[^@ ]+@[^@ ]+$")') AS v
      ) AS domains
      WHERE d IS NOT NULL
    $fn$;

    -- An item's extra search text: its e-mail domains and the labels of the (not private) items it points at.
    -- (Its arguments are named apart from the columns of items, which would take precedence.)
    CREATE FUNCTION kk_search_extra(for_id text, for_data jsonb) RETURNS text LANGUAGE sql STABLE AS $fn$
      SELECT concat_ws(' ', kk_email_domains(for_data),
        (SELECT string_agg(r.label, ' ' ORDER BY r.id) FROM items r
          WHERE r.id = ANY(kk_related_ids(for_data)) AND r.id <> for_id AND r.access <> 'PRIVATE'))
    $fn$;

    CREATE FUNCTION kk_items_search_extra() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      NEW.search_extra := kk_search_extra(NEW.id, NEW.data);
      RETURN NEW;
    END
    $fn$;

    CREATE FUNCTION kk_items_links() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM item_links WHERE item_id = NEW.id;
      INSERT INTO item_links (item_id, related_id)
        SELECT NEW.id, r FROM unnest(kk_related_ids(NEW.data)) AS r WHERE r <> NEW.id;
      RETURN NULL;
    END
    $fn$;

    CREATE FUNCTION kk_items_relabel() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF OLD.label IS DISTINCT FROM NEW.label OR OLD.access IS DISTINCT FROM NEW.access THEN
        UPDATE items AS d SET search_extra = kk_search_extra(d.id, d.data)
          WHERE d.id IN (SELECT l.item_id FROM item_links l WHERE l.related_id = NEW.id);
      END IF;
      RETURN NULL;
    END
    $fn$;

    ALTER TABLE items ADD COLUMN search_extra text NOT NULL DEFAULT '';
    INSERT INTO item_links (item_id, related_id)
      SELECT i.id, r FROM items i, unnest(kk_related_ids(i.data)) AS r WHERE r <> i.id;
    UPDATE items AS i SET search_extra = kk_search_extra(i.id, i.data);

    ALTER TABLE items DROP COLUMN search_text;
    ALTER TABLE items ADD COLUMN search_text tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple'::regconfig, label), 'A') ||
      setweight(jsonb_to_tsvector('simple'::regconfig,
        jsonb_path_query_array(data,
          'strict $.** ? ((@.type() == "string" && !(@ like_regex "^[A-Za-z][A-Za-z0-9_]*-[0-9]+(-[0-9]+)?$")) || @.type() == "number")'),
        '["string", "numeric"]'), 'B') ||
      setweight(to_tsvector('simple'::regconfig, search_extra), 'C')
    ) STORED;
    CREATE INDEX items_search_text ON items USING gin (search_text);

    CREATE TRIGGER items_search_extra BEFORE INSERT OR UPDATE OF data ON items
      FOR EACH ROW EXECUTE FUNCTION kk_items_search_extra();
    CREATE TRIGGER items_links AFTER INSERT OR UPDATE OF data ON items
      FOR EACH ROW EXECUTE FUNCTION kk_items_links();
    CREATE TRIGGER items_relabel AFTER UPDATE OF label, access ON items
      FOR EACH ROW EXECUTE FUNCTION kk_items_relabel();
  `,
};
