/**
 * The kinds of agreement (spec 001 §3 "kind (uppercase, registered once)", §5): each registered once,
 * in uppercase; the Agreement's `kind` takes one of them. A faulty registration stops the start with
 * the spec's words.
 */

/** One kind of agreement and the module that registers it. */
export interface AgreementKindDecl {
  kind: string;
  module: string;
}

/** The registered kinds, in order; throws "Agreement kind … is not uppercase" or "… is already registered". */
export function agreementKindTable(decls: readonly AgreementKindDecl[]): string[] {
  const by = new Map<string, string>();
  for (const { kind, module } of decls) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(kind)) throw new Error(`Agreement kind ${kind} is not uppercase`);
    const first = by.get(kind);
    if (first !== undefined) throw new Error(`Agreement kind ${kind} is already registered: by module ${first}, again by module ${module}`);
    by.set(kind, module);
  }
  return [...by.keys()];
}

/** The kinds this module registers: what a community signs with proponents and governments. */
export const AGREEMENT_KINDS = agreementKindTable(
  ['IMPACT_BENEFIT', 'CONSULTATION_PROCESS', 'MEMORANDUM', 'DATA_SHARING', 'RESEARCH', 'SERVICE'].map((kind) => ({
    kind,
    module: 'consult',
  })),
);
