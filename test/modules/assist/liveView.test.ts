/** The live view's patches (issue 18): what the user's tab sends after the first picture, and how the agent's console applies it. */
import { applyLivePatch, diffLiveView, type LiveView } from '../../../src/modules/assist/liveView';

const cell = (key: string, value: string) => ({
  key,
  title: `Contact ${key}`,
  typeLabel: 'Contact',
  mode: 'edit' as const,
  fields: [
    { name: 'name', label: 'Name', value },
    { name: 'email', label: 'E-mail', value: 'ada@example.org' },
  ],
  lines: [],
});
const base: LiveView = { path: '/i-Contact-1', cells: [cell('i-Contact-1', 'Ada')], focus: null, scrollY: 0, hidden: false };

describe('live view patches', () => {
  it('a keystroke is one small change, and applying it gives the new view', () => {
    const next: LiveView = { ...base, cells: [cell('i-Contact-1', 'Ada L')], focus: { cellKey: 'i-Contact-1', label: 'Name' } };
    const patch = diffLiveView(base, next);
    expect(patch).toEqual([
      [['cells', 0, 'fields', 0, 'value'], 'Ada L'],
      [['focus'], { cellKey: 'i-Contact-1', label: 'Name' }],
    ]);
    expect(applyLivePatch(base, patch)).toEqual(next);
    expect(base.cells[0]!.fields[0]!.value).toBe('Ada');
  });

  it('columns opened and closed, and nothing when nothing changed', () => {
    const opened: LiveView = { ...base, path: '/i-Contact-1/i-Contact-2', cells: [cell('i-Contact-1', 'Ada'), cell('i-Contact-2', 'Bob')] };
    expect(applyLivePatch(base, diffLiveView(base, opened))).toEqual(opened);
    expect(applyLivePatch(opened, diffLiveView(opened, base))).toEqual(base);
    expect(diffLiveView(opened, structuredClone(opened))).toEqual([]);
  });

  it('a key that went away is removed', () => {
    const withExtra = { ...base, extra: 1 } as LiveView;
    const patch = diffLiveView(withExtra, base);
    expect(patch).toEqual([[['extra']]]);
    expect(applyLivePatch(withExtra, patch)).toEqual(base);
  });
});
