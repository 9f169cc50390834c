/**
 * The page's first script, about two kilobytes loaded beside the app's bundle (docs/decisions.md, "The
 * page asks before the bundle runs"). It makes the two requests the app would otherwise make only
 * after its bundle was downloaded and started, so that their round trips overlap the bundle instead
 * of following it: the site's message overrides for the route's locale (loadOverrides.ts takes the
 * answer), and, for a returning user who holds a token, the socket, opened and authenticated
 * (the session's socket factory takes it over through preconnectedSocket.ts and hears all it heard).
 */
import { readStoredToken } from '../../../machines/session/tokenStore';
import { WS_PATH } from '../../shared/constants';
import { localeOf } from '../i18n/localeOf';
import { overridesPath } from '../i18n/overridesPath';
import { documentCookies, probeStorage } from './browserStorage';
import { clientVersion } from './clientVersion';
import type { Preconnect, PreconnectEvent } from './earlyRequestsState';
import { socketUrl } from './socketUrl';

/** How long an early socket waits for the app to take it before it is closed (the app did not start). */
const UNCLAIMED_CLOSE_MS = 15_000;

function askOverrides(): void {
  if (typeof fetch !== 'function' || window.__kkOverrides) return;
  const lang = localeOf(window.location);
  window.__kkOverrides = { lang, response: fetch(overridesPath(lang)).catch(() => null) };
}

function preconnect(): void {
  // The token the session will start with, read as it reads it (local storage, else the cookie).
  const token = readStoredToken(probeStorage(window), documentCookies(document, window.location)).token;
  if (!token || typeof WebSocket !== 'function' || window.__kkPreconnect) return;
  const url = socketUrl(window.location, WS_PATH);
  const socket = new WebSocket(url);
  const state: Preconnect = { url, token, socket, events: [], listener: null, claimed: false };
  const heard = (event: PreconnectEvent): void => {
    if (state.listener) state.listener(event);
    else state.events.push(event);
  };
  socket.onopen = () => {
    // The same first frame the connection sends (spec 000 §7), with the bundle's version as the app's own.
    socket.send(JSON.stringify({ o: 'tokenAuth', b: token, v: clientVersion('') }));
    heard({ type: 'open' });
  };
  socket.onmessage = (message) => heard({ type: 'message', data: message.data });
  socket.onclose = (close) => heard({ type: 'close', code: close.code, reason: close.reason });
  window.__kkPreconnect = state;
  setTimeout(() => {
    if (!state.claimed) socket.close(1000, '');
  }, UNCLAIMED_CLOSE_MS);
}

askOverrides();
preconnect();
