import type { UserSession } from '../../src/shared/protocol';
import { ProtocolClient, signIn } from './protocolClient';
import type { RunningServer } from './testServer';
import { ADMIN } from './testServer';

let userCounter = 0;

/** A signed-in test user with an open socket. */
export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  client: ProtocolClient;
  session: UserSession;
}

/** Creates a user (not an administrator unless asked), signs in and opens an authenticated socket. */
export async function buildUser(srv: RunningServer, options: { admin?: boolean; name?: string } = {}): Promise<TestUser> {
  const n = ++userCounter;
  const email = `user${n}.${process.pid}@test.example`;
  const password = `password number ${n}`;
  const id = await srv.server.services.accounts.createUser({
    name: options.name ?? `Test User ${n}`,
    email,
    password,
    admin: options.admin ?? false,
  });
  const token = await signIn(srv.url, email, password);
  const { client, session } = await ProtocolClient.connect(srv.wsUrl, token);
  return { id, email, password, token, client, session };
}

/** The administrator every test server starts with, signed in with an open socket. */
export async function connectAdmin(srv: RunningServer): Promise<TestUser> {
  const token = await signIn(srv.url, ADMIN.email, ADMIN.password);
  const { client, session } = await ProtocolClient.connect(srv.wsUrl, token);
  return { id: session.$id, email: ADMIN.email, password: ADMIN.password, token, client, session };
}
