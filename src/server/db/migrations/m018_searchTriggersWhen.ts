import type { Migration } from './Migration';

/**
 * The search triggers of m011 and m017 decide in their WHEN conditions whether to run, so an update
 * that changes none of their sources calls no trigger function at all. Each function compared the old
 * and the new data through `kk_related_ids` and `kk_email_domains` (SQL functions run through their
 * own executor on every call, from PL/pgSQL: four such calls before an update and two after), and the
 * relabel trigger ran on every update that set the label, changed or not. On PostgreSQL they took
 * 0.6–0.8 ms of an update transaction's 1.4–1.7 ms (issue 20, docs/decisions.md).
 *
 * The conditions compare what the sources are computed from, by functions that are one expression
 * each and run no query of their own: every `id` string in the data (`kk_id_values`:
 * the related ids are those of them shaped as ids), and every string holding an `@` (`kk_at_values`:
 * the e-mail addresses are among them). Equal values give equal sources; values that differ in order
 * only, or in strings that are not ids or addresses, run a trigger that changes nothing, as before.
 * Inserts run the triggers unconditionally, as before. The rewrite of the items pointing at an item
 * whose label or visibility changed is in the trigger functions themselves, so PL/pgSQL keeps its plan.
 */
export const m018: Migration = {
  id: 18,
  name: 'search triggers run only when their sources change',
  sql: `
    CREATE FUNCTION kk_id_values(data jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
      SELECT jsonb_path_query_array(data, 'strict $.**.id ? (@.type() == "string")')
    $fn$;
    CREATE FUNCTION kk_at_values(data jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
      SELECT jsonb_path_query_array(data, 'strict $.** ? (@.type() == "string" && @ like_regex "@")')
    $fn$;

    CREATE OR REPLACE FUNCTION kk_items_search_extra() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      NEW.search_extra := kk_search_extra(NEW.id, NEW.data);
      RETURN NEW;
    END
    $fn$;

    CREATE OR REPLACE FUNCTION kk_items_links() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM item_links WHERE item_id = NEW.id;
      INSERT INTO item_links (item_id, related_id)
        SELECT NEW.id, r FROM unnest(kk_related_ids(NEW.data)) AS r WHERE r <> NEW.id;
      RETURN NULL;
    END
    $fn$;

    -- The items whose links name the changed (or new) item get their extra text anew.
    CREATE OR REPLACE FUNCTION kk_items_relabel() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      UPDATE items AS d SET search_extra = kk_search_extra(d.id, d.data)
        WHERE d.id IN (SELECT l.item_id FROM item_links l WHERE l.related_id = NEW.id);
      RETURN NULL;
    END
    $fn$;

    DROP TRIGGER items_search_extra ON items;
    DROP TRIGGER items_links ON items;
    DROP TRIGGER items_relabel ON items;
    DROP TRIGGER items_link_new ON items;
    DROP FUNCTION kk_items_link_new();
    DROP FUNCTION kk_rewrite_pointing(text);

    CREATE TRIGGER items_search_extra BEFORE INSERT ON items
      FOR EACH ROW EXECUTE FUNCTION kk_items_search_extra();
    CREATE TRIGGER items_search_extra_changed BEFORE UPDATE OF data ON items
      FOR EACH ROW WHEN (kk_id_values(OLD.data) IS DISTINCT FROM kk_id_values(NEW.data)
        OR kk_at_values(OLD.data) IS DISTINCT FROM kk_at_values(NEW.data))
      EXECUTE FUNCTION kk_items_search_extra();
    -- After an insert, in this order (by name): the items pointing at the new one, then its own links.
    CREATE TRIGGER items_link_new AFTER INSERT ON items
      FOR EACH ROW EXECUTE FUNCTION kk_items_relabel();
    CREATE TRIGGER items_links AFTER INSERT ON items
      FOR EACH ROW EXECUTE FUNCTION kk_items_links();
    CREATE TRIGGER items_links_changed AFTER UPDATE OF data ON items
      FOR EACH ROW WHEN (kk_id_values(OLD.data) IS DISTINCT FROM kk_id_values(NEW.data))
      EXECUTE FUNCTION kk_items_links();
    CREATE TRIGGER items_relabel AFTER UPDATE OF label, access ON items
      FOR EACH ROW WHEN (OLD.label IS DISTINCT FROM NEW.label OR OLD.access IS DISTINCT FROM NEW.access)
      EXECUTE FUNCTION kk_items_relabel();
  `,
};
