import { leaf } from './leaf';

/** Imports leaf.ts, which imports nothing back. */
export const user = `${leaf} used`;
