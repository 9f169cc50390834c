import type { Frame } from '../../shared/protocol';
import { inputProblem } from '../../shared/protocol/inputProblem';
import { OpError } from '../OpError';
import type { OpContext, OpRoute } from './OpContext';

interface CompiledRoute {
  route: OpRoute;
  regex: RegExp;
  names: string[];
}

function compile(route: OpRoute): CompiledRoute {
  const names: string[] = [];
  const source = route.def.pattern
    .split('/')
    .map((seg) =>
      seg.replace(/:([A-Za-z]+)|([^:]+)/g, (_m, name: string | undefined, lit: string | undefined) => {
        if (name) {
          names.push(name);
          return '([^/]+)';
        }
        return (lit ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      }),
    )
    .join('/');
  return { route, regex: new RegExp(`^${source}$`), names };
}

/** Operation names longer than this are refused unread (an id has at most about 40 characters). */
const MAX_OPERATION_LENGTH = 512;

/**
 * Answers frames by looking their operation up in one table `pattern -> route`. Every route
 * validates its name's parameters and its body against its definition (src/shared/protocol/
 * operations.ts) before its handler runs; here, first, every body is refused that no operation
 * could take (inputProblem).
 */
export class Dispatcher {
  private readonly routes: CompiledRoute[];

  constructor(routes: readonly OpRoute[]) {
    this.routes = routes.map(compile);
  }

  /** The route of `op` and its raw (still escaped) parameter segments; each route checks and decodes its own. */
  private match(op: string): { route: OpRoute; params: Record<string, string> } | null {
    if (op.length > MAX_OPERATION_LENGTH) return null;
    for (const c of this.routes) {
      const m = c.regex.exec(op);
      if (m) return { route: c.route, params: Object.fromEntries(c.names.map((n, i) => [n, m[i + 1]!])) };
    }
    return null;
  }

  /** Runs the frame's operation and answers the reply frame; failures become erred replies. */
  async dispatch(ctx: OpContext, frame: Frame): Promise<Frame> {
    const reply = (b: unknown): Frame => (frame.s === undefined ? { o: frame.o, b } : { o: frame.o, s: frame.s, b });
    try {
      const found = typeof frame.o === 'string' ? this.match(frame.o) : null;
      if (!found) throw new OpError('unknownOperation', `Unknown operation ${JSON.stringify(String(frame.o).slice(0, 100))}`);
      const { route, params } = found;
      if (route.def.socketOnly && !ctx.connection) throw new OpError('unknownOperation', `${frame.o} needs the live socket`);
      if (route.def.signedIn && !ctx.caller) throw new OpError('notSignedIn', `${frame.o} needs a signed-in user`);
      // Before any schema or handler: yup itself trips over inherited names (field.resolve), and a
      // handler copying keys would take `__proto__` as the prototype (issue 19, findings 2 and 5).
      const problem = inputProblem(frame.b);
      if (problem) throw new OpError('validationFailed', problem.sysMessage, { [problem.path || '$body']: problem.messageKey });
      return reply(await route.run(ctx, params, frame.b));
    } catch (e) {
      return erredReply(frame, e);
    }
  }
}

/** The erred reply to `frame` for a failure: an OpError's own key, anything else generalFailure (logged). */
export function erredReply(frame: Frame, e: unknown): Frame {
  const err = e instanceof OpError ? e : internalError(frame.o, e);
  return { o: frame.o, ...(frame.s === undefined ? {} : { s: frame.s }), erred: true, b: err.toBody() };
}

function internalError(op: unknown, e: unknown): OpError {
  console.error(`Operation ${String(op)} failed:`, e);
  return new OpError('generalFailure', 'The server could not complete the request');
}
