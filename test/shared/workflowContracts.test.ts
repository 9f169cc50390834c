import { itemTypes } from '../../src/shared/itemTypes';
import { extendTypes } from '../../src/shared/items/typeExtensions';
import type { ItemTypeDef } from '../../src/shared/items/types';
import { stepKindTable } from '../../src/shared/workflow/StepKindDef';
import { installStepKinds, registeredStepKind, stepBehaviour } from '../../src/server/workflow/stepBehaviours';

const type = (name: string, extra: Partial<ItemTypeDef> = {}): ItemTypeDef => ({
  name,
  defaultIcon: 'list',
  defaultAccess: 'PROTECTED',
  properties: { title: { kind: 'textField' } },
  label: () => name,
  ...extra,
});

describe('type extensions', () => {
  const ext = { applies: (t: ItemTypeDef) => t.workflow === true, properties: { flag: { kind: 'BOOL' as const } } };

  it('adds the properties to the types the predicate accepts, leaving the others as they were', () => {
    const plain = type('Plain');
    const [a, b] = extendTypes([type('Flowing', { workflow: true }), plain], [{ name: 'm', typeExtensions: [ext] }]);
    expect(Object.keys(a!.properties)).toEqual(['title', 'flag']);
    expect(b).toBe(plain);
  });

  it('stops when a property is added to a type that already has one of that name', () => {
    const clash = type('Flowing', { workflow: true, properties: { flag: { kind: 'textField' } } });
    expect(() => extendTypes([clash], [{ name: 'm', typeExtensions: [ext] }])).toThrow(
      'Module m adds flag to Flowing, which already has one',
    );
    expect(() =>
      extendTypes(
        [type('F', { workflow: true })],
        [
          { name: 'a', typeExtensions: [ext] },
          { name: 'b', typeExtensions: [ext] },
        ],
      ),
    ).toThrow('Module b adds flag to F');
  });

  it('gives the product a workflow-capable response', () => {
    expect(itemTypes.get('ConsultResponse')?.workflow).toBe(true);
  });
});

describe('step kinds', () => {
  it('refuses a kind registered twice, naming both modules, and one not uppercase', () => {
    const kind = { kind: 'RWF_X', label: 'x' };
    expect(() =>
      stepKindTable([
        { name: 'a', stepKinds: [kind] },
        { name: 'b', stepKinds: [kind] },
      ]),
    ).toThrow('Step kind RWF_X is already registered: by module a, again by module b');
    expect(() => stepKindTable([{ name: 'a', stepKinds: [{ kind: 'rwf_x', label: 'x' }] }])).toThrow(
      'Step kind rwf_x of module a is not uppercase',
    );
  });

  it('installs behaviours only for kinds their own module declares', () => {
    const models = [{ name: 'a', stepKinds: [{ kind: 'RWF_X', label: 'x' }] }];
    expect(() => installStepKinds(models, [{ name: 'a', stepKinds: [{ kind: 'RWF_Y' }] }])).toThrow('which no module declares');
    expect(() => installStepKinds(models, [{ name: 'b', stepKinds: [{ kind: 'RWF_X' }] }])).toThrow('declared by module a');
    expect(() => installStepKinds(models, [{ name: 'a', stepKinds: [{ kind: 'RWF_X' }, { kind: 'RWF_X' }] }])).toThrow('two behaviours');
    installStepKinds(models, [{ name: 'a', stepKinds: [{ kind: 'RWF_X' }] }]);
    expect(registeredStepKind('RWF_X')?.owner).toBe('a');
    expect(stepBehaviour('RWF_X')).toEqual({ kind: 'RWF_X' });
    expect(registeredStepKind('RWF_SPATIAL')).toBeUndefined();
  });
});
