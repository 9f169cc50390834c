/** The system ids of the organisations module's session actors, and their typed getters. */
import type { ActorRefFrom } from 'xstate';
import type { orgsAdminMachine } from './orgsAdminMachine';

/** The module's long-lived actors, started by the session from the module registry. */
export const OrgsSystemId = {
  orgsAdmin: 'orgsAdmin',
} as const;

export type OrgsAdminActorRef = ActorRefFrom<typeof orgsAdminMachine>;

/** What the getter needs of an actor system. */
interface SystemLike {
  get(key: string): unknown;
}

/** The organisations module's actor (users' sessions and rights, invitations, its views' listings). */
export const getOrgsAdmin = (system: SystemLike): OrgsAdminActorRef | undefined =>
  system.get(OrgsSystemId.orgsAdmin) as OrgsAdminActorRef | undefined;
