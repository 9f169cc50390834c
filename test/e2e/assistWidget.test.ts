/**
 * Live-assist, the user's side in headless Chromium against the real server (issue 18, first part):
 * the help menu's support request opens the widget pre-identified with the user; asking for help
 * opens /ws-assist/socket; a support agent's socket (here a Node client) joins, asks for control,
 * the user grants it, asks for recording, the user allows it (the red dashed border shows), and
 * the user's End closes the agent's socket. axe runs on the widget with a prompt showing.
 */
import { ProtocolClient } from '../support/protocolClient';
import { e2eSuite, expectNoAxeViolations, invite } from './support/e2e';

jest.setTimeout(120_000);

const e2e = e2eSuite();

describe('live-assist widget', () => {
  it('asks for help, answers an agent over the assist socket, shows the recording border, and ends it', async () => {
    const ada = await invite(e2e, 'Ada', 'Helpme');
    const adminId = (e2e.api.pushes.find((f) => f.o === 'authed')?.b as { $id: string }).$id;
    await e2e.api.call('act/setCapabilities', { userId: adminId, capabilities: { SupportAgent: true } });
    const page = await ada.join();
    const assistUrl = new Promise<string>((resolve) =>
      page.on('websocket', (socket) => {
        if (socket.url().includes('/ws-assist/socket')) resolve(socket.url());
      }),
    );

    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('menuitem', { name: 'Support request' }).click();
    const widget = page.getByRole('dialog', { name: 'Live help' });
    await widget.getByText('You: Ada Helpme (ada.helpme@example.org)').waitFor();
    await widget.getByRole('button', { name: 'Ask for help' }).click();
    await widget.getByText('Waiting for an agent…').waitFor();

    const peerId = new URL(await assistUrl).searchParams.get('peerId')!;
    const agentUrl = `${e2e.server.url.replace(/^http/, 'ws')}/ws-assist/socket?peerId=${peerId}&identity=agent&tabId=agent&sessionInfo=%7B%7D`;
    const agent = await ProtocolClient.open(agentUrl, { origin: e2e.server.url });
    agent.sendRaw(JSON.stringify({ o: 'tokenAuth', b: e2e.token, v: 'e2e' }));
    const session = await agent.nextPush((f) => f.o === 'assist/session');
    expect(session.b).toMatchObject({ sessionInfo: { name: 'Ada Helpme', email: 'ada.helpme@example.org' } });
    await widget.getByText(/is helping you/).waitFor();

    agent.sendRaw(JSON.stringify({ o: 'assist/request', b: { kind: 'control' } }));
    await widget.getByText('Agent requested remote control. Allow?').waitFor();
    await expectNoAxeViolations(page);
    await widget.getByRole('button', { name: 'Grant Remote Control' }).click();
    expect((await agent.nextPush((f) => f.o === 'assist/answer')).b).toMatchObject({ kind: 'control', answer: 'accept' });
    await widget.getByText('The agent has remote control.').waitFor();

    agent.sendRaw(JSON.stringify({ o: 'assist/request', b: { kind: 'recording' } }));
    await widget.getByRole('button', { name: 'Allow Recording' }).click();
    await page.getByTestId('assist-recording-border').waitFor();
    expect((await agent.nextPush((f) => f.o === 'assist/answer' && (f.b as { kind: string }).kind === 'recording')).b).toMatchObject({
      answer: 'accept',
    });

    await widget.getByRole('button', { name: 'End' }).click();
    await agent.nextPush((f) => f.o === 'assist/end');
    expect(await agent.closed).toEqual({ code: 1000, reason: 'ended' });
    await page.getByTestId('assist-recording-border').waitFor({ state: 'detached' });
    await widget.getByRole('button', { name: 'Ask for help' }).waitFor();
    await page.context().close();
  });
});
