import { TaskRunner } from '../tasks/TaskRunner';
import type { OpContext, OpRoute } from './OpContext';

/** Whether a body asks for a kill: the string 'killTask' or `{killTask: true}` (spec 000 §7, spec 001 §7). */
function asksKill(body: unknown): boolean {
  if (body === 'killTask') return true;
  return typeof body === 'object' && body !== null && (body as { killTask?: unknown }).killTask === true;
}

const kill = (ctx: OpContext, key: string) => TaskRunner.of(ctx.services).kill(ctx.caller!, key);

/** Long-running tasks: start (`act/{name}/async`), status, and kill (spec 000 §7). */
export const taskOps: OpRoute[] = [
  {
    pattern: 'act/:name/async',
    signedIn: true,
    handler: (ctx, { name }, body) => TaskRunner.of(ctx.services).launch(ctx.caller!, name!, body),
  },
  {
    // The task as it is now: for a client that lost the pushes (a reconnect) and wants to catch up.
    pattern: 'act/:name/async/:key',
    signedIn: true,
    handler: (ctx, { key }) => TaskRunner.of(ctx.services).status(ctx.caller!, key!),
  },
  {
    pattern: 'act/:name/asyncCancel/:key',
    signedIn: true,
    handler: (ctx, { key }) => kill(ctx, key!),
  },
  {
    pattern: 'activeTask/:key',
    signedIn: true,
    handler: (ctx, { key }, body) => (asksKill(body) ? kill(ctx, key!) : TaskRunner.of(ctx.services).status(ctx.caller!, key!)),
  },
  {
    // The spec's optional trailing segment is not described; it is accepted and ignored.
    pattern: 'activeTask/:key/:n',
    signedIn: true,
    handler: (ctx, { key }, body) => (asksKill(body) ? kill(ctx, key!) : TaskRunner.of(ctx.services).status(ctx.caller!, key!)),
  },
];
