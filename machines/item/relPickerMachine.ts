/**
 * The searching chooser of one relation (REL) property (spec 000 §5, spec 001 §5): typed text is
 * searched after a pause among the property's types, the options shown with their labels, chosen
 * and removed by pointer or keyboard. For an organisation's contacts only that organisation's are
 * offered and blocked users' are left out; an item is never offered for itself; the error keys of
 * the organisation-and-contact rules are kept for the field to show.
 */
import { assign, emit, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { SEARCH_MIN_TEXT, SEARCH_SUGGESTIONS } from '../../src/shared/constants';
import { orgContactError } from '../../src/shared/items/orgContactRules';
import { callOf, type OperationCall } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { connectionOperationLogic, type ConnectionCall } from '../session/operation';
import {
  chosenOf,
  hasContacts,
  isContactsRole,
  relSearchQuery,
  valueOf,
  type RelOption,
  type RelPickerChanged,
  type RelPickerContext,
  type RelPickerEvent,
  type RelPickerInput,
} from './relPickerState';

export type { RelOption, RelOrgRule, RelPickerChanged, RelPickerContext, RelPickerEvent, RelPickerInput } from './relPickerState';

/** How long typing must pause before a search, in ms (spec 000 §9 user input). */
export const REL_TYPING_PAUSE_MS = 400;

/** The id of the request that checks the chosen contacts against the organisation (spawned: it outlives the list's states). */
const VERIFY = 'verify';

// A field shown outside a form runs outside the session's system: requests go through the connection of its input.
const requestOf = (context: RelPickerContext, call: OperationCall): ConnectionCall => ({ call, connection: context.connection });

/** The searching chooser of one REL property. */
export const relPickerMachine = setup({
  types: {
    context: {} as RelPickerContext,
    events: {} as RelPickerEvent,
    input: {} as RelPickerInput,
    emitted: {} as RelPickerChanged,
  },
  actors: { operation: connectionOperationLogic },
  delays: { typingPause: REL_TYPING_PAUSE_MS },
  guards: {
    isEmptyText: ({ event }) => event.type === 'relPicker.typed' && event.text.trim() === '',
    isShortText: ({ event }) => event.type === 'relPicker.typed' && event.text.trim().length < SEARCH_MIN_TEXT,
    needsOrg: ({ context }) => isContactsRole(context) && !context.orgRule?.org,
    hasContacts: (_, params: { reply: unknown }) => hasContacts(params.reply),
    hasOptions: ({ context }) => context.options.length > 0,
    isEnterOnOption: ({ context, event }) =>
      event.type === 'relPicker.keyPressed' && event.key === 'Enter' && context.options[context.highlighted] !== undefined,
    isEscape: ({ event }) => event.type === 'relPicker.keyPressed' && event.key === 'Escape',
    isBackspaceOnEmpty: ({ context, event }) =>
      event.type === 'relPicker.keyPressed' && event.key === 'Backspace' && context.text === '' && context.chosen.length > 0,
    isOffered: ({ context, event }) => event.type === 'relPicker.chosen' && context.options.some((o) => o.id === event.id),
  },
  actions: {
    setText: assign(({ event }) => (event.type === 'relPicker.typed' ? { text: event.text } : {})),
    clearOptions: assign({ options: [], highlighted: -1 }),
    setChooseOrg: assign({ error: 'errors.chooseOrg', options: [], highlighted: -1 }),
    clearSearchError: assign(({ context }) =>
      context.error === 'errors.chooseOrg' || context.error?.startsWith('search:') ? { error: null } : {},
    ),
    storeOptions: assign(({ context }, params: { reply: unknown }) => {
      const body = params.reply as { ids?: unknown; labels?: Record<string, string> } | null | undefined;
      const excluded = new Set([context.selfId, ...context.chosen.map((c) => c.id)]);
      const found = (Array.isArray(body?.ids) ? body.ids : []).filter((id): id is string => typeof id === 'string' && !excluded.has(id));
      return { options: found.slice(0, SEARCH_SUGGESTIONS).map((id) => ({ id, label: body?.labels?.[id] ?? id })), highlighted: -1 };
    }),
    dropBlocked: assign(({ context }, params: { reply: unknown }) => {
      const body = params.reply as { blocked?: unknown } | null | undefined;
      const blocked = new Set(Array.isArray(body?.blocked) ? body.blocked : []);
      return { options: context.options.filter((o) => !blocked.has(o.id)) };
    }),
    setSearchFailed: assign({ error: 'search:errors.generalFailure', options: [], highlighted: -1 }),
    moveHighlight: assign(({ context, event }) => {
      if (event.type === 'relPicker.highlighted') return { highlighted: event.index };
      if (event.type !== 'relPicker.keyPressed' || context.options.length === 0) return {};
      const n = context.options.length;
      if (event.key === 'ArrowDown') return { highlighted: (context.highlighted + 1) % n };
      if (event.key === 'ArrowUp') return { highlighted: context.highlighted <= 0 ? n - 1 : context.highlighted - 1 };
      return {};
    }),
    choose: assign(({ context, event }) => {
      const id = event.type === 'relPicker.chosen' ? event.id : context.options[context.highlighted]?.id;
      const option = context.options.find((o) => o.id === id);
      if (!option) return {};
      const chosen = context.multiple ? [...context.chosen.filter((c) => c.id !== option.id), option] : [option];
      return { chosen, text: '', options: [], highlighted: -1, error: null };
    }),
    remove: assign(({ context, event }) => {
      const id = event.type === 'relPicker.removed' ? event.id : context.chosen[context.chosen.length - 1]?.id;
      const chosen = context.chosen.filter((c) => c.id !== id);
      const noOrg = context.orgRule?.role === 'org' && !context.orgRule.optional && chosen.length === 0;
      return { chosen, error: noOrg ? 'errors.noOrg' : context.error === 'errors.notInOrg' ? null : context.error };
    }),
    emitChanged: emit(({ context }) => ({
      type: 'relPicker.changed' as const,
      name: context.name,
      value: valueOf(context),
      labels: Object.fromEntries(context.chosen.map((c) => [c.id, c.label])),
    })),
    setValue: assign(({ event }) =>
      event.type === 'relPicker.valueSet' ? { chosen: chosenOf(event.value, event.labels), error: null } : {},
    ),
    setOrg: assign(({ context, event }) =>
      event.type === 'relPicker.orgChanged' && context.orgRule ? { orgRule: { ...context.orgRule, org: event.org }, error: null } : {},
    ),
    // The chosen contacts are read again to check them against the new organisation; a check of an
    // earlier organisation is stopped, so its answer never arrives.
    sendVerify: enqueueActions(({ context, enqueue }) => {
      enqueue.stopChild(VERIFY);
      if (!isContactsRole(context)) return;
      if (!context.orgRule?.org) {
        if (context.chosen.length > 0) enqueue.assign({ error: 'errors.chooseOrg' });
        return;
      }
      if (context.chosen.length > 0)
        enqueue.spawnChild('operation', {
          id: VERIFY,
          input: requestOf(
            context,
            callOf(
              operations.readMany,
              context.chosen.map((c) => c.id),
            ),
          ),
        });
    }),
    checkVerified: assign(({ context }, params: { reply: unknown }) => {
      const body = (params.reply ?? {}) as Record<string, { _related?: { id?: string }[] } | null>;
      const contacts = context.chosen.map((c) => ({
        id: c.id,
        orgs: (body[c.id]?._related ?? []).map((r) => r.id).filter((id): id is string => typeof id === 'string'),
        blocked: false,
      }));
      return { error: orgContactError(context.orgRule?.org ?? null, contacts, { optional: context.orgRule?.optional }) };
    }),
  },
}).createMachine({
  id: 'relPicker',
  context: ({ input }) => ({
    connection: input.connection ?? null,
    name: input.name,
    relTypes: input.relTypes,
    multiple: input.multiple,
    selfId: input.selfId,
    orgRule: input.orgRule ?? null,
    chosen: chosenOf(input.value, input.labels),
    text: '',
    options: [],
    highlighted: -1,
    error: null,
  }),
  initial: 'closed',
  on: {
    'relPicker.typed': [
      { guard: 'isEmptyText', target: '.closed', actions: ['setText', 'clearOptions', 'clearSearchError'] },
      { guard: 'needsOrg', target: '.closed', actions: ['setText', 'setChooseOrg'] },
      { guard: 'isShortText', target: '.short', actions: ['setText', 'clearOptions', 'clearSearchError'] },
      { target: '.waiting', reenter: true, actions: ['setText', 'clearSearchError'] },
    ],
    'relPicker.removed': { target: '.closed', actions: ['remove', 'emitChanged', 'clearOptions'] },
    'relPicker.closed': { target: '.closed', actions: 'clearOptions' },
    'relPicker.valueSet': { target: '.closed', actions: ['setValue', 'clearOptions'] },
    'relPicker.orgChanged': { target: '.closed', actions: ['setOrg', 'clearOptions', 'sendVerify'] },
    'xstate.done.actor.verify': { actions: { type: 'checkVerified', params: ({ event }) => ({ reply: event.output }) } },
    // A check that could not be made leaves the field as it was: the server checks the rule again on save.
    'xstate.error.actor.verify': {},
  },
  states: {
    closed: {
      on: {
        'relPicker.keyPressed': { guard: 'isBackspaceOnEmpty', actions: ['remove', 'emitChanged'] },
      },
    },
    /** Fewer than three characters: the list says to keep typing (app.keepTyping). */
    short: {
      on: { 'relPicker.keyPressed': { guard: 'isEscape', target: 'closed' } },
    },
    waiting: {
      after: { typingPause: 'searching' },
      on: { 'relPicker.keyPressed': { guard: 'isEscape', target: 'closed' } },
    },
    // Typing again or Esc leaves the state and stops the search: an answer to an earlier text is never heard.
    searching: {
      invoke: {
        id: 'search',
        src: 'operation',
        input: ({ context }) => requestOf(context, callOf(operations.search, relSearchQuery(context))),
        onDone: [
          {
            guard: { type: 'hasContacts', params: ({ event }) => ({ reply: event.output }) },
            target: 'checking',
            actions: { type: 'storeOptions', params: ({ event }) => ({ reply: event.output }) },
          },
          { target: 'open', actions: { type: 'storeOptions', params: ({ event }) => ({ reply: event.output }) } },
        ],
        onError: { target: 'closed', actions: 'setSearchFailed' },
      },
      on: {
        'relPicker.keyPressed': { guard: 'isEscape', target: 'closed' },
      },
    },
    /** Blocked users' contacts are left out before anything is offered; a change of organisation is still checked (root). */
    checking: {
      invoke: {
        id: 'blocked',
        src: 'operation',
        input: ({ context }) =>
          requestOf(
            context,
            callOf(operations.blockedContacts, { ids: context.options.map((o) => o.id).filter((id) => id.startsWith('Contact-')) }),
          ),
        onDone: { target: 'open', actions: { type: 'dropBlocked', params: ({ event }) => ({ reply: event.output }) } },
        onError: { target: 'closed', actions: 'setSearchFailed' },
      },
      on: {
        'relPicker.keyPressed': { guard: 'isEscape', target: 'closed' },
      },
    },
    open: {
      on: {
        'relPicker.keyPressed': [
          { guard: 'isEnterOnOption', target: 'closed', actions: ['choose', 'emitChanged'] },
          { guard: 'isEscape', target: 'closed', actions: 'clearOptions' },
          { guard: 'hasOptions', actions: 'moveHighlight' },
        ],
        'relPicker.highlighted': { actions: 'moveHighlight' },
        'relPicker.chosen': { guard: 'isOffered', target: 'closed', actions: ['choose', 'emitChanged'] },
      },
    },
  },
});

export type RelPickerActorRef = ActorRefFrom<typeof relPickerMachine>;
export type RelPickerSnapshot = SnapshotFrom<typeof relPickerMachine>;

/** The chosen items. */
export const selectRelChosen = (s: RelPickerSnapshot): RelOption[] => s.context.chosen;
/** The options offered now (empty unless the list is open). */
export const selectRelOptions = (s: RelPickerSnapshot): RelOption[] => s.context.options;
/** The typed text. */
export const selectRelText = (s: RelPickerSnapshot): string => s.context.text;
/** Index of the highlighted option, -1 for none. */
export const selectRelHighlighted = (s: RelPickerSnapshot): number => s.context.highlighted;
/** The listbox is shown: options, a search under way, or the keep-typing hint. */
export const selectRelExpanded = (s: RelPickerSnapshot): boolean => !s.matches('closed');
/** What the listbox says when it has no options: app.keepTyping, a search under way, or app.noResults.NONE. */
export const selectRelStatus = (s: RelPickerSnapshot): 'keepTyping' | 'searching' | 'noResults' | null =>
  s.matches('short')
    ? 'keepTyping'
    : s.matches('open')
      ? s.context.options.length
        ? null
        : 'noResults'
      : s.matches('closed')
        ? null
        : 'searching';
/** The error key to show under the field (a failed search's key without its marker). */
export const selectRelError = (s: RelPickerSnapshot): string | null => s.context.error?.replace(/^search:/, '') ?? null;
