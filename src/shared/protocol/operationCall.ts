import type { BodyOf, OperationDef, ParamKinds, ParamsOf, ReplyOf } from './defineOperation';

/** One request of the operation table, ready to send: its name with the parameters filled in, its body, and (as a type only) its reply. */
export interface OperationCall<R = unknown> {
  readonly o: string;
  readonly b?: unknown;
  /** Never set: carries the reply's type from the table to whoever awaits it. */
  readonly reply?: R;
}

type ParamsArg<D> = D extends OperationDef<infer P, unknown, unknown> ? (keyof P extends never ? [] : [params: ParamsOf<P>]) : never;

/**
 * The call of `op` with `body` (and its name's parameters): `callOf(orgsOperations.userAccount, { userId })`.
 * Typed from the operation table, so a wrong body or a missing parameter does not compile.
 */
export function callOf<D extends OperationDef<ParamKinds, unknown, unknown>>(
  op: D,
  body: BodyOf<D>,
  ...params: ParamsArg<D>
): OperationCall<ReplyOf<D>> {
  const values = (params[0] ?? {}) as Record<string, string | number>;
  const o = op.pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
  return body === undefined ? { o } : { o, b: body };
}
