import { selectTimelineActor } from '../../../machines/item/itemMachine';
import { selectTimelineError, selectTimelineEvents, selectTimelineLoading } from '../../../machines/item/itemTimelineMachine';
import { buildItem, startItem, type StartedItem } from './support/startItem';
import { settled } from '../router/support/sessionFakes';

const CREATED = { kind: 'created', u: 1, ts: '2024-05-01T10:00:00.000Z', by: 'User-1', masquerader: null, changed: ['name', 'email'] };
const RENAMED = { kind: 'updated', u: 4, ts: '2024-05-02T10:00:00.000Z', by: 'User-2', masquerader: null, changed: ['name'] };

const reply = async (t: StartedItem, ...args: Parameters<StartedItem['reply']>) => {
  t.reply(...args);
  await settled();
};

describe('item timeline', () => {
  it('asks nothing until a view wants the timeline, then keeps its events', async () => {
    const t = await startItem();
    const timeline = () => selectTimelineActor(t.snapshot()).getSnapshot();
    t.push(buildItem({ _u: 4 }));
    expect(t.ops()).not.toContain('timeline/Contact-1');
    t.subject.send({ type: 'item.timelineRequested' });
    expect(t.ops().filter((o) => o === 'timeline/Contact-1')).toHaveLength(1);
    expect(selectTimelineLoading(timeline())).toBe(true);
    await reply(t, [CREATED, { garbage: true }]);
    expect(selectTimelineLoading(timeline())).toBe(false);
    expect(selectTimelineEvents(timeline())).toEqual([CREATED]);
  });

  it('fetches again when the item changes (push, watch answer or own save), keeping the old events meanwhile', async () => {
    const t = await startItem();
    const timeline = () => selectTimelineActor(t.snapshot()).getSnapshot();
    t.subject.send({ type: 'item.timelineRequested' });
    await reply(t, [CREATED]);
    t.push(buildItem({ _u: 4, name: 'Mary T.' }));
    expect(t.ops().filter((o) => o === 'timeline/Contact-1')).toHaveLength(2);
    expect(selectTimelineEvents(timeline())).toEqual([CREATED]);
    await reply(t, [CREATED, RENAMED]);
    expect(selectTimelineEvents(timeline())).toEqual([CREATED, RENAMED]);
    t.subject.send({ type: 'item.saved', item: buildItem({ _u: 5 }) });
    expect(t.ops().filter((o) => o === 'timeline/Contact-1')).toHaveLength(3);
    // An older push changes nothing and asks nothing.
    await reply(t, [CREATED, RENAMED]);
    t.push(buildItem({ _u: 2 }));
    expect(t.ops().filter((o) => o === 'timeline/Contact-1')).toHaveLength(3);
  });

  it('asks once more when the item changed while the timeline was on its way', async () => {
    const t = await startItem();
    const timeline = () => selectTimelineActor(t.snapshot()).getSnapshot();
    t.subject.send({ type: 'item.timelineRequested' });
    const first = t.last('timeline/Contact-1');
    t.push(buildItem({ _u: 4 }));
    await reply(t, [CREATED], { index: first });
    expect(t.ops().filter((o) => o === 'timeline/Contact-1')).toHaveLength(2);
    expect(selectTimelineLoading(timeline())).toBe(true);
    await reply(t, [CREATED, RENAMED]);
    expect(selectTimelineLoading(timeline())).toBe(false);
    expect(selectTimelineEvents(timeline())).toHaveLength(2);
  });

  it('keeps the error of a refused request and tries again when asked', async () => {
    const t = await startItem();
    const timeline = () => selectTimelineActor(t.snapshot()).getSnapshot();
    t.subject.send({ type: 'item.timelineRequested' });
    await reply(t, { userMessage: 'notSignedIn', sysMessage: 'timeline needs a user' }, { erred: true });
    expect(selectTimelineError(timeline())).toEqual({ userMessage: 'notSignedIn', sysMessage: 'timeline needs a user' });
    t.push(buildItem({ _u: 4 }));
    expect(t.ops().filter((o) => o === 'timeline/Contact-1')).toHaveLength(1);
    t.subject.send({ type: 'item.timelineRequested' });
    await reply(t, []);
    expect(selectTimelineError(timeline())).toBeNull();
    expect(selectTimelineEvents(timeline())).toEqual([]);
  });
});
