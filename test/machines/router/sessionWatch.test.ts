import { assign, setup, type AnyEventObject } from 'xstate';
import { sessionWatch } from '../../../machines/router/sessionWatch';
import { startInSession } from './support/sessionFakes';

// Records what the watch sends back, as the router and item actors receive it.
const listener = setup({ types: { context: {} as { got: AnyEventObject[] } }, actors: { sessionWatch } }).createMachine({
  context: { got: [] },
  invoke: { src: 'sessionWatch', input: { auth: true, pushes: true, deletions: true, caches: true } },
  on: { '*': { actions: assign(({ context, event }) => ({ got: [...context.got, event] })) } },
});

describe('sessionWatch', () => {
  it('reports auth changes (null while unsettled), pushes, deletions and dropped caches', () => {
    const h = startInSession(listener, { systemId: 'listener', input: undefined, signedIn: null });
    h.auth.send({ type: 'fake.signedIn' });
    h.auth.send({ type: 'fake.signedIn' });
    h.auth.send({ type: 'fake.signingIn' });
    h.auth.send({ type: 'fake.signedOut' });
    h.connection.send({ type: 'fake.push', frame: { o: 'item/update', b: { $id: 'Contact-1' } } });
    h.tasks.send({ type: 'fake.deleted', id: 'Contact-1' });
    h.auth.send({ type: 'fake.cachesDropped' });
    expect(h.subject.getSnapshot().context.got).toEqual([
      { type: 'session.authChanged', signedIn: null },
      { type: 'session.authChanged', signedIn: true },
      { type: 'session.authChanged', signedIn: null },
      { type: 'session.authChanged', signedIn: false },
      { type: 'session.pushed', frame: { o: 'item/update', b: { $id: 'Contact-1' } } },
      { type: 'session.itemDeleted', id: 'Contact-1' },
      { type: 'session.cachesDropped' },
    ]);
  });

  it('hears nothing of what it was not asked for', () => {
    const h = startInSession(
      setup({ types: { context: {} as { got: AnyEventObject[] } }, actors: { sessionWatch } }).createMachine({
        context: { got: [] },
        invoke: { src: 'sessionWatch', input: { auth: true } },
        on: { '*': { actions: assign(({ context, event }) => ({ got: [...context.got, event] })) } },
      }),
      { systemId: 'listener', input: undefined, signedIn: true },
    );
    h.auth.send({ type: 'fake.cachesDropped' });
    expect(h.subject.getSnapshot().context.got).toEqual([
      { type: 'session.authChanged', signedIn: null },
      { type: 'session.authChanged', signedIn: true },
    ]);
  });
});
