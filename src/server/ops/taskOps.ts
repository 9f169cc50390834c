import { operations } from '../../shared/protocol/operations';
import { TaskRunner } from '../tasks/TaskRunner';
import { bindOperation } from './bindOperation';
import type { OpContext, OpRoute } from './OpContext';
import { signedInCaller } from './signedInCaller';

/** Whether a body asks for a kill: the string 'killTask' or `{killTask: true}` (spec 000 §7, spec 001 §7). */
function asksKill(body: 'killTask' | { killTask: boolean } | null | undefined): boolean {
  return body === 'killTask' || (typeof body === 'object' && body !== null && body.killTask === true);
}

const kill = (ctx: OpContext, key: string) => TaskRunner.of(ctx.services).kill(signedInCaller(ctx), key);
const status = (ctx: OpContext, key: string) => TaskRunner.of(ctx.services).status(signedInCaller(ctx), key);

/** Long-running tasks: start (`act/{name}/async`), status, and kill (spec 000 §7). */
export const taskOps: OpRoute[] = [
  // The body's shape depends on the task kind, which checks it before the task starts.
  bindOperation(operations.startTask, (ctx, { name }, body) => TaskRunner.of(ctx.services).launch(signedInCaller(ctx), name, body)),
  // The task as it is now: for a client that lost the pushes (a reconnect) and wants to catch up.
  bindOperation(operations.taskStatus, (ctx, { key }) => status(ctx, key)),
  bindOperation(operations.cancelTask, (ctx, { key }) => kill(ctx, key)),
  bindOperation(operations.activeTask, (ctx, { key }, body) => (asksKill(body) ? kill(ctx, key) : status(ctx, key))),
  // The spec's optional trailing segment is not described; it is accepted (a whole number) and ignored.
  bindOperation(operations.activeTaskN, (ctx, { key }, body) => (asksKill(body) ? kill(ctx, key) : status(ctx, key))),
];
