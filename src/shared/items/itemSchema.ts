import * as yup from 'yup';
import { geometryError } from '../geo/geometry';
import { isValidId } from '../ids';
import {
  isDate,
  isDateTime,
  isEmail,
  isHexColour,
  isHttpUrl,
  isImpreciseDate,
  isLowercase,
  isMediaType,
  isPhone,
  isVersion,
} from './formRules';
import type { ItemData, ItemTypeDef, PropertyDef } from './types';
import { VISIBILITIES } from './types';

/** Fields the server keeps; a client may send them back but they are never stored from the body. */
export const SERVER_FIELDS = new Set([
  '$id',
  '_t',
  '_i',
  '_u',
  '_c',
  '_m',
  '$labels',
  '$deleted',
  '$labelOnly',
  '$v',
  '$notify',
  '$hideNotify',
]);

type Schema = yup.Schema<unknown>;

const isBlank = (v: unknown): boolean => v === undefined || v === null || v === '';

function relSchema(def: PropertyDef): Schema {
  return yup.mixed().test('rel', 'errors.relatedNeedsId', (v) => {
    if (isBlank(v)) return true;
    const ok = (r: unknown): boolean => {
      if (typeof r !== 'object' || r === null) return false;
      const id = (r as { id?: unknown }).id;
      if (!isValidId(id)) return false;
      return !def.relTypes || def.relTypes.includes(id.split('-')[0]!);
    };
    return def.multiple ? Array.isArray(v) && v.every(ok) : ok(v);
  });
}

function textSchema(def: PropertyDef): Schema {
  let s = yup.string().typeError('errors.invalidValue');
  if (def.maxLength !== undefined) s = s.max(def.maxLength, 'errors.maxLength');
  if (def.notBlank) s = s.test('notBlank', 'errors.notBlank', (v) => v === undefined || v.trim() !== '');
  const formats: Record<NonNullable<PropertyDef['format']>, [string, (v: string) => boolean]> = {
    email: ['errors.invalidEmail', isEmail],
    phone: ['errors.invalidPhone', isPhone],
    url: ['errors.invalidURL', isHttpUrl],
    hex: ['errors.invalidHex', isHexColour],
    lowercase: ['errors.lowercase', isLowercase],
    version: ['errors.invalidVersion', isVersion],
    mediaType: ['errors.invalidValue', isMediaType],
  };
  if (def.format) {
    const [message, check] = formats[def.format];
    s = s.test(def.format, message, (v) => !v || check(v));
  }
  return s as Schema;
}

function numberSchema(def: PropertyDef): Schema {
  let s = yup.number().typeError('errors.number.float');
  if (def.number === 'INTEGER') s = s.integer('errors.number.integer');
  if (def.number === 'NATURAL') s = s.integer('errors.number.natural').moreThan(0, 'errors.number.natural');
  return s as Schema;
}

function stringCheck(name: string, message: string, check: (v: string) => boolean): Schema {
  return yup.mixed().test(name, message, (v) => isBlank(v) || (typeof v === 'string' && check(v)));
}

function arrayLimits(def: PropertyDef, s: Schema): Schema {
  return s
    .test('min', 'errors.array.min', (v) => def.minItems === undefined || isBlank(v) || (Array.isArray(v) && v.length >= def.minItems))
    .test('max', 'errors.array.max', (v) => def.maxItems === undefined || isBlank(v) || (Array.isArray(v) && v.length <= def.maxItems));
}

/** The yup schema of one property value, by its kind and form rules. */
export function propertySchema(def: PropertyDef): Schema {
  switch (def.kind) {
    case 'textField':
    case 'HTM':
    case 'labelFunc':
      return textSchema(def);
    case 'NUM':
      return numberSchema(def);
    case 'BOOL':
      return yup.boolean().typeError('errors.invalidValue') as Schema;
    case 'SEL': {
      const one = (v: unknown): boolean => typeof v === 'string' && (!def.options || def.options.includes(v));
      return yup
        .mixed()
        .test('sel', 'errors.invalidValue', (v) => isBlank(v) || (def.multiple ? Array.isArray(v) && v.every(one) : one(v)));
    }
    case 'LOV': {
      const one = (v: unknown): boolean => typeof v === 'string' && v.length > 0 && v.length <= 200;
      return yup
        .mixed()
        .test('lov', 'errors.invalidValue', (v) => isBlank(v) || (def.multiple ? Array.isArray(v) && v.every(one) : one(v)));
    }
    case 'REL':
      return relSchema(def);
    case 'DT':
      return stringCheck('date', 'errors.invalidDate', isDate);
    case 'DTM':
      return stringCheck('dateTime', 'errors.invalidDate', isDateTime);
    case 'impreciseDate':
      return stringCheck('impreciseDate', 'errors.invalidDate', isImpreciseDate);
    case 'translations':
      return yup
        .mixed()
        .test(
          'translations',
          'errors.invalidValue',
          (v) =>
            isBlank(v) || (typeof v === 'object' && !Array.isArray(v) && Object.values(v as object).every((t) => typeof t === 'string')),
        );
    case 'object':
      // A nested value such as a saved search's criteria; `of` checks the parts it names.
      return (def.of ? objectSchema(def.of, false) : yup.object()).typeError('errors.invalidValue') as Schema;
    case 'GEO':
      return yup
        .mixed()
        .nullable()
        .test('geometry', 'errors.geometry.type', (v, ctx) => {
          const error = isBlank(v) ? null : geometryError(v);
          return error ? ctx.createError({ message: error }) : true;
        });
    case 'IDM':
    case 'ATT':
    case 'ARR':
    case 'list': {
      const element = def.of ? objectSchema(def.of, false) : yup.mixed();
      return arrayLimits(
        def,
        yup
          .array()
          .of(element as Schema)
          .typeError('errors.invalidValue') as Schema,
      );
    }
  }
}

/** The schemas built for each type's properties, for a non-administrator and for an administrator: a type's properties never change. */
const objectSchemas = new WeakMap<Record<string, PropertyDef>, [Schema | undefined, Schema | undefined]>();

/** The schema of `props` as `buildObjectSchema` makes it, built once per properties and role (an import checks thousands of rows). */
function objectSchema(props: Record<string, PropertyDef>, admin: boolean): Schema {
  const built = objectSchemas.get(props) ?? [undefined, undefined];
  const at = admin ? 1 : 0;
  if (!built[at]) {
    built[at] = buildObjectSchema(props, admin);
    objectSchemas.set(props, built);
  }
  return built[at];
}

function buildObjectSchema(props: Record<string, PropertyDef>, admin: boolean): Schema {
  const shape: Record<string, Schema> = {};
  for (const [name, def] of Object.entries(props)) {
    let s = propertySchema(def);
    if (def.required === true || (def.required === 'exceptAdmin' && !admin)) {
      s = s.test('required', 'errors.required', (v) => !isBlank(v) && !(Array.isArray(v) && v.length === 0));
    }
    shape[name] = s;
  }
  return yup.object(shape) as Schema;
}

/** Validation failures keyed by property, each a message key of spec 000 §5. */
export type FieldErrors = Record<string, string>;

/**
 * Whether `key` is a property `type` declares. Own keys only: `key in properties` would accept
 * `constructor`, `toString` and the other names every object inherits (issue 19, finding 2).
 */
export function declaresProperty(type: ItemTypeDef, key: string): boolean {
  return Object.hasOwn(type.properties, key);
}

/** The keys of `data` that are neither declared by `type`, nor server fields, nor `$access`. */
export function unknownProperties(type: ItemTypeDef, data: ItemData): string[] {
  return Object.keys(data).filter((key) => key !== '$access' && !SERVER_FIELDS.has(key) && !declaresProperty(type, key));
}

/**
 * Validates the stored properties of an item of `type` and answers the failures (empty when valid).
 * Unknown properties fail with errors.unknownProperty; server fields are ignored.
 */
export function validateItemData(type: ItemTypeDef, data: ItemData, options: { admin: boolean }): FieldErrors {
  // No prototype: `errors['__proto__'] = ...` on a plain object would vanish, and the item pass.
  const errors = Object.create(null) as FieldErrors;
  if (Object.hasOwn(data, '$access') && !(VISIBILITIES as readonly unknown[]).includes(data.$access))
    errors.$access = 'errors.invalidValue';
  for (const key of unknownProperties(type, data)) errors[key] = 'errors.unknownProperty';
  try {
    objectSchema(type.properties, options.admin).validateSync(data, { abortEarly: false, strict: true });
  } catch (e) {
    if (!(e instanceof yup.ValidationError)) throw e;
    for (const inner of e.inner.length ? e.inner : [e]) {
      const path = (inner.path ?? '').split(/[.[]/)[0] ?? '';
      if (path && !errors[path]) errors[path] = String(inner.message);
    }
  }
  for (const [start, end] of type.dateRanges ?? []) {
    const a = data[start];
    const b = data[end];
    if (typeof a === 'string' && typeof b === 'string' && b < a && !errors[end]) errors[end] = 'errors.endBeforeStart';
  }
  return errors;
}
