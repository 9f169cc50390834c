/**
 * The STUN/TURN servers of live-assist calls, from ASSIST_ICE_SERVERS: a JSON list of
 * RTCIceServer objects (`[{"urls":"stun:stun.example.org"},{"urls":"turn:turn.example.org","username":"u","credential":"p"}]`).
 * Unset or empty: none, which is all two browsers on one network need. Read by the module itself so
 * that the core's configuration names no module.
 */
import type { AssistIceServer } from './protocol';

const isUrl = (u: unknown): u is string => typeof u === 'string' && /^(stuns?|turns?):/.test(u) && u.length <= 500;

/** The servers in `raw`; anything else than a list of servers stops the start with its reason. */
export function parseIceServers(raw: string | undefined): AssistIceServer[] {
  if (!raw || raw.trim() === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error('ASSIST_ICE_SERVERS must be JSON: a list of {"urls": ..., "username"?: ..., "credential"?: ...}');
  }
  if (!Array.isArray(value)) throw new Error('ASSIST_ICE_SERVERS must be a JSON list of ICE servers');
  return value.map((entry: unknown, i) => {
    const e = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const urls = e.urls;
    if (!(isUrl(urls) || (Array.isArray(urls) && urls.length > 0 && urls.every(isUrl)))) {
      throw new Error(`ASSIST_ICE_SERVERS[${i}].urls must be stun:, stuns:, turn: or turns: addresses`);
    }
    const server: AssistIceServer = { urls: urls as string | string[] };
    if (typeof e.username === 'string') server.username = e.username;
    if (typeof e.credential === 'string') server.credential = e.credential;
    return server;
  });
}
