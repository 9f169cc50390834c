import * as yup from 'yup';

/** Shapes of request bodies, checked by the server before a handler runs (and usable by the client). */

const plainObject = (message: string) =>
  yup.mixed<Record<string, unknown>>().test('object', message, (v) => typeof v === 'object' && v !== null && !Array.isArray(v));

/** Body of `create/{type}`: the new item's properties. */
export const createBody = plainObject('create needs the item as an object');

/** Body of `update`: the item with its `$id` and the `_u` it was read at. */
export const updateBody = plainObject('update needs the item as an object')
  .test('id', 'update needs the $id of the item', (v) => typeof v?.$id === 'string')
  .test('u', 'update needs the _u of the item as a whole number', (v) => Number.isInteger(v?._u));

/** Body of `delete/{id}`: optionally the `_u` the item was read at. */
export const deleteBody = yup.mixed().test('u', 'delete takes an optional _u as a whole number', (v: unknown) => {
  if (v === undefined || v === null) return true;
  const u = (v as { _u?: unknown })._u;
  return typeof v === 'object' && (u === undefined || Number.isInteger(u));
});

/** Most ids one `readMany/object` may ask for. */
export const READ_MANY_MAX = 1000;

/** Body of `readMany/object`: a list of ids. */
export const readManyBody = yup
  .array(yup.string().required())
  .required('readMany needs a list of ids')
  .max(READ_MANY_MAX, `readMany takes at most ${READ_MANY_MAX} ids`)
  .typeError('readMany needs a list of ids');

/** Body of `addWatch/{type}-0`: property values to match (strings, numbers, booleans or null). */
export const matchFilterBody = yup
  .mixed<Record<string, string | number | boolean | null>>()
  .test('filter', 'a type watch takes a match filter object of plain values', (v) =>
    v === undefined || v === null || (typeof v === 'object' && !Array.isArray(v) &&
      Object.values(v).every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x))));
