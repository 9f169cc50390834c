/**
 * The admin.owner screen's actor: which organisation owns the dedicated site (`act/siteOwner`), its
 * members with their capabilities (`act/orgMembers`, for those who manage them), the users who could
 * join (`act/orgMemberCandidates`), and one write at a time: choose the owner, switch a member's
 * capability, add or remove a member. After a write the whole screen is asked again. Every request is
 * an `operation` actor; the candidate search runs in a region of its own, beside whatever else is
 * under way, and a newer search stops the older one with its actor.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { MemberCandidate, OrgMember, OrgMembersReply, SiteOwnerReply } from '../../src/shared/admin/SiteOwner';
import { callOf, type OperationCall } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { failureOf, operationLogic } from '../session/operation';
import { toResourceError, type ResourceError } from '../session/resourceMachine';
import { sayApplied } from '../session/sayApplied';

export interface OwnerContext {
  owner: SiteOwnerReply | null;
  members: OrgMember[];
  /** The capabilities a membership can hold. */
  capabilities: string[];
  /** Why the screen could not be had. */
  error: ResourceError | null;
  /** Why the last write was refused, and what it changed (`owner`, `new`, or a member's user id). */
  saveError: ResourceError | null;
  savingKey: string | null;
  /** The write under way. */
  saving: OperationCall | null;
  candidates: MemberCandidate[];
  /** The text of the last candidate search, and whether its answer came. */
  search: { text: string; answered: boolean } | null;
}

export type OwnerEvent =
  | { type: 'owner.reloaded' }
  | { type: 'owner.chosen'; orgId: string | null }
  | { type: 'owner.capabilitySwitched'; userId: string; capability: string; on: boolean }
  | { type: 'owner.memberAdded'; userId: string }
  | { type: 'owner.memberRemoved'; userId: string }
  | { type: 'owner.candidatesSearched'; text: string }
  | { type: 'owner.errorCleared' };

type WriteEvent = Extract<OwnerEvent, { type: 'owner.chosen' | 'owner.capabilitySwitched' | 'owner.memberAdded' | 'owner.memberRemoved' }>;

/** The request of a write, and the key it is shown under; null when it names no member of the list. */
function writeOf(context: OwnerContext, event: WriteEvent): { key: string; call: OperationCall } | null {
  const orgId = context.owner?.orgId;
  if (event.type === 'owner.chosen') return { key: 'owner', call: callOf(operations.setSiteOwner, { orgId: event.orgId }) };
  if (!orgId) return null;
  if (event.type === 'owner.memberAdded')
    return { key: 'new', call: callOf(operations.setMembership, { userId: event.userId, orgId, capabilities: {} }) };
  const member = context.members.find((m) => m.userId === event.userId);
  if (!member) return null;
  if (event.type === 'owner.memberRemoved')
    return { key: member.userId, call: callOf(operations.removeMembership, { userId: member.userId, orgId }) };
  // A capability switched off is left out rather than kept as false.
  const capabilities = Object.fromEntries(
    Object.entries({ ...member.capabilities, [event.capability]: event.on }).filter(([, held]) => held),
  );
  return { key: member.userId, call: callOf(operations.setMembership, { userId: member.userId, orgId, capabilities }) };
}

const isWrite = (event: OwnerEvent): event is WriteEvent =>
  event.type === 'owner.chosen' ||
  event.type === 'owner.capabilitySwitched' ||
  event.type === 'owner.memberAdded' ||
  event.type === 'owner.memberRemoved';

/** screen: LOADING (OWNER, MEMBERS), READY, SAVING, FAILED; candidates: IDLE, SEARCHING. */
export const ownerMachine = setup({
  types: {
    context: {} as OwnerContext,
    events: {} as OwnerEvent,
  },
  actors: { operation: operationLogic },
  guards: {
    // Members are asked of an owner organisation whose members the caller manages.
    managesMembers: (_, params: { output: unknown }) => {
      const reply = params.output as SiteOwnerReply;
      return reply.mayManage && reply.orgId !== null;
    },
    isWritable: ({ context, event }) =>
      event.type === 'owner.chosen' ? context.owner?.mayChoose === true : isWrite(event) && writeOf(context, event) !== null,
    hasOwner: ({ context }) => Boolean(context.owner?.orgId),
  },
  actions: {
    storeOwner: assign((_, params: { output: unknown }) => ({ owner: params.output as SiteOwnerReply, error: null })),
    clearMembers: assign({ members: [], capabilities: [], candidates: [], search: null }),
    storeMembers: assign((_, params: { output: unknown }) => {
      const reply = params.output as OrgMembersReply;
      return { members: reply.members, capabilities: reply.capabilities };
    }),
    storeError: assign((_, params: { error: unknown }) => ({ error: toResourceError(failureOf(params.error)) })),
    startWrite: assign(({ context, event }) => {
      const write = isWrite(event) ? writeOf(context, event) : null;
      return write ? { savingKey: write.key, saving: write.call, saveError: null } : {};
    }),
    endWrite: assign({ saving: null }),
    applied: enqueueActions(({ enqueue, system }) => {
      enqueue.assign({ candidates: [], search: null });
      sayApplied(enqueue, system);
    }),
    storeSaveError: assign((_, params: { error: unknown }) => ({ saveError: toResourceError(failureOf(params.error)) })),
    clearSaveError: assign({ saveError: null, savingKey: null }),
    startSearch: assign(({ event }) =>
      event.type === 'owner.candidatesSearched' ? { candidates: [], search: { text: event.text, answered: false } } : {},
    ),
    // A refused search shows as no candidates.
    storeCandidates: assign(({ context }, params: { output: unknown }) => ({
      candidates: Array.isArray(params.output) ? (params.output as MemberCandidate[]) : [],
      search: context.search && { ...context.search, answered: true },
    })),
  },
}).createMachine({
  id: 'owner',
  context: {
    owner: null,
    members: [],
    capabilities: [],
    error: null,
    saveError: null,
    savingKey: null,
    saving: null,
    candidates: [],
    search: null,
  },
  type: 'parallel',
  states: {
    screen: {
      initial: 'LOADING',
      states: {
        LOADING: {
          initial: 'OWNER',
          states: {
            OWNER: {
              invoke: {
                id: 'owner',
                src: 'operation',
                input: callOf(operations.siteOwner, undefined),
                onDone: [
                  {
                    guard: { type: 'managesMembers', params: ({ event }) => ({ output: event.output }) },
                    target: 'MEMBERS',
                    actions: { type: 'storeOwner', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    target: '#owner.screen.READY',
                    actions: [{ type: 'storeOwner', params: ({ event }) => ({ output: event.output }) }, 'clearMembers'],
                  },
                ],
                onError: {
                  target: '#owner.screen.FAILED',
                  actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            MEMBERS: {
              invoke: {
                id: 'members',
                src: 'operation',
                input: ({ context }) => callOf(operations.orgMembers, { orgId: context.owner?.orgId ?? '' }),
                onDone: {
                  target: '#owner.screen.READY',
                  actions: { type: 'storeMembers', params: ({ event }) => ({ output: event.output }) },
                },
                onError: {
                  target: '#owner.screen.FAILED',
                  actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
        READY: {
          on: {
            'owner.reloaded': 'LOADING',
            'owner.chosen': { guard: 'isWritable', target: 'SAVING', actions: 'startWrite' },
            'owner.capabilitySwitched': { guard: 'isWritable', target: 'SAVING', actions: 'startWrite' },
            'owner.memberAdded': { guard: 'isWritable', target: 'SAVING', actions: 'startWrite' },
            'owner.memberRemoved': { guard: 'isWritable', target: 'SAVING', actions: 'startWrite' },
            'owner.errorCleared': { actions: 'clearSaveError' },
          },
        },
        SAVING: {
          invoke: {
            id: 'save',
            src: 'operation',
            // Set by the transition into SAVING; the fallback only satisfies the type.
            input: ({ context }) => context.saving ?? callOf(operations.siteOwner, undefined),
            onDone: { target: 'LOADING', actions: ['endWrite', 'applied'] },
            onError: {
              target: 'READY',
              actions: ['endWrite', { type: 'storeSaveError', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
        FAILED: { on: { 'owner.reloaded': 'LOADING' } },
      },
    },
    // The add-a-member chooser searches beside whatever else is under way.
    candidates: {
      initial: 'IDLE',
      states: {
        IDLE: {
          on: { 'owner.candidatesSearched': { guard: 'hasOwner', target: 'SEARCHING', actions: 'startSearch' } },
        },
        SEARCHING: {
          on: {
            // Re-entered: the older search stops with its actor, so only the newest answer lands.
            'owner.candidatesSearched': { guard: 'hasOwner', target: 'SEARCHING', reenter: true, actions: 'startSearch' },
          },
          invoke: {
            id: 'candidates',
            src: 'operation',
            input: ({ context }) =>
              callOf(operations.orgMemberCandidates, { orgId: context.owner?.orgId ?? '', text: context.search?.text ?? '' }),
            onDone: { target: 'IDLE', actions: { type: 'storeCandidates', params: ({ event }) => ({ output: event.output }) } },
            onError: { target: 'IDLE', actions: { type: 'storeCandidates', params: () => ({ output: [] }) } },
          },
        },
      },
    },
  },
});

export type OwnerActorRef = ActorRefFrom<typeof ownerMachine>;
type Snapshot = SnapshotFrom<typeof ownerMachine>;

/** LOADING, READY, SAVING or FAILED. */
export const selectOwnerStatus = (s: Snapshot): 'LOADING' | 'READY' | 'SAVING' | 'FAILED' =>
  s.matches({ screen: 'LOADING' })
    ? 'LOADING'
    : s.matches({ screen: 'SAVING' })
      ? 'SAVING'
      : s.matches({ screen: 'FAILED' })
        ? 'FAILED'
        : 'READY';
/** The last answer of `act/siteOwner` (kept while the screen is asked again). */
export const selectOwner = (s: Snapshot): SiteOwnerReply | null => s.context.owner;
/** The owner organisation's members, by name. */
export const selectOwnerMembers = (s: Snapshot): OrgMember[] => s.context.members;
/** The capabilities a membership can hold. */
export const selectMembershipCapabilities = (s: Snapshot): string[] => s.context.capabilities;
/** Users found for the add-a-member chooser. */
export const selectMemberCandidates = (s: Snapshot): MemberCandidate[] => s.context.candidates;
/** The last candidate search's text and whether it was answered (null: none since the last write). */
export const selectCandidateSearch = (s: Snapshot): { text: string; answered: boolean } | null => s.context.search;
/** Why the screen could not be had. */
export const selectOwnerError = (s: Snapshot): ResourceError | null => s.context.error;
/** Why the last write was refused. */
export const selectOwnerSaveError = (s: Snapshot): ResourceError | null => s.context.saveError;
/** What the last write (under way, done or refused) changes. */
export const selectOwnerSavingKey = (s: Snapshot): string | null => s.context.savingKey;
