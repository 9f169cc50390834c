import { parse as parseIcu } from '@formatjs/icu-messageformat-parser';
import type { ServerState } from '../../shared/admin/ServerState';
import { Push, type LocaleOverridePush } from '../../shared/protocol';
import { operations } from '../../shared/protocol/operations';
import { pushFits } from '../live/LiveHub';
import { OpError } from '../OpError';
import { bindOperation } from './bindOperation';
import type { OpContext, OpRoute } from './OpContext';

/** Refuses everyone but an administrator (the admin screens' operations). */
function requireAdmin(ctx: OpContext, what: string): void {
  if (!ctx.caller?.admin) throw new OpError('notAllowed', `Only an administrator ${what}`);
}

/** Refuses a message the browsers could not format (unbalanced braces, a plural without other, an unclosed tag). */
function requireIcuMessage(message: string): void {
  try {
    parseIcu(message);
  } catch (error) {
    const at = (error as { location?: { start?: { offset?: number } } }).location?.start?.offset;
    throw new OpError('validationFailed', `Not an ICU message: ${(error as Error).message}${at === undefined ? '' : ` at ${at}`}`, {
      message: 'errors.invalidMessage',
    });
  }
}

/** The administrators' operations: the server's state and the site texts (locale overrides). */
export const adminOps: OpRoute[] = [
  bindOperation(operations.serverState, async (ctx): Promise<ServerState> => {
    requireAdmin(ctx, 'reads the server state');
    const { db, live, config } = ctx.services;
    const tasks = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM tasks WHERE state = 'running'`);
    return {
      version: config.version,
      uptimeSeconds: Math.floor(process.uptime()),
      openSockets: live.size,
      activeTasks: Number(tasks.rows[0]?.n ?? 0),
      driver: db.driver,
      databaseBytes: await db.sizeBytes(),
      dedicated: config.dedicated,
    };
  }),
  // What GET /locale-overrides/{lang} serves, for the site texts screen.
  bindOperation(operations.localeOverrides, async (ctx, _p, { lang }) => {
    requireAdmin(ctx, 'reads the site texts');
    const res = await ctx.services.db.query<{ key: string; message: string }>(
      'SELECT key, message FROM locale_overrides WHERE lang = $1 ORDER BY key',
      [lang],
    );
    return Object.fromEntries(res.rows.map((r) => [r.key, r.message]));
  }),
  // One site text: a message replaces the bundled one; null (or blank) puts the bundled one back.
  bindOperation(operations.setLocaleOverride, async (ctx, _p, { lang, key, message }) => {
    requireAdmin(ctx, 'changes the site texts');
    const stored = message?.trim() ? message : null;
    if (stored !== null) requireIcuMessage(stored);
    const { db, live } = ctx.services;
    await db.transaction(async (tx) => {
      if (stored === null) await tx.query('DELETE FROM locale_overrides WHERE lang = $1 AND key = $2', [lang, key]);
      else {
        await tx.query(
          'INSERT INTO locale_overrides (lang, key, message) VALUES ($1, $2, $3) ON CONFLICT (lang, key) DO UPDATE SET message = EXCLUDED.message',
          [lang, key, stored],
        );
      }
      // Every open page shows the change at once; a text too long for a notification at its next load.
      const change: LocaleOverridePush = { lang, key, message: stored };
      const frame = { o: Push.localeOverride, b: change };
      if (pushFits(frame)) await live.broadcastEverywhere(frame, tx);
    });
    return { lang, key, message: stored };
  }),
];
