/**
 * Live-assist, both sides in headless Chromium against the real server (issue 18): two browser
 * contexts, a user and a support agent. The user asks for help from the help menu; the agent sees
 * them waiting in the console, joins, and sees the user's open item in the live view; asks for
 * control, the user grants it, and the address the agent enters opens another item in the user's
 * tab; a second agent's control request is answered busy; hiding the user's tab pauses control;
 * the agent calls, the user answers, both see the call connected, and each side's peer connection
 * statistics show sound received from the other. The user opens her own record; during the call a
 * recording is allowed (red dashed border), stopped, stored, listed at once on her record and played
 * by the browser; hanging up ends the call on both; she deletes the recording on her record; the user
 * ending the session disconnects the agent. axe runs on the widget, the console and her record, and
 * the screens are photographed in light and dark.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ProtocolClient } from '../support/protocolClient';
import { CHROMIUM_ARGS, e2eSuite, expectNoAxeViolations, invite } from './support/e2e';

jest.setTimeout(180_000);

const e2e = e2eSuite();
// Calls need a microphone and a camera: this file's people use a Chromium with fake devices that are always allowed.
let media: Browser;
beforeAll(async () => {
  media = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
});
afterAll(async () => {
  await media?.close();
});
const withMedia = () => ({ ...e2e, browser: media });
const SHOTS = process.env.ASSIST_SHOTS_DIR;

/** Keeps every RTCPeerConnection the page makes on `window.__assistPeers`, so the test can read its stats (test side only). */
function recordPeers(): void {
  const Native = window.RTCPeerConnection;
  const peers: RTCPeerConnection[] = [];
  (window as unknown as { __assistPeers: RTCPeerConnection[] }).__assistPeers = peers;
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config);
      peers.push(this);
    }
  };
}

/**
 * Waits, in the page, until its connected peer connection receives sound: an inbound audio RTP stream
 * with bytes received, whose packet count then grows again (audio keeps flowing, not one burst).
 */
async function audioArrives(page: Page): Promise<{ bytes: number; packets: number }> {
  return page.evaluate(async () => {
    const read = async (): Promise<{ bytes: number; packets: number }> => {
      let bytes = 0;
      let packets = 0;
      const peers = (window as unknown as { __assistPeers: RTCPeerConnection[] }).__assistPeers;
      for (const peer of peers.filter((p) => p.connectionState === 'connected')) {
        (await peer.getStats()).forEach((r: { type: string; kind?: string; bytesReceived?: number; packetsReceived?: number }) => {
          if (r.type === 'inbound-rtp' && r.kind === 'audio') {
            bytes += r.bytesReceived ?? 0;
            packets += r.packetsReceived ?? 0;
          }
        });
      }
      return { bytes, packets };
    };
    const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 100));
    let first = await read();
    while (first.bytes === 0) {
      await pause();
      first = await read();
    }
    let next = await read();
    while (next.packets <= first.packets) {
      await pause();
      next = await read();
    }
    return next;
  });
}

async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

describe('live-assist, the agent and the user', () => {
  it("an agent joins from the console, sees the user's item, takes control with consent and opens another item in the user's tab", async () => {
    const ada = await invite(withMedia(), 'Ada', 'Helpme');
    const sam = await invite(withMedia(), 'Sam', 'Agent');
    await e2e.api.call('act/setCapabilities', { userId: sam.userId, capabilities: { SupportAgent: true } });
    const riverbend = await e2e.api.call<{ $id: string }>('create/Organization', { displayName: 'Riverbend Council', type: 'OTHER' });
    const lakeside = await e2e.api.call<{ $id: string }>('create/Organization', { displayName: 'Lakeside Museum', type: 'MUSEUM' });
    // Ada may change the museum (not the council): the agent fills in its form for her.
    await e2e.api.call('act/grant', { id: lakeside.$id, grantee: ada.userId, actions: ['read', 'update'] });

    const user = await ada.join();
    await user.context().addInitScript(recordPeers);
    await user.goto(`${e2e.server.url}/i-${riverbend.$id}`);
    await user.getByRole('heading', { name: 'Riverbend Council' }).first().waitFor();
    await user.getByRole('button', { name: 'Help' }).click();
    await user.getByRole('menuitem', { name: 'Support request' }).click();
    const widget = user.getByRole('dialog', { name: 'Live help' });
    await widget.getByRole('button', { name: 'Ask for help' }).click();
    await widget.getByText('Waiting for an agent…').waitFor();

    // The agent's console: reached from the menu, Ada waiting with her e-mail and page.
    const agent = await sam.join();
    await agent.context().addInitScript(recordPeers);
    await agent.goto(`${e2e.server.url}/assist`);
    const waiting = agent.getByTestId('assist-waiting');
    await waiting.getByRole('cell', { name: 'ada.helpme@example.org' }).waitFor();
    await waiting.getByRole('cell', { name: 'Riverbend Council' }).waitFor();
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await agent.screenshot({ path: `${SHOTS}/console-waiting-light.png`, fullPage: true });
    }
    const agentSocket = new Promise<string>((resolve) =>
      agent.on('websocket', (socket) => {
        if (socket.url().includes('/ws-assist/socket')) resolve(socket.url());
      }),
    );
    await agent.getByRole('button', { name: 'Join Ada Helpme' }).click();
    const peerId = new URL(await agentSocket).searchParams.get('peerId')!;
    await agent.getByRole('heading', { name: 'Helping Ada Helpme (ada.helpme@example.org)' }).waitFor();
    await widget.getByText('Sam Agent is helping you').waitFor();

    // The live view: Ada's address and her open organisation, with its labels and values.
    const live = agent.getByTestId('assist-live-view');
    const first = live.getByTestId(`assist-live-cell-i-${riverbend.$id}`);
    await first.getByRole('heading', { name: 'Riverbend Council' }).waitFor();
    await first.getByText('Organisation · reading').waitFor();
    await first.getByText('Display name').waitFor();
    await first.getByText('Other', { exact: true }).waitFor();
    await expectNoAxeViolations(agent);

    // Control: asked, granted by Ada's click.
    const control = agent.getByTestId('assist-consent-control');
    await control.getByRole('button', { name: 'Request control' }).click();
    await control.getByText('Asked, waiting for the user').waitFor();
    await widget.getByText('Agent requested remote control. Allow?').waitFor();
    await expectNoAxeViolations(user);
    await widget.getByRole('button', { name: 'Grant Remote Control' }).click();
    await control.getByText('Granted', { exact: true }).waitFor();

    // A second agent asking for control meanwhile is answered busy.
    const adminId = (e2e.api.pushes.find((f) => f.o === 'authed')?.b as { $id: string }).$id;
    await e2e.api.call('act/setCapabilities', { userId: adminId, capabilities: { SupportAgent: true } });
    const second = await ProtocolClient.open(
      `${e2e.server.url.replace(/^http/, 'ws')}/ws-assist/socket?peerId=${peerId}&identity=agent&tabId=x&sessionInfo=%7B%7D`,
      {
        origin: e2e.server.url,
      },
    );
    second.sendRaw(JSON.stringify({ o: 'tokenAuth', b: e2e.token, v: 'e2e' }));
    await second.nextPush((f) => f.o === 'assist/session');
    second.sendRaw(JSON.stringify({ o: 'assist/request', b: { kind: 'control' } }));
    expect((await second.nextPush((f) => f.o === 'assist/answer')).b).toMatchObject({ kind: 'control', answer: 'busy' });
    // Nor can it act in Ada's tab: the relay knows who holds control.
    second.sendRaw(JSON.stringify({ o: 'assist/command', b: { command: { type: 'navigate', path: '/' } } }));
    expect((await second.nextPush((f) => f.o === 'assist/refused')).b).toEqual({ reason: 'noControl' });
    second.close();

    // The agent opens another item: it opens in Ada's tab, and the live view follows.
    const address = live.getByLabel('Address');
    await address.fill(`/i-${riverbend.$id}/i-${lakeside.$id}`);
    await live.getByRole('button', { name: 'Go' }).click();
    await user.getByRole('heading', { name: 'Lakeside Museum' }).first().waitFor();
    expect(new URL(user.url()).pathname).toBe(`/i-${riverbend.$id}/i-${lakeside.$id}`);
    await live.getByTestId(`assist-live-cell-i-${lakeside.$id}`).getByText('Museum', { exact: true }).waitFor();

    // The agent fills in a field of the form open in Ada's tab: her form takes the value; her focus shows in the live view.
    await address.fill(`/i-${riverbend.$id}/i-${lakeside.$id}-edit`);
    await live.getByRole('button', { name: 'Go' }).click();
    const editing = live.getByTestId(`assist-live-cell-i-${lakeside.$id}-edit`);
    await editing.getByText('Organisation · editing').waitFor();
    const name = editing.getByRole('textbox', { name: 'Display name' });
    // Both sides show the form with the stored name before the agent types.
    await user.waitForFunction(() => [...document.querySelectorAll('input')].some((i) => i.value === 'Lakeside Museum'));
    await agent.waitForFunction(() => [...document.querySelectorAll('input')].some((i) => i.value === 'Lakeside Museum'));
    await name.fill('Lakeside Museum of Rivers');
    await name.press('Enter');
    await user.waitForFunction(
      () =>
        (document.activeElement as HTMLElement | null)?.isConnected !== false &&
        [...document.querySelectorAll('input')].some((i) => i.value === 'Lakeside Museum of Rivers'),
    );
    expect(await user.getByLabel('Display name').inputValue()).toBe('Lakeside Museum of Rivers');
    await user.getByLabel('Display name').focus();
    await live.getByText('Typing in: Display name').waitFor();

    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await agent.setViewportSize({ width: 1280, height: 900 });
      await agent.screenshot({ path: `${SHOTS}/console-light.png`, fullPage: true });
      await agent.emulateMedia({ colorScheme: 'dark' });
      await agent.screenshot({ path: `${SHOTS}/console-dark.png`, fullPage: true });
      await agent.setViewportSize({ width: 390, height: 844 });
      await agent.screenshot({ path: `${SHOTS}/console-dark-phone.png`, fullPage: true });
      await agent.emulateMedia({ colorScheme: 'light' });
      await agent.screenshot({ path: `${SHOTS}/console-light-phone.png`, fullPage: true });
      await agent.setViewportSize({ width: 1280, height: 900 });
    }

    // Ada's tab hidden: control paused on both sides, no command offered; shown again, resumed.
    await setHidden(user, true);
    await widget.getByText('Remote control is paused while this tab is hidden.').waitFor();
    await control.getByText("Granted, paused (the user's tab is hidden)").waitFor();
    expect(await live.getByRole('button', { name: 'Go' }).count()).toBe(0);
    await setHidden(user, false);
    await control.getByText('Granted', { exact: true }).waitFor();

    // The audit trail names who did what.
    const audit = agent.getByTestId('assist-audit');
    await audit.getByText('Ada Helpme granted remote control to Sam Agent').waitFor();
    await audit.getByText("Sam Agent acted in the user's tab under remote control").first().waitFor();

    // A call: the agent asks, Ada answers; both sides see the peer connection connected, with the other's picture.
    const call = agent.getByTestId('assist-consent-call');
    await call.getByRole('button', { name: 'Request a call' }).click();
    await widget.getByText('You have an incoming call. Do you want to answer?').waitFor();
    await widget.getByRole('button', { name: 'Answer' }).click();
    await call.getByText('Call connected').waitFor();
    await widget.getByText('Call connected').waitFor();
    await call.getByLabel("The user's camera").waitFor();
    await widget.getByLabel("The agent's camera").waitFor();
    // Sound and picture flow both ways: each side's video element plays frames from the other.
    for (const page of [user, agent]) {
      await page.waitForFunction(() => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid="assist-call-media"]');
        return !!v && v.readyState >= 2 && v.videoWidth > 0 && (v.srcObject as MediaStream | null)?.getAudioTracks().length === 1;
      });
    }
    // The peer connections' own statistics: each side receives the other's sound, and keeps receiving it.
    const heard = await Promise.all([audioArrives(user), audioArrives(agent)]);
    for (const side of heard) expect(side.bytes).toBeGreaterThan(0);
    if (SHOTS) {
      await agent.screenshot({ path: `${SHOTS}/console-call-light.png`, fullPage: true });
      await user.screenshot({ path: `${SHOTS}/widget-call-light.png` });
      await user.emulateMedia({ colorScheme: 'dark' });
      await user.setViewportSize({ width: 390, height: 844 });
      await user.screenshot({ path: `${SHOTS}/widget-call-dark-phone.png` });
      await user.emulateMedia({ colorScheme: 'light' });
      await user.setViewportSize({ width: 1280, height: 800 });
    }
    await expectNoAxeViolations(user);

    // Ada opens her own record (User menu → Profile; she first leaves the museum's form, which the agent filled in,
    // unsaved): no recordings yet. The call goes on.
    await user.getByRole('button', { name: 'Discard' }).click();
    await user.getByRole('button', { name: 'User menu' }).click();
    await user.getByRole('menuitem', { name: 'Profile' }).click();
    const saved = user.getByTestId('assist-recordings');
    await saved.getByRole('heading', { name: 'Live help recordings' }).waitFor();
    await saved.getByText('No recordings of live help sessions.').waitFor();

    // Recording during the call (both voices mixed, the agent's picture): asked, allowed (the red dashed border shows),
    // stopped by Ada; it is stored on her record, and it plays.
    const recording = agent.getByTestId('assist-consent-recording');
    await recording.getByRole('button', { name: 'Request recording' }).click();
    await widget.getByText('Agent requested to record activity in this browser tab.').waitFor();
    await widget.getByRole('button', { name: 'Allow Recording' }).click();
    await user.getByTestId('assist-recording-border').waitFor();
    await recording.getByText('Granted', { exact: true }).waitFor();
    expect(await widget.getByText('Call connected').count()).toBe(1);
    await widget.getByRole('button', { name: 'Stop recording' }).click();
    await user.getByTestId('assist-recording-border').waitFor({ state: 'detached' });
    await recording.getByRole('button', { name: 'Request recording' }).waitFor();
    await widget.getByText(/Recording saved to your record: “Live help recording/).waitFor();
    if (SHOTS) {
      await user.screenshot({ path: `${SHOTS}/widget-recording-light.png` });
      await user.emulateMedia({ colorScheme: 'dark' });
      await user.setViewportSize({ width: 390, height: 844 });
      await user.screenshot({ path: `${SHOTS}/widget-recording-dark-phone.png` });
      await user.emulateMedia({ colorScheme: 'light' });
      await user.setViewportSize({ width: 1280, height: 800 });
    }
    const open = widget.getByRole('link', { name: 'Open' });
    const href = (await open.getAttribute('href'))!;
    const file = await user.request.get(href);
    expect(file.status()).toBe(200);
    // The server names the type from the content (a moment of webm may read as audio).
    expect(file.headers()['content-type']).toMatch(/^(video|audio)\/webm$/);
    expect((await file.body()).length).toBeGreaterThan(0);
    // The browser plays it: a media element given the file's address reads its metadata, with a duration.
    const played = await user.evaluate(
      (src) =>
        new Promise<{ readyState: number; duration: number; error: number | null }>((resolve) => {
          const media = document.createElement('video');
          media.muted = true;
          media.preload = 'metadata';
          const done = (): void => resolve({ readyState: media.readyState, duration: media.duration, error: media.error?.code ?? null });
          media.addEventListener('loadedmetadata', done, { once: true });
          media.addEventListener('error', done, { once: true });
          media.src = src;
        }),
      href,
    );
    expect(played.error).toBeNull();
    expect(played.readyState).toBeGreaterThanOrEqual(1);
    expect(played.duration).toBeGreaterThan(0);

    // Ada hangs up: the call ends on both sides.
    await widget.getByRole('button', { name: 'Hang up' }).click();
    await call.getByRole('button', { name: 'Request a call' }).waitFor();
    expect(await widget.getByText('Call connected').count()).toBe(0);
    expect(await agent.getByTestId('assist-call-media').count()).toBe(0);

    // Her record lists the recording (it appeared there while she looked); she deletes it there.
    const recordingName = (await widget.getByText(/Recording saved to your record/).textContent())!.match(/“(.+)”/)![1]!;
    await saved.getByText(recordingName, { exact: true }).waitFor();
    expect(await saved.getByRole('link', { name: `Open the recording “${recordingName}”` }).getAttribute('href')).toBe(href);
    if (SHOTS) {
      await user.screenshot({ path: `${SHOTS}/record-recordings-light.png`, fullPage: true });
      await user.emulateMedia({ colorScheme: 'dark' });
      await user.setViewportSize({ width: 390, height: 844 });
      await user.screenshot({ path: `${SHOTS}/record-recordings-dark-phone.png`, fullPage: true });
      await user.emulateMedia({ colorScheme: 'light' });
      await user.setViewportSize({ width: 1280, height: 800 });
    }
    await expectNoAxeViolations(user);
    await saved.getByRole('button', { name: `Delete the recording “${recordingName}”` }).click();
    await saved.getByText('No recordings of live help sessions.').waitFor();
    expect((await user.request.get(href)).status()).toBe(404);
    // The widget's entry for it says so too.
    await widget.getByText(`The recording “${recordingName}” was deleted.`).waitFor();

    // Ada ends the session: the agent is disconnected and told.
    await widget.getByRole('button', { name: 'End' }).click();
    await agent.getByTestId('assist-ended').getByText('The user ended the session.').waitFor();
    await agent.getByRole('button', { name: 'Back to the waiting list' }).click();
    await agent.getByText('Nobody is waiting for help.').waitFor();

    // Someone without the capability who opens the console by its address is told it is not theirs (the menu's access rule).
    await user.goto(`${e2e.server.url}/assist`);
    await user.getByRole('heading', { name: 'You cannot use this page' }).waitFor();
    await user.context().close();
    await agent.context().close();
  });
});
