import { itemFormMachine, selectRelPicker } from '../../../machines/item/itemFormMachine';
import { startInSession } from '../router/support/sessionFakes';

describe('item form relation choosers', () => {
  test('the form keeps one chooser per REL property and tells the contacts chooser its organisation', () => {
    const h = startInSession(itemFormMachine, { systemId: 'form-CommLog-0', input: { itemId: 'CommLog-0', item: null }, signedIn: true });
    const form = h.subject.getSnapshot();
    const contacts = selectRelPicker(form, 'contacts')!;
    expect(selectRelPicker(form, 'owner')!.getSnapshot().context.orgRule).toEqual({ role: 'org', org: null });
    expect(selectRelPicker(form, 'context')).toBeDefined();
    expect(contacts.getSnapshot().context.orgRule).toEqual({ role: 'contacts', org: null });
    h.subject.send({ type: 'form.changed', name: 'owner', value: { id: 'Organization-3' } });
    expect(contacts.getSnapshot().context.orgRule?.org).toBe('Organization-3');
    // It searches through the session's connection.
    contacts.send({ type: 'relPicker.typed', text: 'Mary' });
    h.clock.increment(400);
    expect(h.sent().at(-1)).toMatchObject({ o: 'search/ids', b: { must: { 'ft-_related.id': ['Organization-3'] } } });
  });
});
