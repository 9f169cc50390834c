import { modules } from '../../src/modules';
import { operationTable } from '../../src/server/ops/operationTable';
import { operations } from '../../src/shared/protocol/operations';

// Issue 12, "typed operation table": every operation the server answers is declared once in a
// table shared with the browser (the core's, or a module's from its own folder), and bound once.

const declared = [...Object.values(operations), ...modules.flatMap((m) => Object.values(m.operations ?? {}))];

test('every declared operation is bound to exactly one handler, and nothing else is', () => {
  const bound = operationTable.map((r) => r.def);
  for (const def of declared) expect(bound.filter((d) => d === def)).toHaveLength(1);
  expect(bound.filter((d) => !declared.includes(d))).toEqual([]);
});

test('patterns are unique and name exactly the parameters they declare', () => {
  const patterns = declared.map((d) => d.pattern);
  expect(new Set(patterns).size).toBe(patterns.length);
  for (const def of declared) {
    const named = [...def.pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
    expect(named.sort()).toEqual(Object.keys(def.params).sort());
  }
});

test('the table covers the operations of today (56)', () => {
  expect(declared.length).toBeGreaterThanOrEqual(56);
});
