import * as yup from 'yup';
import { isValidId } from '../ids';
import { lazy } from '../lazy';
import type { ItemData } from '../items/types';
import type { MatchFilter } from './frame';

/**
 * Shapes of request bodies, checked by the server before a handler runs (and usable by the client).
 * The dispatcher validates strictly: nothing is coerced, and a closed object refuses keys it does
 * not name. Messages are message keys (errors.*) where the browser shows them beside a field.
 */

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An object with exactly these keys (others refused with errors.unknownProperty), required. */
export const closedObject = <S extends yup.ObjectShape>(shape: S) =>
  yup.object(shape).noUnknown('errors.unknownProperty').required('errors.required');

/** Like `closedObject`, but the whole body may be left out. */
export const optionalClosedObject = <S extends yup.ObjectShape>(shape: S) =>
  yup.object(shape).noUnknown('errors.unknownProperty').optional();

/** A body an operation does not take: left out, null, or an empty object (what browsers send for "nothing"). */
export const noBody = lazy(() =>
  yup
    .mixed<Record<string, never>>()
    .nullable()
    .test('noBody', 'errors.unknownProperty', (v) => v === undefined || v === null || (isPlainObject(v) && Object.keys(v).length === 0)),
);

/** Longest id a body may name (a type name and two numbers). */
const MAX_ID_LENGTH = 120;

/** A string that is an item id by the rules of src/shared/ids.ts. */
export const itemIdString = () =>
  yup
    .string()
    .max(MAX_ID_LENGTH, 'errors.invalidId')
    .test('id', 'errors.invalidId', (v) => v === undefined || isValidId(v));

/** An id of one of `types`: `Type-number`. */
export const typedIdString = (...types: string[]) =>
  yup.string().matches(new RegExp(`^(${types.join('|')})-[1-9][0-9]{0,15}$`), 'errors.invalidId');

/** A list of item ids, at most `max` of them. */
export const idList = (max: number) => yup.array(itemIdString().required('errors.required')).max(max, 'errors.array.max');

/** Body of `create/{type}`: the new item's properties (checked against the type by the item store). */
export const createBody = lazy(() =>
  yup
    .mixed<ItemData>((v): v is ItemData => isPlainObject(v))
    .required('errors.required')
    .typeError('create needs the item as an object'),
);

/** Body of `update`: the item with its `$id` and the `_u` it was read at. */
export const updateBody = lazy(() =>
  yup
    .mixed<ItemData & { $id: string; _u: number }>(
      (v): v is ItemData & { $id: string; _u: number } => isPlainObject(v) && typeof v.$id === 'string' && Number.isInteger(v._u),
    )
    .required('errors.required')
    .typeError('update needs the item as an object with its $id and its _u as a whole number'),
);

/** Body of `delete/{id}`: optionally the `_u` the item was read at. */
export const deleteBody = lazy(() => optionalClosedObject({ _u: yup.number().integer('errors.number.integer').min(0) }).nullable());

/** Most ids one `readMany/object` may ask for. */
export const READ_MANY_MAX = 1000;

/** Body of `readMany/object`: a list of ids. */
export const readManyBody = lazy(() =>
  yup
    .array(yup.string().required('errors.required'))
    .required('readMany needs a list of ids')
    .max(READ_MANY_MAX, `readMany takes at most ${READ_MANY_MAX} ids`)
    .typeError('readMany needs a list of ids'),
);

/** Body of `addWatch/{type}-0`: property values to match (strings, numbers, booleans or null); none for one item. */
export const matchFilterBody = lazy(() =>
  yup
    .mixed<MatchFilter>(
      (v): v is MatchFilter =>
        isPlainObject(v) && Object.values(v).every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x)),
    )
    .nullable()
    .optional()
    .typeError('a type watch takes a match filter object of plain values'),
);

/** Body of the task operations `activeTask/{key}`: `'killTask'`, `{killTask: true}`, or nothing for the status. */
export const activeTaskBody = lazy(() =>
  yup
    .mixed<'killTask' | { killTask: boolean }>(
      (v): v is 'killTask' | { killTask: boolean } =>
        v === 'killTask' || (isPlainObject(v) && Object.keys(v).every((k) => k === 'killTask') && typeof v.killTask === 'boolean'),
    )
    .nullable()
    .optional()
    .typeError("activeTask takes 'killTask', {killTask: true} or nothing"),
);

/** A map of capability names to true or false. */
export const capabilityMap = () =>
  yup
    .mixed<Record<string, boolean>>(
      (v): v is Record<string, boolean> => isPlainObject(v) && Object.values(v).every((x) => typeof x === 'boolean'),
    )
    .typeError('capabilities must map names to true or false');
