import type * as yup from 'yup';
import { lazy } from '../lazy';

/**
 * How a parameter in an operation name is checked, and what the handler is given for it:
 * `id` an item id by the rules of src/shared/ids.ts, `typeName` an item type's name, `whole` a
 * whole number (given as a number), `taskKey` a task's key, `actName` the name of a task kind.
 */
export type ParamKind = 'id' | 'typeName' | 'whole' | 'taskKey' | 'actName';

/** What the table needs of a yup schema: strict validation answering the typed body. */
export interface BodySchema<B> {
  validateSync(value: unknown, options?: yup.ValidateOptions): B;
}

/** The parameters of an operation by name, each with its kind. */
export type ParamKinds = Readonly<Record<string, ParamKind>>;

/** The parameters as a handler receives them: whole numbers as numbers, the others as strings. */
export type ParamsOf<P extends ParamKinds> = { readonly [N in keyof P]: P[N] extends 'whole' ? number : string };

/** One operation of the live protocol: its name pattern, its parameters, its body and its reply. */
export interface OperationDef<P extends ParamKinds = ParamKinds, B = unknown, R = unknown> {
  /** The operation name, with `:name` segments for the parameters in `params`. */
  readonly pattern: string;
  readonly params: P;
  /** The body's schema (yup): checked strictly (no coercion; closed objects refuse unknown keys). */
  readonly body: BodySchema<B>;
  /** Only over the socket (watches, token refresh, sign-out). */
  readonly socketOnly?: boolean;
  /** Only for a signed-in caller. */
  readonly signedIn?: boolean;
  /** The userMessage of a body the schema refuses, when not validationFailed (a form's fields). */
  readonly refusal?: 'parseRequestFailed';
  /** Never set: carries the reply's type for both sides. */
  readonly reply?: R;
}

/** An operation definition with its types erased, as tables of many of them hold it. */
export type AnyOperation = Omit<OperationDef, 'reply'>;

/** The body an operation takes once validated. */
export type BodyOf<D> = D extends OperationDef<ParamKinds, infer B, unknown> ? B : never;
/** The reply an operation answers. */
export type ReplyOf<D> = D extends OperationDef<ParamKinds, unknown, infer R> ? R : never;

/** An operation as a table declares it: its body schema as a function that builds it. */
export type OperationDecl<P extends ParamKinds, B> = Omit<OperationDef<P, B>, 'reply' | 'body'> & { readonly body: () => BodySchema<B> };

/**
 * Declares an operation whose reply is `R`: `defineOperation<Item>()({ pattern, params, body: () => schema })`.
 * Curried so that the reply is named while the parameters and the body are inferred. The schema is
 * built the first time `body` is read (by the server's dispatcher), never by a browser that only
 * sends the operation, so the table costs the first render nothing.
 */
export function defineOperation<R>() {
  return <P extends ParamKinds, B>(decl: OperationDecl<P, B>): OperationDef<P, B, R> => {
    const { body, ...rest } = decl;
    const schema = lazy(body);
    return Object.defineProperty({ ...rest }, 'body', { enumerable: true, get: schema }) as OperationDef<P, B, R>;
  };
}
