/** The session's effects in a real browser: WebSocket, fetch, local storage, cookies, downloads. */
import type { SessionEffects } from '../../../machines/session/sessionEffects';
import type { Frame } from '../../shared/protocol';
import { STREAM_DONE_HEADER, TOKEN_HEADER } from '../../shared/constants';
import { ATTACHMENT_ID_HEADER, UPLOAD_PATH, uploadRefusalKey } from '../../shared/fileConstants';
import { navigate } from 'wouter/use-browser-location';
import { postAccount } from './accountApi';
import { postJson } from './postJson';
import { documentCookies, probeStorage } from './browserStorage';
import { takePreconnected } from './preconnectedSocket';
import { socketUrl } from './socketUrl';
import { readStoredToken } from '../../../machines/session/tokenStore';

/** Effects bound to this window. */
export function createBrowserEffects(win: Window, debug: () => boolean): SessionEffects {
  const localStorage = probeStorage(win);
  const cookies = documentCookies(win.document, win.location);
  return {
    // The first socket may be the one the page opened before the bundle ran (earlyRequests.ts).
    createSocket: (path) => {
      const url = socketUrl(win.location, path);
      return takePreconnected(win.__kkPreconnect, url, readStoredToken(localStorage, cookies).token) ?? new WebSocket(url);
    },
    async postItem(frame, token) {
      const answer = await postJson('/api/item', frame, token);
      return answer.body as Frame;
    },
    async getStream(key, token) {
      let response: Response;
      try {
        response = await fetch(`/api/stream/${encodeURIComponent(key)}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
          credentials: 'same-origin',
        });
      } catch {
        throw new Error('Network Error');
      }
      if (!response.ok) throw new Error(`GET /api/stream answered ${response.status}`);
      return { frames: (await response.json()) as Frame[], done: response.headers.get(STREAM_DONE_HEADER) === 'true' };
    },
    async postSignIn(credentials) {
      const answer = await postJson('/api/sign-in', credentials, null);
      return { status: answer.status, token: answer.headers.get(TOKEN_HEADER), body: answer.body };
    },
    postAccount,
    localStorage,
    cookies,
    reload: () => win.location.reload(),
    download(uri) {
      const link = win.document.createElement('a');
      link.href = uri;
      link.download = '';
      link.rel = 'noopener';
      win.document.body.append(link);
      link.click();
      link.remove();
    },
    random: () => Math.random(),
    now: () => Date.now(),
    navigate: (to, { replace }) => navigate(to, { replace }),
    openTab: (href) => {
      win.open(href, '_blank', 'noopener');
    },
    upload(file, request) {
      let aborted = false;
      let abort = (): void => {
        aborted = true;
      };
      // tus-js-client loads with the first upload, not with the app.
      const done = import('tus-js-client').then(
        ({ Upload }) =>
          new Promise<string>((resolve, reject) => {
            if (aborted) return reject(new Error('aborted'));
            let attachmentId: string | undefined;
            const upload = new Upload(file, {
              endpoint: UPLOAD_PATH,
              metadata: request.metadata,
              headers: request.token ? { Authorization: `Bearer ${request.token}` } : {},
              retryDelays: [0, 1000, 3000, 5000],
              onProgress: (sent, total) => request.onProgress(sent, total),
              onAfterResponse: (_req, res) => {
                attachmentId = res.getHeader(ATTACHMENT_ID_HEADER) ?? attachmentId;
              },
              onSuccess: () =>
                attachmentId ? resolve(attachmentId) : reject(new Error(`No ${ATTACHMENT_ID_HEADER} in the upload's answer`)),
              onError: (error) => {
                // A refusal names its reason (fileInfected, emptyFile...), shown beside the file.
                const res = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null }).originalResponse;
                reject(res ? Object.assign(error, { reason: uploadRefusalKey(res.getStatus(), res.getBody()) }) : error);
              },
            });
            abort = () => {
              void upload.abort(true);
              reject(new Error('aborted'));
            };
            upload.start();
          }),
      );
      return { done, abort: () => abort() };
    },
    log(level, message, detail) {
      // Debug and info only with debug logging on, so that a normal console stays quiet.
      if ((level === 'debug' || level === 'info') && !debug()) return;
      console[level](`[kk] ${message}`, ...(detail === undefined ? [] : [detail]));
    },
  };
}
