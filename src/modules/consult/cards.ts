/** The consultation module's cards on the home screen's dashboard (spec 001 §2 "Dashboard default cards"). */
import type { CardDef } from '../../shared/dashboard/CardDef';

export const consultCards: readonly CardDef[] = [];

/** The English labels of the entries above (shown by the core before the module's screens load). */
export const cardLabels: Readonly<Record<string, string>> = {};
