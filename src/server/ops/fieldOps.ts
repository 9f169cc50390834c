import * as yup from 'yup';
import { LOV_LIST_NAME, LOV_LOCALE, LOV_OWNER, listValues } from '../lov/listValues';
import { readPredicate } from '../policy/policy';
import type { OpRoute } from './OpContext';

/** What the edit fields ask besides search: list values (`act/lov`) and which contacts are blocked users'. */
export const fieldOps: OpRoute[] = [
  {
    // The socket twin of GET /lov/{locale}/{list}[/{owner}], so that statecharts need no fetch;
    // `includeArchived` lets an editor label a value that was archived after it was chosen.
    pattern: 'act/lov',
    body: yup.object({
      list: yup.string().matches(LOV_LIST_NAME).required(),
      locale: yup.string().matches(LOV_LOCALE).required(),
      owner: yup.string().matches(LOV_OWNER),
      includeArchived: yup.boolean(),
    }),
    handler: async (ctx, _p, body) => {
      const { list, locale, owner, includeArchived } = body as { list: string; locale: string; owner?: string; includeArchived?: boolean };
      return listValues(ctx.services.db, ctx.caller, { locale, listName: list, owner, includeArchived: includeArchived === true });
    },
  },
  {
    // Spec 001 §5: a blocked user's contact cannot be chosen. Search cannot see account state, so a
    // chooser asks here about the contacts it is about to offer; unreadable ids are left out.
    pattern: 'act/blockedContacts',
    signedIn: true,
    body: yup.object({ ids: yup.array(yup.string().matches(/^Contact-\d+$/).required()).max(200).required() }),
    handler: async (ctx, _p, body) => {
      const { ids } = body as { ids: string[] };
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
    },
  },
];
