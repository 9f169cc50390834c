/**
 * Who distributes a consultation to communities, and from which states (act/consultDistribute): one
 * rule for the server's decision and for the screen that offers it.
 */
import { CONSULT_RESPOND } from './consultRules';

/** The states from which a consultation is distributed (its move to CONSULTING follows from REVIEW). */
export const DISTRIBUTABLE: ReadonlySet<string> = new Set(['REVIEW', 'CONSULTING']);

/** Whether `caller` distributes consultations: the site's responders and administrators. */
export const distributes = (caller: { admin: boolean; capabilities: Readonly<Record<string, boolean>> }): boolean =>
  caller.admin || caller.capabilities[CONSULT_RESPOND] === true;
