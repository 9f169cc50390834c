/** The journal's one operation: how often an entry was changed (its change log, kept by the module's own table). */
import { defineOperation } from '../../../src/shared/protocol/defineOperation';
import { closedObject, typedIdString } from '../../../src/shared/protocol/requestSchemas';

export const journalOperations = {
  changes: defineOperation<{ changes: number }>()({
    pattern: 'act/journalChanges',
    params: {},
    signedIn: true,
    body: () => closedObject({ entryId: typedIdString('JournalEntry').required('errors.required') }),
  }),
} as const;
