import { createActor } from 'xstate';
import { highlightMachine, selectHovered } from '../../../machines/session/highlightMachine';

describe('highlightMachine', () => {
  it('keeps the hovered item cut to its first two id parts', () => {
    const actor = createActor(highlightMachine).start();
    expect(selectHovered(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'highlight.entered', id: 'Contact-3-17' });
    expect(selectHovered(actor.getSnapshot())).toBe('Contact-3');
    actor.send({ type: 'highlight.left', id: 'Contact-3' });
    expect(selectHovered(actor.getSnapshot())).toBeNull();
  });

  it('ignores the late leave of another item and invalid ids', () => {
    const actor = createActor(highlightMachine).start();
    actor.send({ type: 'highlight.entered', id: 'Contact-3' });
    actor.send({ type: 'highlight.entered', id: 'User-2' });
    actor.send({ type: 'highlight.left', id: 'Contact-3' });
    expect(selectHovered(actor.getSnapshot())).toBe('User-2');
    actor.send({ type: 'highlight.entered', id: 'nonsense' });
    expect(selectHovered(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'highlight.left', id: 'nonsense' });
    expect(selectHovered(actor.getSnapshot())).toBeNull();
  });
});
