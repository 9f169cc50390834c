/**
 * Who is told of an event of an item, by their `$notify` preference on it (spec 000 §3, §6):
 * ALWAYS: yes; NEVER: no; PREFS ("as my profile says"): yes unless their profile's notifyFrequency
 * is NONE; DEFAULT, or no preference (NIL): the site's default, which tells the item's creator.
 * Never the event's author, never a blocked account. Parameters: $1 the item, $2 the author, $3 the
 * item's creator; answers each user and their notifyFrequency (readability is checked after).
 */
export const WATCHERS_SQL = `
  SELECT a.user_id, u.data->>'notifyFrequency' AS frequency
  FROM accounts a
  JOIN items u ON u.id = a.user_id
  LEFT JOIN notify_prefs p ON p.user_id = a.user_id AND p.item_id = $1
  WHERE NOT a.blocked AND a.user_id IS DISTINCT FROM $2
    AND CASE COALESCE(p.pref, 'DEFAULT')
      WHEN 'ALWAYS' THEN TRUE
      WHEN 'NEVER' THEN FALSE
      WHEN 'PREFS' THEN COALESCE(u.data->>'notifyFrequency', 'IMMEDIATE') <> 'NONE'
      ELSE a.user_id = $3
    END`;

/**
 * WATCHERS_SQL for items just created by their author, all at once: the author is never told and the
 * default tells only the creator, so only ALWAYS and PREFS preferences on them remain. Parameters: $1
 * the items' ids, $2 the author; answers each item with each user to tell and their notifyFrequency.
 */
export const NEW_ITEM_WATCHERS_SQL = `
  SELECT p.item_id, a.user_id, u.data->>'notifyFrequency' AS frequency
  FROM notify_prefs p
  JOIN accounts a ON a.user_id = p.user_id
  JOIN items u ON u.id = a.user_id
  WHERE p.item_id = ANY($1::text[]) AND NOT a.blocked AND a.user_id IS DISTINCT FROM $2
    AND CASE p.pref
      WHEN 'ALWAYS' THEN TRUE
      WHEN 'PREFS' THEN COALESCE(u.data->>'notifyFrequency', 'IMMEDIATE') <> 'NONE'
      ELSE FALSE
    END
  ORDER BY p.item_id, a.user_id`;
