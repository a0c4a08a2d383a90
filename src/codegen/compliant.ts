// The compliant part of a generated module: the forces, added mass and
// energy of constraints realized by forces (DerivedSystem.compliant,
// src/derive/compliant/compliant.ts), evaluated in the hot path only where they act,
// and the export compliantContacts (gap and normal force per compliant
// contact: the switching functions the runtime locates). Nothing here
// differentiates or decides a sign: the regions are the derivation's
// (f ≤ 0; F_n > 0 or adhesion), written as branches.
// Compliant contacts are not rigid contacts: gaps, impact and the other
// rigid-contact exports never include them.
// Tests: test/codegen/compliant.test.ts.
import type { CompliantTerm } from '../derive/compliant/compliant.js';
import type { DerivedSystem } from '../derive/system.js';
import type { Expr } from '../core/expr.js';
import { assign, bin, call, callStmt, forRange, idx, num, plus, ref, ret, type Data, type Decl, type JsExpr, type KernelOutput, type Stmt } from './ir.js';
import { kernelBlock, outParam, P, Q, QD, T, type Scope } from './scope.js';

/** Names the compliant part declares at top level. */
export const COMPLIANT_TOP_LEVEL = ['compliantContacts'];

/** The terms of a system (empty without realized constraints). */
const termsOf = (sys: DerivedSystem): readonly CompliantTerm[] => sys.compliant?.terms ?? [];
/** The terms that are contacts (compliant or gap potentials), in model.compliant order. */
const contactTerms = (sys: DerivedSystem): readonly CompliantTerm[] => termsOf(sys).filter((t) => t.source !== 'realization');

/** What the model record says about the realized constraints (contract: CompliantInfo, realized). */
export function compliantInfo(sys: DerivedSystem): { compliant?: Data; realized?: Data } {
  const contacts = contactTerms(sys).map((t) => ({ name: t.name, kind: t.source, adhesion: t.adhesion }));
  const realized = (sys.model.realizations ?? []).map((r) => r.name);
  return { ...(contacts.length ? { compliant: contacts } : {}), ...(realized.length ? { realized } : {}) };
}

/** Header lines describing the compliant exports. */
export function compliantHeader(sys: DerivedSystem): string[] {
  const contacts = contactTerms(sys);
  const realized = termsOf(sys).filter((t) => t.source === 'realization');
  return [
    ...(contacts.length
      ? [
          `  compliantContacts: [gap, gap rate, F_n] per compliant contact [${contacts.map((t) => t.name).join(', ')}] (${3 * contacts.length}); their forces are in forcing and accelerations where they act`,
        ]
      : []),
    ...(realized.length
      ? [`  realized retaining constraints (Kozlov's Theorem 1 terms in M, forcing and energy, not held): ${realized.map((t) => t.name).join(', ')}`]
      : []),
  ];
}

const i = ref('i');
const tp = [ref('t'), ref('p')];

/** dst[at + i] += src[off + i] for i < length. */
const addInto = (dst: string, src: string, off: number, length: number, at?: JsExpr): Stmt =>
  forRange('i', 0, length, [assign(idx(dst, at ? plus(at, i) : i), idx(src, off ? plus(num(off), i) : i), '+=')]);

/**
 * Term j's values live in its own slots (CN$[j], CF$/CI$ from j·n, CM$ from
 * j·n²), so that one straight-line block at the top of a function computes
 * every term that acts everywhere with the gaps, and each contact's block
 * sits in its own branch (two blocks in one scope would declare the same
 * input locals twice).
 */
function termOutputs(t: CompliantTerm, j: number, n: number): KernelOutput[] {
  return [
    { expr: t.force, targets: [idx('CN$', j)] },
    ...slotOutputs('CF$', t.generalizedForce, j, n),
    ...(t.inertia ? [...slotOutputs('CM$', t.inertia.mass.flat(), j, n * n), ...slotOutputs('CI$', t.inertia.forcing, j, n)] : []),
  ];
}

/** Values into term j's slot of a buffer `width` wide per term. */
const slotOutputs = (name: string, values: readonly Expr[], j: number, width: number): KernelOutput[] =>
  values.map((expr, i) => ({ expr, targets: [idx(name, j * width + i)] }));

/** Term j's force (clamped at 0 without adhesion) and added mass, added into mm/ff. */
function termAdds(t: CompliantTerm, j: number, n: number): Stmt[] {
  return [clampedForce(t, j, n, 'ff'), ...(t.inertia ? [addInto('ff', 'CI$', j * n, n), addInto('mm', 'CM$', j * n * n, n * n)] : [])];
}

/** Term j's generalized force F_n Gᵀ in CF$ added into dst (from `at`), where F_n > 0 without adhesion. */
function clampedForce(t: CompliantTerm, j: number, n: number, dst: string, at?: JsExpr): Stmt {
  const force = addInto(dst, 'CF$', j * n, n, at);
  return t.adhesion ? force : { kind: 'if', test: bin(idx('CN$', j), '>', num(0)), then: [force] };
}

/** A function body: one top-level block (gaps, and the terms acting everywhere), then a branch per contact where f ≤ 0. */
function regionBody(
  scope: Scope,
  terms: readonly CompliantTerm[],
  outputs: (t: CompliantTerm, j: number) => KernelOutput[],
  adds: (t: CompliantTerm, j: number) => Stmt[],
): Stmt[] {
  const top: KernelOutput[] = terms.flatMap((t, j) => (t.everywhere ? outputs(t, j) : [{ expr: t.gap, targets: [idx('CG$', j)] }]));
  return [
    kernelBlock(scope, top),
    ...terms.flatMap((t, j): Stmt[] =>
      t.everywhere ? adds(t, j) : [{ kind: 'if', test: bin(idx('CG$', j), '<=', num(0)), then: [kernelBlock(scope, outputs(t, j)), ...adds(t, j)] }],
    ),
  ];
}

/** Declarations of the compliant part (none without realized constraints). */
export function compliantDecls(scope: Scope): Decl[] {
  const { sys, n } = scope;
  const terms = termsOf(sys);
  if (terms.length === 0) return [];
  const m = terms.length;
  const contacts = contactTerms(sys);
  const inertial = terms.filter((t) => t.inertia);
  // Σ of a scalar of each term where it acts.
  const sum = (of: (t: CompliantTerm) => Expr): Stmt[] => [
    { kind: 'let', name: 'e', init: num(0) },
    ...regionBody(
      scope,
      terms,
      (t, j) => [{ expr: of(t), targets: [idx('CE$', j)] }],
      (_t, j) => [assign(ref('e'), idx('CE$', j), '+=')],
    ),
    ret(ref('e')),
  ];
  return [
    {
      kind: 'comment',
      text: '---- constraints realized by forces (Kozlov): compliant contacts act where f ≤ 0, gap potentials and Theorem 1 realizations everywhere',
    },
    { kind: 'buffer', name: 'CG$', array: 'Float64Array', length: m, doc: 'f of each realized constraint at the state.' },
    { kind: 'buffer', name: 'CN$', array: 'Float64Array', length: m, doc: 'F_n of each term.' },
    { kind: 'buffer', name: 'CE$', array: 'Float64Array', length: m, doc: 'V_c + T_a (or T_a − V_c) of each term.' },
    { kind: 'buffer', name: 'CF$', array: 'Float64Array', length: m * n, doc: 'Generalized forces F_n Gᵀ, n per term.' },
    { kind: 'buffer', name: 'CM$', array: 'Float64Array', length: m * n * n, doc: 'Added masses a GᵀG, n×n per term.' },
    { kind: 'buffer', name: 'CI$', array: 'Float64Array', length: m * n, doc: 'Added-mass forcing −a β Gᵀ (for momenta a ḟ Gᵀ, for ṗ ∂T_a/∂q), n per term.' },
    {
      kind: 'function',
      name: 'compliant$',
      doc: "Adds the realized constraints' forces and added masses where they act to mm (n×n) and ff (n), at the state in s$.",
      params: [T, P, { name: 'mm', type: 'Float64Array' }, { name: 'ff', type: 'Float64Array' }],
      returns: 'void',
      body: regionBody(
        scope,
        terms,
        (t, j) => termOutputs(t, j, n),
        (t, j) => termAdds(t, j, n),
      ),
    },
    ...(inertial.length
      ? [
          {
            kind: 'function',
            name: 'compliantMass$',
            doc: "Adds the realized constraints' added masses where they act to mm (n×n), at the configuration in s$: massMatrix is the M of M q̈ = forcing.",
            params: [T, P, { name: 'mm', type: 'Float64Array' }],
            returns: 'void',
            body: regionBody(
              scope,
              inertial,
              (t, j) => slotOutputs('CM$', t.inertia!.mass.flat(), j, n * n),
              (_t, j) => [addInto('mm', 'CM$', j * n * n, n * n)],
            ),
          } satisfies Decl,
          {
            kind: 'function',
            name: 'compliantMomenta$',
            doc: "Adds the added masses' share of the momenta, a ḟ Gᵀ, where they act to pp (n), at the state in s$: momenta is the p = ∂L/∂q̇ of the Lagrangian energy adds to.",
            params: [T, P, { name: 'pp', type: 'Float64Array' }],
            returns: 'void',
            body: regionBody(
              scope,
              inertial,
              (t, j) => slotOutputs('CI$', t.inertia!.momentum, j, n),
              (_t, j) => [addInto('pp', 'CI$', j * n, n)],
            ),
          } satisfies Decl,
        ]
      : []),
    {
      kind: 'function',
      name: 'compliantEnergy$',
      doc: 'V_c + T_a of the realized constraints where they act, at the state in s$.',
      params: [T, P],
      returns: 'number',
      body: sum((t) => t.energy),
    },
    {
      kind: 'function',
      name: 'compliantLagrangian$',
      doc: 'T_a − V_c of the realized constraints where they act, at the state in s$: what they add to L.',
      params: [T, P],
      returns: 'number',
      body: sum((t) => t.lagrangian),
    },
    {
      kind: 'function',
      name: 'compliantCanonical$',
      doc: "Adds the realized constraints' share of ṗ = ∂L/∂q + Q where they act, F_n Gᵀ + ∂T_a/∂q, to pp[off…off+n), at the state in s$.",
      params: [T, P, { name: 'pp', type: 'Float64Array' }, { name: 'off', type: 'index' }],
      returns: 'void',
      body: regionBody(
        scope,
        terms,
        (t, j) => [
          { expr: t.force, targets: [idx('CN$', j)] },
          ...slotOutputs('CF$', t.generalizedForce, j, n),
          ...(t.inertia ? slotOutputs('CI$', t.inertia.dTdq, j, n) : []),
        ],
        (t, j) => [clampedForce(t, j, n, 'pp', ref('off')), ...(t.inertia ? [addInto('pp', 'CI$', j * n, n, ref('off'))] : [])],
      ),
    },
    ...(contacts.length
      ? [
          {
            kind: 'function',
            name: 'compliantContacts',
            doc: [
              'Per compliant contact: its gap f (≥ 0 outside), the gap rate ḟ, and its normal force F_n',
              "along +∂f/∂q, unclamped, at the penetration's positive part (so defined for every",
              'state): the switching functions f = 0 and, without adhesion, F_n = 0.',
            ].join('\n'),
            exported: true,
            params: [T, Q, QD, P, outParam(3 * contacts.length)],
            returns: 'Float64Array',
            body: [
              callStmt('load$', ref('q'), ref('qd')),
              kernelBlock(
                scope,
                contacts.flatMap((t, j) => [
                  { expr: t.gap, targets: [idx('out', 3 * j)] },
                  { expr: t.gapRate, targets: [idx('out', 3 * j + 1)] },
                  { expr: t.forcePositive, targets: [idx('out', 3 * j + 2)] },
                ]),
              ),
              ret(ref('out')),
            ],
          } satisfies Decl,
        ]
      : []),
  ];
}

/** The call dynamics$ makes after M and forcing, when the model has realized constraints. */
export function compliantCall(sys: DerivedSystem, mm: string, ff: string): Stmt[] {
  return termsOf(sys).length ? [callStmt('compliant$', ...tp, ref(mm), ref(ff))] : [];
}

/** The call that adds the added masses where they act to M in mm (nothing without added masses). */
export function compliantMassCall(sys: DerivedSystem, mm: string): Stmt[] {
  return termsOf(sys).some((t) => t.inertia) ? [callStmt('compliantMass$', ...tp, ref(mm))] : [];
}

/** The call that adds the added masses' share a ḟ Gᵀ of the momenta where they act to pp (nothing without added masses). */
export function compliantMomentaCall(sys: DerivedSystem, pp: string): Stmt[] {
  return termsOf(sys).some((t) => t.inertia) ? [callStmt('compliantMomenta$', ...tp, ref(pp))] : [];
}

/** The call that adds the realized constraints' share of ṗ to pp from off (nothing without them). */
export function compliantCanonicalCall(sys: DerivedSystem, pp: string, off: JsExpr): Stmt[] {
  return termsOf(sys).length ? [callStmt('compliantCanonical$', ...tp, ref(pp), off)] : [];
}

/** What the realized constraints add to L₀ = L|_{q̇ = 0}, at the state in s$ with q̇ = 0 (a call, or nothing). */
export function compliantLagrangian(sys: DerivedSystem): JsExpr | undefined {
  return termsOf(sys).length ? call('compliantLagrangian$', ...tp) : undefined;
}

/** The energy of the realized constraints, added to T + V (a call, or nothing). */
export function compliantEnergy(sys: DerivedSystem): JsExpr | undefined {
  return termsOf(sys).length ? call('compliantEnergy$', ...tp) : undefined;
}
