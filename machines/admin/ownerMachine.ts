/**
 * The admin.owner screen's actor: which organisation owns the dedicated site (`act/siteOwner`), its
 * members with their capabilities (`act/orgMembers`, for those who manage them), the users who could
 * join (`act/orgMemberCandidates`), and one write at a time: choose the owner, switch a member's
 * capability, add or remove a member. After a write the whole screen is asked again.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { MemberCandidate, OrgMember, OrgMembersReply, SiteOwnerReply } from '../../src/shared/admin/SiteOwner';
import type { Frame } from '../../src/shared/protocol';
import type { ConnectionReplyEvent } from '../session/pendingRequests';
import { toAdminError, type AdminAlerts, type AdminConnection, type AdminError } from './adminRequests';

export interface OwnerInput {
  connection: AdminConnection;
  alerts?: AdminAlerts | null;
}

export interface OwnerContext {
  connection: AdminConnection;
  alerts: AdminAlerts | null;
  owner: SiteOwnerReply | null;
  members: OrgMember[];
  /** The capabilities a membership can hold. */
  capabilities: string[];
  /** Why the screen could not be had. */
  error: AdminError | null;
  /** Why the last write was refused, and what it changed (`owner`, `new`, or a member's user id). */
  saveError: AdminError | null;
  savingKey: string | null;
  candidates: MemberCandidate[];
  /** The text of the last candidate search, and whether its answer came. */
  search: { text: string; answered: boolean } | null;
  /** Counts the loads and the candidate searches, so that a reply to an older one is ignored. */
  generation: number;
  searches: number;
}

export type OwnerEvent =
  | { type: 'owner.reloaded' }
  | { type: 'owner.chosen'; orgId: string | null }
  | { type: 'owner.capabilitySwitched'; userId: string; capability: string; on: boolean }
  | { type: 'owner.memberAdded'; userId: string }
  | { type: 'owner.memberRemoved'; userId: string }
  | { type: 'owner.candidatesSearched'; text: string }
  | { type: 'owner.errorCleared' }
  | ConnectionReplyEvent;

type WriteEvent = Extract<OwnerEvent, { type: 'owner.chosen' | 'owner.capabilitySwitched' | 'owner.memberAdded' | 'owner.memberRemoved' }>;

const ticketIs = (event: OwnerEvent, ticket: string): boolean =>
  (event.type === 'connection.replied' || event.type === 'connection.failed') && event.ticket === ticket;

/** The request of a write, and the key it is shown under; null when it names no member of the list. */
function writeOf(context: OwnerContext, event: WriteEvent): { key: string; frame: Frame } | null {
  const orgId = context.owner?.orgId;
  if (event.type === 'owner.chosen') return { key: 'owner', frame: { o: 'act/setSiteOwner', b: { orgId: event.orgId } } };
  if (!orgId) return null;
  if (event.type === 'owner.memberAdded')
    return { key: 'new', frame: { o: 'act/setMembership', b: { userId: event.userId, orgId, capabilities: {} } } };
  const member = context.members.find((m) => m.userId === event.userId);
  if (!member) return null;
  if (event.type === 'owner.memberRemoved')
    return { key: member.userId, frame: { o: 'act/removeMembership', b: { userId: member.userId, orgId } } };
  // A capability switched off is left out rather than kept as false.
  const capabilities = Object.fromEntries(
    Object.entries({ ...member.capabilities, [event.capability]: event.on }).filter(([, held]) => held),
  );
  return { key: member.userId, frame: { o: 'act/setMembership', b: { userId: member.userId, orgId, capabilities } } };
}

/** LOADING (OWNER, MEMBERS), READY, SAVING, FAILED: the owner organisation and its members. */
export const ownerMachine = setup({
  types: {
    context: {} as OwnerContext,
    events: {} as OwnerEvent,
    input: {} as OwnerInput,
  },
  guards: {
    isOwnerReply: ({ context, event }) => ticketIs(event, `owner:${context.generation}`),
    isMembersReply: ({ context, event }) => ticketIs(event, `members:${context.generation}`),
    isSaveReply: ({ event }) => ticketIs(event, 'save'),
    isCandidatesReply: ({ context, event }) => ticketIs(event, `candidates:${context.searches}`),
    managesMembers: ({ context, event }) =>
      ticketIs(event, `owner:${context.generation}`) &&
      event.type === 'connection.replied' &&
      (event.frame.b as SiteOwnerReply | null)?.mayManage === true,
    isWritable: ({ context, event }) =>
      event.type === 'owner.chosen' ? context.owner?.mayChoose === true : writeOf(context, event as WriteEvent) !== null,
  },
  actions: {
    askOwner: enqueueActions(({ context, enqueue, self }) => {
      const generation = context.generation + 1;
      enqueue.assign({ generation });
      enqueue.sendTo(context.connection, {
        type: 'connection.send',
        frame: { o: 'act/siteOwner' },
        ticket: `owner:${generation}`,
        replyTo: self,
      });
    }),
    storeOwner: assign(({ event }) => (event.type === 'connection.replied' ? { owner: event.frame.b as SiteOwnerReply, error: null } : {})),
    clearMembers: assign({ members: [], capabilities: [], candidates: [], search: null }),
    askMembers: enqueueActions(({ context, enqueue, self }) => {
      enqueue.sendTo(context.connection, {
        type: 'connection.send',
        frame: { o: 'act/orgMembers', b: { orgId: context.owner?.orgId } },
        ticket: `members:${context.generation}`,
        replyTo: self,
      });
    }),
    storeMembers: assign(({ event }) => {
      if (event.type !== 'connection.replied') return {};
      const reply = event.frame.b as OrgMembersReply;
      return { members: reply.members, capabilities: reply.capabilities };
    }),
    storeError: assign(({ event }) => (event.type === 'connection.failed' ? { error: toAdminError(event.failure) } : {})),
    write: enqueueActions(({ context, event, enqueue, self }) => {
      const write = writeOf(context, event as WriteEvent);
      if (!write) return;
      enqueue.assign({ savingKey: write.key, saveError: null });
      enqueue.sendTo(context.connection, { type: 'connection.send', frame: write.frame, ticket: 'save', replyTo: self });
    }),
    applied: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ candidates: [], search: null });
      if (context.alerts) enqueue.sendTo(context.alerts, { type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } });
    }),
    storeSaveError: assign(({ event }) => (event.type === 'connection.failed' ? { saveError: toAdminError(event.failure) } : {})),
    clearSaveError: assign({ saveError: null, savingKey: null }),
    searchCandidates: enqueueActions(({ context, event, enqueue, self }) => {
      if (event.type !== 'owner.candidatesSearched' || !context.owner?.orgId) return;
      const searches = context.searches + 1;
      enqueue.assign({ searches, candidates: [], search: { text: event.text, answered: false } });
      enqueue.sendTo(context.connection, {
        type: 'connection.send',
        frame: { o: 'act/orgMemberCandidates', b: { orgId: context.owner.orgId, text: event.text } },
        ticket: `candidates:${searches}`,
        replyTo: self,
      });
    }),
    storeCandidates: assign(({ context, event }) => ({
      candidates: event.type === 'connection.replied' && Array.isArray(event.frame.b) ? (event.frame.b as MemberCandidate[]) : [],
      search: context.search && { ...context.search, answered: true },
    })),
  },
}).createMachine({
  id: 'owner',
  context: ({ input }) => ({
    connection: input.connection,
    alerts: input.alerts ?? null,
    owner: null,
    members: [],
    capabilities: [],
    error: null,
    saveError: null,
    savingKey: null,
    candidates: [],
    search: null,
    generation: 0,
    searches: 0,
  }),
  initial: 'LOADING',
  on: {
    // The add-a-member chooser searches beside whatever else is under way.
    'owner.candidatesSearched': { actions: 'searchCandidates' },
    'connection.replied': { guard: 'isCandidatesReply', actions: 'storeCandidates' },
    'connection.failed': { guard: 'isCandidatesReply', actions: 'storeCandidates' },
  },
  states: {
    LOADING: {
      initial: 'OWNER',
      states: {
        OWNER: {
          entry: 'askOwner',
          on: {
            'connection.replied': [
              { guard: 'managesMembers', target: 'MEMBERS', actions: 'storeOwner' },
              { guard: 'isOwnerReply', target: '#owner.READY', actions: ['storeOwner', 'clearMembers'] },
            ],
            'connection.failed': { guard: 'isOwnerReply', target: '#owner.FAILED', actions: 'storeError' },
          },
        },
        MEMBERS: {
          entry: 'askMembers',
          on: {
            'connection.replied': { guard: 'isMembersReply', target: '#owner.READY', actions: 'storeMembers' },
            'connection.failed': { guard: 'isMembersReply', target: '#owner.FAILED', actions: 'storeError' },
          },
        },
      },
    },
    READY: {
      on: {
        'owner.reloaded': 'LOADING',
        'owner.chosen': { guard: 'isWritable', target: 'SAVING', actions: 'write' },
        'owner.capabilitySwitched': { guard: 'isWritable', target: 'SAVING', actions: 'write' },
        'owner.memberAdded': { guard: 'isWritable', target: 'SAVING', actions: 'write' },
        'owner.memberRemoved': { guard: 'isWritable', target: 'SAVING', actions: 'write' },
        'owner.errorCleared': { actions: 'clearSaveError' },
      },
    },
    SAVING: {
      on: {
        'connection.replied': { guard: 'isSaveReply', target: 'LOADING', actions: 'applied' },
        'connection.failed': { guard: 'isSaveReply', target: 'READY', actions: 'storeSaveError' },
      },
    },
    FAILED: { on: { 'owner.reloaded': 'LOADING' } },
  },
});

export type OwnerActorRef = ActorRefFrom<typeof ownerMachine>;
type Snapshot = SnapshotFrom<typeof ownerMachine>;

/** LOADING, READY, SAVING or FAILED. */
export const selectOwnerStatus = (s: Snapshot): 'LOADING' | 'READY' | 'SAVING' | 'FAILED' =>
  s.matches('LOADING') ? 'LOADING' : s.matches('SAVING') ? 'SAVING' : s.matches('FAILED') ? 'FAILED' : 'READY';
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
export const selectOwnerError = (s: Snapshot): AdminError | null => s.context.error;
/** Why the last write was refused. */
export const selectOwnerSaveError = (s: Snapshot): AdminError | null => s.context.saveError;
/** What the last write (under way, done or refused) changes. */
export const selectOwnerSavingKey = (s: Snapshot): string | null => s.context.savingKey;
