import { isValidId } from '../ids';
import type { ParamKind } from './defineOperation';

const TYPE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const WHOLE = /^(0|[1-9][0-9]{0,15})$/;
const TASK_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The value of one operation-name parameter of `kind` from its raw (still escaped) segment, or
 * undefined when it breaks the kind's rules. A malformed `%` escape is such a break, never a
 * URIError (issue 19, finding 5).
 */
export function paramValue(kind: ParamKind, raw: string): string | number | undefined {
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  switch (kind) {
    case 'id':
      return isValidId(text) ? text : undefined;
    case 'typeName':
    case 'actName':
      return TYPE_NAME.test(text) ? text : undefined;
    case 'whole':
      return WHOLE.test(text) ? Number(text) : undefined;
    case 'taskKey':
      return TASK_KEY.test(text) ? text : undefined;
  }
}
