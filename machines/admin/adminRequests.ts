/** What the admin screens' actors are given to talk to the server, and how they read the replies. */
import type { ActorRef, Snapshot } from 'xstate';
import type { Item } from '../../src/shared/items/types';
import type { Frame } from '../../src/shared/protocol';
import type { ItemError } from '../item/itemRequest';
import type { ReplyTarget } from '../session/pendingRequests';
import type { RequestFailure } from '../session/sessionErrors';

/** The session's connection as the admin actors use it: they send requests, replies come back to them. */
export type AdminConnection = ActorRef<
  Snapshot<unknown>,
  { type: 'connection.send'; frame: Frame; ticket?: string; replyTo?: ReplyTarget }
>;

/** The session's alerts actor: a success says `app.applied`. */
export type AdminAlerts = ActorRef<Snapshot<unknown>, { type: 'alerts.raised'; alert: { type: 'SUCCESS'; message: string } }>;

/** A refused request: the catalogue key, and the form fields the server named (validationFailed). */
export interface AdminError extends ItemError {
  fields?: Record<string, string>;
}

/** The error a screen shows for `failure`. */
export function toAdminError(failure: RequestFailure): AdminError {
  if (failure.kind === 'server') {
    return {
      userMessage: failure.userMessage,
      ...(failure.sysMessage === undefined ? {} : { sysMessage: failure.sysMessage }),
      ...(failure.fields === undefined ? {} : { fields: failure.fields }),
    };
  }
  return { userMessage: failure.key, ...(failure.detail === undefined ? {} : { sysMessage: failure.detail }) };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The ids and labels of a `search/ids` reply. */
export function idsOf(body: unknown): { ids: string[]; labels: Record<string, string> } {
  if (!isRecord(body) || !Array.isArray(body.ids)) return { ids: [], labels: {} };
  const labels = isRecord(body.labels)
    ? Object.fromEntries(Object.entries(body.labels).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};
  return { ids: body.ids.filter((id): id is string => typeof id === 'string'), labels };
}

/** The items of a `readMany/object` reply, in the order of `ids` (ids not answered are left out). */
export function itemsOf(body: unknown, ids: readonly string[]): Item[] {
  if (!isRecord(body)) return [];
  return ids.map((id) => body[id]).filter((item): item is Item => isRecord(item) && typeof item.$id === 'string');
}
