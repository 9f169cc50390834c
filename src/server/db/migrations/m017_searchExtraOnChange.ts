import type { Migration } from './Migration';

/**
 * An item's extra search text (m011: its e-mail domains and the labels of the items it points at) and
 * its `item_links` are written again only when what they come from changed: the ids its data points at
 * or its e-mail domains. Every update rewrote both (the related items' labels read, the links deleted
 * and inserted again), although most updates (a name, a date, a state) change neither. Finding out
 * costs less than the rewrite: on the embedded database the two triggers took 0.95–1.1 ms of an update
 * statement's 2.4–2.7 ms, and 0.65–0.8 ms with the check (issue 20, docs/decisions.md). The labels stay
 * current as before: a related item's new label or visibility rewrites the text of the items that
 * point at it (m011's `kk_items_relabel`, which now shares that rewrite with the trigger below).
 *
 * An item created after an item that already points at its id (a relation typed before the item
 * existed, an import's forward reference) now gives that item its label at once. Before, the pointing
 * item had the label only from its next update, which every update used to recompute.
 */
export const m017: Migration = {
  id: 17,
  name: 'extra search text written again only when its sources change',
  sql: `
    CREATE OR REPLACE FUNCTION kk_items_search_extra() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'UPDATE'
        AND kk_related_ids(OLD.data) = kk_related_ids(NEW.data)
        AND kk_email_domains(OLD.data) = kk_email_domains(NEW.data) THEN
        RETURN NEW;
      END IF;
      NEW.search_extra := kk_search_extra(NEW.id, NEW.data);
      RETURN NEW;
    END
    $fn$;

    CREATE OR REPLACE FUNCTION kk_items_links() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'UPDATE' AND kk_related_ids(OLD.data) = kk_related_ids(NEW.data) THEN
        RETURN NULL;
      END IF;
      DELETE FROM item_links WHERE item_id = NEW.id;
      INSERT INTO item_links (item_id, related_id)
        SELECT NEW.id, r FROM unnest(kk_related_ids(NEW.data)) AS r WHERE r <> NEW.id;
      RETURN NULL;
    END
    $fn$;

    -- The items whose links name target get their extra text anew: its label or visibility changed, or it was just created.
    CREATE FUNCTION kk_rewrite_pointing(target text) RETURNS void LANGUAGE sql AS $fn$
      UPDATE items AS d SET search_extra = kk_search_extra(d.id, d.data)
        WHERE d.id IN (SELECT l.item_id FROM item_links l WHERE l.related_id = target);
    $fn$;

    CREATE OR REPLACE FUNCTION kk_items_relabel() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF OLD.label IS DISTINCT FROM NEW.label OR OLD.access IS DISTINCT FROM NEW.access THEN
        PERFORM kk_rewrite_pointing(NEW.id);
      END IF;
      RETURN NULL;
    END
    $fn$;

    CREATE FUNCTION kk_items_link_new() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM kk_rewrite_pointing(NEW.id);
      RETURN NULL;
    END
    $fn$;
    CREATE TRIGGER items_link_new AFTER INSERT ON items
      FOR EACH ROW EXECUTE FUNCTION kk_items_link_new();
  `,
};
