// The contact patches of a generated module (DerivedSystem.patches,
// src/derive/compliant/patch.ts): each regime's generalized force added to forcing
// behind the regime's conditions (a root of a negative base is not real, so
// a regime's expressions are evaluated only where it holds), and the export
// compliantContacts with, per patch, the gap −depth, its rate and the
// normal resultant (0 outside contact, negative once the foundation has let
// go of the body inside it): the switching functions of the compliant
// runtime (src/runtime/hybrid/compliant.ts), which integrates the module with
// Radau IIA and locates contact and separation (where the normal resultant
// changes sign, q + νq̇/k = 0 for the disk, §5), recording a release there. The patches are listed
// in the model record's `compliant` as contacts without adhesion, which is
// what that runtime reads; a model cannot have both patches and compliant
// contacts (validated), since both would declare compliantContacts.
// Nothing here derives: conditions, forces and switching functions are the
// derivation's.
// Tests: test/codegen/patch.test.ts.
import type { Expr } from '../core/expr.js';
import type { PatchCondition, PatchTerm } from '../derive/compliant/patch.js';
import type { DerivedSystem } from '../derive/system.js';
import { assign, bin, callStmt, forRange, idx, num, ref, ret, type Data, type Decl, type JsExpr, type Stmt } from './ir.js';
import { kernelBlock, outParam, P, Q, QD, T, type Scope } from './scope.js';

const termsOf = (sys: DerivedSystem): readonly PatchTerm[] => sys.patches?.terms ?? [];

/** The patches as the model record's compliant contacts (contract: CompliantInfo). */
export function patchInfo(sys: DerivedSystem): { compliant?: Data } {
  const terms = termsOf(sys);
  return terms.length ? { compliant: terms.map((t) => ({ name: t.name, kind: 'compliant', adhesion: t.contact.adhesion })) } : {};
}

/** Header lines describing the patches' exports. */
export function patchHeader(sys: DerivedSystem): string[] {
  const terms = termsOf(sys);
  if (!terms.length) return [];
  return [
    `  compliantContacts: [gap −depth, its rate, normal resultant] per contact patch [${terms.map((t) => t.name).join(', ')}] (${3 * terms.length}); their regimes' generalized forces are in forcing, accelerations, rhs and rhsJacobian`,
  ];
}

const OPS: Readonly<Record<PatchCondition['relation'], '>' | '>=' | '<' | '<=' | '==='>> = { '>': '>', '>=': '>=', '<': '<', '<=': '<=', '=': '===' };

/** Where each patch's condition values live in PC$, by expression. */
function conditionSlots(terms: readonly PatchTerm[]): Map<Expr, number>[] {
  let next = 0;
  return terms.map((t) => {
    const slots = new Map<Expr, number>();
    for (const r of t.regimes) for (const c of r.conditions) if (!slots.has(c.expr)) slots.set(c.expr, next++);
    return slots;
  });
}

/** A patch's regimes as an if/else chain: the first whose conditions hold adds its force. */
function regimeChain(scope: Scope, t: PatchTerm, slots: ReadonlyMap<Expr, number>): Stmt[] {
  const test = (cs: readonly PatchCondition[]): JsExpr =>
    cs.map((c) => bin(idx('PC$', slots.get(c.expr)!), OPS[c.relation], num(0))).reduce((a, b) => bin(a, '&&', b));
  return t.regimes.reduceRight<Stmt[]>(
    (rest, r) => [
      {
        kind: 'if',
        test: test(r.conditions),
        then: [
          kernelBlock(
            scope,
            r.force.map((expr, i) => ({ expr, targets: [idx('PF$', i)] })),
          ),
          forRange('i', 0, scope.n, [assign(idx('ff', ref('i')), idx('PF$', ref('i')), '+=')]),
        ],
        ...(rest.length ? { else: rest } : {}),
      },
    ],
    [],
  );
}

/** Declarations of the patch part (none without patches). */
export function patchDecls(scope: Scope): Decl[] {
  const terms = termsOf(scope.sys);
  if (!terms.length) return [];
  const slots = conditionSlots(terms);
  const total = slots.reduce((a, s) => a + s.size, 0);
  return [
    { kind: 'comment', text: "---- contact patches (distributed contact laws): each regime's generalized force where its conditions hold" },
    { kind: 'buffer', name: 'PC$', array: 'Float64Array', length: Math.max(total, 1), doc: "The regimes' condition values of every patch." },
    { kind: 'buffer', name: 'PF$', array: 'Float64Array', length: scope.n, doc: 'The generalized force of the active regime.' },
    {
      kind: 'function',
      name: 'patch$',
      doc: "Adds each patch's generalized force (its active regime's) to ff (n), at the state in s$.",
      params: [T, P, { name: 'ff', type: 'Float64Array' }],
      returns: 'void',
      // One block for every condition (two blocks in one scope would declare the same input locals twice), then a chain per patch.
      body: [
        kernelBlock(
          scope,
          slots.flatMap((m) => [...m].map(([expr, k]) => ({ expr, targets: [idx('PC$', k)] }))),
        ),
        ...terms.flatMap((t, j) => regimeChain(scope, t, slots[j]!)),
      ],
    },
    {
      kind: 'function',
      name: 'compliantContacts',
      doc: [
        'Per contact patch: its gap −depth (≥ 0 outside), the gap rate, and its normal resultant',
        '(0 outside contact, negative once separated inside it; defined at every state): the switching functions of contact and separation.',
      ].join('\n'),
      exported: true,
      params: [T, Q, QD, P, outParam(3 * terms.length)],
      returns: 'Float64Array',
      body: [
        callStmt('load$', ref('q'), ref('qd')),
        kernelBlock(
          scope,
          terms.flatMap((t, j) => [
            { expr: t.gap, targets: [idx('out', 3 * j)] },
            { expr: t.gapRate, targets: [idx('out', 3 * j + 1)] },
            { expr: t.normalEverywhere, targets: [idx('out', 3 * j + 2)] },
          ]),
        ),
        ret(ref('out')),
      ],
    },
  ];
}

/** The smooth declarations with dynamics$ adding the patches' forces after M and forcing. */
export function withPatchCall(sys: DerivedSystem, decls: readonly Decl[]): Decl[] {
  if (!termsOf(sys).length) return [...decls];
  return decls.map((d) =>
    d.kind === 'function' && d.name === 'dynamics$' ? { ...d, body: [...d.body, callStmt('patch$', ref('t'), ref('p'), ref('ff$'))] } : d,
  );
}
