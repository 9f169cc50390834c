import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { assistSessionMachine } from '../../machines/assist/assistSessionMachine';
import type { SocketLike } from '../../machines/session/sessionEffects';
import { AssistWidget } from '../../src/modules/assist/ui/AssistWidget';
import { assistMessages } from '../../src/modules/assist/ui/messages';
import { withProviders } from './support/renderItemScreen';

interface FakeSocket extends SocketLike {
  sent: { o: string; b?: unknown }[];
}

function setup() {
  const sockets: FakeSocket[] = [];
  const createSocket = (): SocketLike => {
    const socket: FakeSocket = {
      sent: [],
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
      send: (data) => socket.sent.push(JSON.parse(data)),
      close: () => undefined,
    };
    sockets.push(socket);
    return socket;
  };
  const session = createActor(assistSessionMachine).start();
  const onClose = jest.fn();
  const connect = () => ({ createSocket, clientVersion: '1.0.0', peerId: 'help-1', tabId: 'tab-1' });
  render(
    withProviders(
      <AssistWidget
        session={session}
        asker={{ name: 'Ada Lovelace', email: 'ada@example.org', path: '/' }}
        connect={connect}
        onClose={onClose}
      />,
      undefined,
      { ...assistMessages },
    ),
  );
  const socket = () => sockets[sockets.length - 1]!;
  const fromServer = (o: string, b?: unknown) => act(() => socket().onmessage?.({ data: JSON.stringify({ o, b }) }));
  const open = () => {
    act(() => socket().onopen?.({}));
    fromServer('authed');
  };
  return { session, sockets, socket, fromServer, open, onClose };
}

describe('the live-assist widget', () => {
  it("is pre-identified with the user's name and e-mail and waits for an agent once asked", async () => {
    const user = userEvent.setup();
    const t = setup();
    expect(screen.getByRole('dialog', { name: 'Live help' })).toBeInTheDocument();
    expect(screen.getByText('You: Ada Lovelace (ada@example.org)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask for help' }));
    expect(screen.getByRole('status')).toHaveTextContent('Connecting…');
    t.open();
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for an agent…');
    t.fromServer('assist/agentJoined', { agentId: 'a1', name: 'Samantha Supportworker-Longname' });
    expect(screen.getByRole('status')).toHaveTextContent('Samantha Supportwor… is helping you');
  });

  it("shows each prompt with spec 000 §8's texts and buttons, and what was granted", async () => {
    const user = userEvent.setup();
    const t = setup();
    await user.click(screen.getByRole('button', { name: 'Ask for help' }));
    t.open();
    t.fromServer('assist/request', { kind: 'control', agentId: 'a1' });
    t.fromServer('assist/request', { kind: 'call', agentId: 'a1' });
    expect(screen.getByText('Agent requested remote control. Allow?')).toBeInTheDocument();
    expect(screen.getByText('You have an incoming call. Do you want to answer?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Grant Remote Control' }));
    expect(screen.getByText('The agent has remote control.')).toBeInTheDocument();
    expect(t.socket().sent).toContainEqual({ o: 'assist/answer', b: { kind: 'control', answer: 'accept', agentId: 'a1' } });
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.queryByText('You have an incoming call. Do you want to answer?')).not.toBeInTheDocument();
    expect(t.socket().sent).toContainEqual({ o: 'assist/answer', b: { kind: 'call', answer: 'decline', agentId: 'a1' } });
    await user.click(screen.getByRole('button', { name: 'Take back control' }));
    expect(screen.queryByText('The agent has remote control.')).not.toBeInTheDocument();
  });

  it('shows the red dashed border only while recording', async () => {
    const user = userEvent.setup();
    const t = setup();
    await user.click(screen.getByRole('button', { name: 'Ask for help' }));
    t.open();
    t.fromServer('assist/request', { kind: 'recording', agentId: 'a1' });
    expect(screen.getByText('Agent requested to record activity in this browser tab.')).toBeInTheDocument();
    expect(screen.queryByTestId('assist-recording-border')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Allow Recording' }));
    expect(screen.getByTestId('assist-recording-border')).toHaveClass('border-dashed', 'border-red-600');
    t.fromServer('assist/release', { kind: 'recording' });
    expect(screen.queryByTestId('assist-recording-border')).not.toBeInTheDocument();
  });

  it('End ends everything at once and tells the agent', async () => {
    const user = userEvent.setup();
    const t = setup();
    await user.click(screen.getByRole('button', { name: 'Ask for help' }));
    t.open();
    t.fromServer('assist/request', { kind: 'recording', agentId: 'a1' });
    await user.click(screen.getByRole('button', { name: 'Allow Recording' }));
    const socket = t.socket();
    await user.click(screen.getByRole('button', { name: 'End' }));
    expect(socket.sent).toContainEqual({ o: 'assist/end' });
    expect(screen.queryByTestId('assist-recording-border')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask for help' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(t.onClose).toHaveBeenCalled();
  });

  it('says so when the agent ends the session', async () => {
    const user = userEvent.setup();
    const t = setup();
    await user.click(screen.getByRole('button', { name: 'Ask for help' }));
    t.open();
    t.fromServer('assist/end');
    expect(screen.getByText('The agent ended the session.')).toBeInTheDocument();
  });
});
