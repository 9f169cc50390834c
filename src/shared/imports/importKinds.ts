import { itemTypes } from '../itemTypes';
import { lazy } from '../lazy';
import { modules } from '../../modules';
import { importKindTable, type RegisteredImportKind } from './importKindTable';

/** Every module's import kinds, built now: the server calls it at start, so a faulty kind stops it. */
export const buildImportKinds = (): ReadonlyMap<string, RegisteredImportKind> => importKindTable(modules, (name) => itemTypes.get(name));

/** The registered import kinds, built the first time they are asked for. */
export const importKinds: () => ReadonlyMap<string, RegisteredImportKind> = lazy(buildImportKinds);
