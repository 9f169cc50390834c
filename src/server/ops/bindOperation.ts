import * as yup from 'yup';
import type { OperationDef, ParamKinds, ParamsOf } from '../../shared/protocol/defineOperation';
import { paramValue } from '../../shared/protocol/paramValue';
import { OpError } from '../OpError';
import type { OpHandler, OpRoute } from './OpContext';

/** The message key for one failed check: the schema's own key where it gives one, else by the kind of check. */
function messageKey(e: yup.ValidationError): string {
  const message = String(e.message);
  if (message.startsWith('errors.')) return message;
  if (e.type === 'required' || e.type === 'optionality' || e.type === 'defined' || e.type === 'nullable') return 'errors.required';
  return 'errors.invalidValue';
}

/** The refusal of a body the schema does not accept: each failed path with its message key. */
export function bodyRefusal(def: Pick<OperationDef, 'pattern' | 'refusal'>, error: yup.ValidationError): OpError {
  const fields = Object.create(null) as Record<string, string>;
  const lines: string[] = [];
  for (const e of error.inner.length > 0 ? error.inner : [error]) {
    const path = e.path ?? '';
    if (e.type === 'noUnknown') {
      for (const key of String((e.params as { unknown?: unknown } | undefined)?.unknown ?? '')
        .split(', ')
        .filter(Boolean)) {
        const at = path ? `${path}.${key}` : key;
        fields[at] ??= 'errors.unknownProperty';
        lines.push(`${at}: not part of this body`);
      }
      continue;
    }
    const at = path || '$body';
    fields[at] ??= messageKey(e);
    lines.push(`${at}: ${String(e.message)}`);
  }
  const sysMessage = `Invalid body for ${def.pattern}: ${lines.join('; ')}`;
  return def.refusal
    ? new OpError(def.refusal, error.errors.join('; ') || sysMessage)
    : new OpError('validationFailed', sysMessage, fields);
}

/** The parameters of an operation name, each checked by its kind; a failure is a clear refusal. */
function checkedParams<P extends ParamKinds>(kinds: P, raw: Readonly<Record<string, string>>): ParamsOf<P> {
  const out: Record<string, string | number> = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const value = paramValue(kind, raw[name] ?? '');
    if (value === undefined) {
      if (kind === 'id') throw new OpError('invalidId', `Invalid id: ${JSON.stringify(raw[name])}`);
      throw new OpError('validationFailed', `The ${name} in the operation name is not valid: ${JSON.stringify(raw[name])}`, {
        [name]: 'errors.invalidValue',
      });
    }
    out[name] = value;
  }
  // Every name of `kinds` was given a value of its kind just above.
  return out as ParamsOf<P>;
}

/**
 * Binds a handler to its operation definition. The route validates the name's parameters and the
 * body strictly (no coercion, unknown keys refused where the shape is closed) before the handler
 * runs, so a handler only ever sees the types its definition declares.
 */
export function bindOperation<P extends ParamKinds, B, R>(def: OperationDef<P, B, R>, handler: OpHandler<P, B, R>): OpRoute {
  return {
    def,
    run: async (ctx, rawParams, rawBody) => {
      const params = checkedParams(def.params, rawParams);
      let body: B;
      try {
        body = def.body.validateSync(rawBody, { strict: true, abortEarly: false });
      } catch (e) {
        if (e instanceof yup.ValidationError) throw bodyRefusal(def, e);
        throw e;
      }
      return handler(ctx, params, body);
    },
  };
}
