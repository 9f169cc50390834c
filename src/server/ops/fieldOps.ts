import { operations } from '../../shared/protocol/operations';
import { listValues } from '../lov/listValues';
import { readPredicate } from '../policy/policy';
import { bindOperation } from './bindOperation';
import type { OpRoute } from './OpContext';

/** What the edit fields ask besides search: list values (`act/lov`) and which contacts are blocked users'. */
export const fieldOps: OpRoute[] = [
  // The socket twin of GET /lov/{locale}/{list}[/{owner}], so that statecharts need no fetch;
  // `includeArchived` lets an editor label a value that was archived after it was chosen.
  bindOperation(operations.lov, async (ctx, _p, { list, locale, owner, includeArchived }) =>
    listValues(ctx.services.db, ctx.caller, { locale, listName: list, owner, includeArchived: includeArchived === true }),
  ),
  // Spec 001 §5: a blocked user's contact cannot be chosen. Search cannot see account state, so a
  // chooser asks here about the contacts it is about to offer; unreadable ids are left out.
  bindOperation(operations.blockedContacts, async (ctx, _p, { ids }) => {
    if (ids.length === 0) return { blocked: [] };
    const params: unknown[] = [ids];
    const res = await ctx.services.db.query<{ id: string }>(
      `SELECT i.id FROM items i
       WHERE i.id = ANY($1::text[]) AND i.type = 'Contact' AND i.deleted_at IS NULL AND ${readPredicate(ctx.caller, params)}
         AND EXISTS (SELECT 1 FROM items u JOIN accounts a ON a.user_id = u.id
                     WHERE u.type = 'User' AND u.data->'contact'->>'id' = i.id AND a.blocked)
       ORDER BY i.id`,
      params,
    );
    return { blocked: res.rows.map((r) => r.id) };
  }),
];
