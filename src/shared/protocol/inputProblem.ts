import { MAX_BODY_DEPTH } from '../constants';

/**
 * Keys no request may carry anywhere: the names Object.prototype answers to, and `prototype`.
 * JSON.parse makes them own properties, harmless until code copies them with `obj[key] = v`
 * (`__proto__` then swaps the prototype) or looks a key up in a plain object (`constructor` finds
 * Object); yup's object schema does the latter ("field.resolve is not a function").
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/** Why a request body is refused before any schema sees it: the path of the offending part and a message key. */
export interface InputProblem {
  path: string;
  messageKey: 'errors.forbiddenKey' | 'errors.nulCharacter' | 'errors.tooDeep';
  sysMessage: string;
}

const joinPath = (path: string, key: string | number): string =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

/**
 * The first part of `value` that no operation accepts, or null: a forbidden key, a NUL character
 * (PostgreSQL text cannot hold it) in a string or key, or nesting deeper than MAX_BODY_DEPTH.
 * Walks without recursion, so a hostile nesting cannot exhaust the stack here either.
 */
export function inputProblem(value: unknown, rootPath = ''): InputProblem | null {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: rootPath, depth: 0 }];
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000'))
        return { path, messageKey: 'errors.nulCharacter', sysMessage: `${path || 'The body'} holds a NUL character` };
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= MAX_BODY_DEPTH)
      return { path, messageKey: 'errors.tooDeep', sysMessage: `${path || 'The body'} nests deeper than ${MAX_BODY_DEPTH} levels` };
    if (Array.isArray(v)) {
      v.forEach((x, i) => stack.push({ v: x, path: joinPath(path, i), depth: depth + 1 }));
      continue;
    }
    for (const key of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(key))
        return {
          path: joinPath(path, key),
          messageKey: 'errors.forbiddenKey',
          sysMessage: `The key ${key} is not accepted anywhere in a request`,
        };
      if (key.includes('\u0000'))
        return { path, messageKey: 'errors.nulCharacter', sysMessage: `${path || 'The body'} has a key holding a NUL character` };
      stack.push({ v: (v as Record<string, unknown>)[key], path: joinPath(path, key), depth: depth + 1 });
    }
  }
  return null;
}
