// The friction part of a generated module (contract: slipJacobian,
// slipRates, friction, frictionPhase in src/runtime/contract.ts): the slip
// rows of every contact that has them (a Coulomb contact's slip, a 'stick'
// contact's tangent) and the contact phase with sliding friction, whose
// reactions act along N − μ d S (src/numeric/friction-phase.ts). Every
// expression comes from the derivation's contact rows (ContactKinematics.slip,
// .friction); nothing here differentiates.
// Tests: test/codegen/friction.test.ts.
import { ZERO } from '../core/expr.js';
import type { ContactRow } from '../derive/unilateral/unilateral.js';
import type { DerivedSystem } from '../derive/system.js';
import { assign, bin, call, callStmt, fill, forRange, idx, math, NAN, neg, num, ref, ret, str, times, type Decl, type JsExpr, type Stmt } from './ir.js';
import { at } from './dynamics.js';
import { rowJacobianExport, rowRatesExport, velocity } from './rows.js';
import { into, kernelBlock, outParam, P, Q, QD, T, type Scope } from './scope.js';

/** The slip rows of a system in contact order, each with its contact. */
export function slipRows(sys: DerivedSystem): { row: ContactRow; contact: number }[] {
  return (sys.unilateral?.contacts ?? []).flatMap((c, contact) => (c.slip ?? []).map((row) => ({ row, contact })));
}

/** Whether a module carries the friction exports: some contact has slip rows. */
export const hasFriction = (sys: DerivedSystem): boolean => slipRows(sys).length > 0;

const n$ = ref('n$');
const i = ref('i');
const j = ref('j');
const k = ref('k');
const r = ref('r');
const tp = [ref('t'), ref('p')];
const modes = ref('modes');

/** Declarations of the friction exports (none without slip rows); `K` is the row capacity of the constrained solves. */
export function frictionDecls(scope: Scope, K: number): Decl[] {
  const { sys, n } = scope;
  const contacts = sys.unilateral?.contacts ?? [];
  const rows = slipRows(sys);
  const ms = rows.length;
  if (ms === 0) return [];
  const m = contacts.length;
  const mr = sys.constraints?.A.length ?? 0;
  // Infinity for 'stick' is printed as a data constant, not a kernel number.
  const coefficients = contacts.flatMap((c) => (c.friction ? [c.friction.kinetic, c.friction.static] : [ZERO, ZERO]));
  const stick = contacts.map((c) => (c.tangent ? 1 : 0));
  const first = contacts.map((_, c) => rows.findIndex((x) => x.contact === c));
  const count = contacts.map((_, c) => rows.filter((x) => x.contact === c).length);
  return [
    { kind: 'comment', text: '---- friction: slip rows (∂s/∂q, ∂s/∂t, bias) of every contact with a slip, and the sliding phase' },
    { kind: 'const', name: 'ms$', value: num(ms) },
    {
      kind: 'const',
      name: 'SC$',
      value: { kind: 'new', array: 'Int32Array', arg: { kind: 'data', value: rows.map((x) => x.contact) } },
      doc: 'Contact of each slip row.',
    },
    {
      kind: 'const',
      name: 'SF$',
      value: { kind: 'new', array: 'Int32Array', arg: { kind: 'data', value: first } },
      doc: 'First slip row of each contact (−1: none).',
    },
    {
      kind: 'const',
      name: 'SN$',
      value: { kind: 'new', array: 'Int32Array', arg: { kind: 'data', value: count } },
      doc: 'Number of slip rows of each contact (0, 1 planar, 2 spatial).',
    },
    {
      kind: 'const',
      name: 'STICK$',
      value: { kind: 'new', array: 'Uint8Array', arg: { kind: 'data', value: stick } },
      doc: "1 for a 'stick' contact (infinite friction).",
    },
    { kind: 'buffer', name: 'S$', array: 'Float64Array', length: ms * n, doc: 'Slip rows ∂s/∂q, ms×n, with their ∂s/∂t (sr$) and acceleration bias (sb$).' },
    { kind: 'buffer', name: 'sr$', array: 'Float64Array', length: ms },
    { kind: 'buffer', name: 'sb$', array: 'Float64Array', length: ms },
    { kind: 'buffer', name: 'SV$', array: 'Float64Array', length: ms, doc: 'Sliding velocities ṡ at the state.' },
    { kind: 'buffer', name: 'MU$', array: 'Float64Array', length: 2 * m, doc: 'Friction coefficients [μ_k, μ_s] per contact.' },
    { kind: 'buffer', name: 'FR$', array: 'Float64Array', length: K * n, doc: 'Rows the reactions act along (N − μ d S for a sliding contact).' },
    { kind: 'buffer', name: 'FP$', array: 'Int32Array', length: Math.max(1, K), doc: 'Pivots of the reaction matrix.' },
    {
      kind: 'function',
      name: 'slipRows$',
      doc: 'Slip rows, their ∂s/∂t and bias, at the state loaded in the locals.',
      params: [T, P],
      returns: 'void',
      body: [
        kernelBlock(scope, [
          ...into(
            'S$',
            rows.flatMap((x) => x.row.row),
          ),
          ...into(
            'sr$',
            rows.map((x) => x.row.rate),
          ),
          ...into(
            'sb$',
            rows.map((x) => x.row.bias),
          ),
        ]),
      ],
    },
    rowJacobianExport(scope, 'slipJacobian', '∂s/∂q of every slip row, stacked in contact order, ms×n.', 'slipRows$', 'S$', ms),
    rowRatesExport(
      scope,
      'slipRates',
      'Sliding velocities ṡ = S q̇ + ∂s/∂t, one per slip row.',
      rows.map((x) => x.row),
    ),
    {
      kind: 'function',
      name: 'friction',
      doc: "Friction coefficients [μ_kinetic, μ_static] per contact: 0 frictionless, Infinity for 'stick'.",
      exported: true,
      params: [T, P, outParam(2 * m)],
      returns: 'Float64Array',
      body: [
        kernelBlock(scope, into('out', coefficients)),
        forRange('j', 0, ref('m$'), [
          {
            kind: 'if',
            test: bin(idx('STICK$', j), '===', num(1)),
            then: [assign(idx('out', times(num(2), j)), ref('Infinity')), assign(idx('out', plus1(times(num(2), j))), ref('Infinity'))],
          },
        ]),
        ret(ref('out')),
      ],
    },
    {
      kind: 'function',
      name: 'frictionPhase',
      doc: [
        'Contact phase with Coulomb friction; modes[j]: 0 open, 2 sticking, ±1 sliding',
        '(friction −μ_k σ̇ d along the slip rows, d = modes[j] planar, ṡ/|ṡ| spatial).',
        'Out: q̈ (n), σ̇ per contact (m), τ per slip row (ms), det(R M⁻¹ Fᵀ).',
      ].join('\n'),
      exported: true,
      params: [T, Q, QD, P, { name: 'modes', type: 'ArrayLike<number>' }, outParam(n + m + ms + 1)],
      returns: 'Float64Array',
      body: frictionPhaseBody(scope, rows, m, mr),
    },
  ];
}

const plus1 = (e: JsExpr): JsExpr => bin(e, '+', num(1));

/** Stack the held rows and the rows their reactions act along, solve, and scatter into the fixed output layout. */
function frictionPhaseBody(scope: Scope, rows: readonly { row: ContactRow }[], m: number, mr: number): Stmt[] {
  const { n } = scope;
  const ms = rows.length;
  const copyRow = (dst: string, src: string, srcRow: JsExpr): Stmt => forRange('i', 0, n$, [assign(idx(dst, at(k, n$, i)), idx(src, at(srcRow, n$, i)))]);
  const push = (src: string, srcRow: JsExpr, c: JsExpr): Stmt[] => [copyRow('R$', src, srcRow), copyRow('FR$', src, srcRow), assign(idx('C$', k), c)];
  const sticks = (c: JsExpr): JsExpr => bin(bin(idx(modes, c), '===', num(2)), '||', bin(idx('STICK$', c), '===', num(1)));
  const mu = idx('MU$', times(num(2), j));
  // The sliding direction of slip row r of contact j: modes[j] planar, ṡ/|ṡ| spatial.
  const direction: Stmt[] = [
    { kind: 'let', name: 'norm', init: num(0) },
    forRange('r', idx('SF$', j), bin(idx('SF$', j), '+', idx('SN$', j)), [assign(ref('norm'), times(idx('SV$', r), idx('SV$', r)), '+=')]),
    assign(ref('norm'), math('sqrt', ref('norm'))),
    forRange('r', idx('SF$', j), bin(idx('SF$', j), '+', idx('SN$', j)), [
      {
        kind: 'const',
        name: 'd',
        init: {
          kind: 'cond',
          test: bin(idx('SN$', j), '===', num(1)),
          then: math('sign', idx(modes, j)),
          else: { kind: 'cond', test: bin(ref('norm'), '>', num(0)), then: bin(idx('SV$', r), '/', ref('norm')), else: num(0) },
        },
      },
      forRange('i', 0, n$, [assign(idx('FR$', at(k, n$, i)), times(times(mu, ref('d')), idx('S$', at(r, n$, i))), '-=')]),
    ]),
  ];
  return [
    callStmt('load$', ref('q'), ref('qd')),
    callStmt('dynamics$', ...tp, ref('M$'), ref('f$')),
    assign(ref('massSpd$'), call('factorMass$')),
    callStmt('contactRows$', ...tp),
    callStmt('slipRows$', ...tp),
    // The state is loaded once above; the slip velocities come from the same scratch.
    kernelBlock(
      scope,
      into(
        'SV$',
        rows.map((x) => velocity(scope, x.row)),
      ),
    ),
    callStmt('friction', ...tp, ref('MU$')),
    { kind: 'let', name: 'k', init: num(0) },
    { kind: 'let', name: 'sliding', init: ref('false') },
    forRange('j', 0, ref('m$'), [
      {
        kind: 'if',
        test: bin(idx(modes, j), '!==', num(0)),
        then: [
          ...push('N$', j, neg(idx('nb$', j))),
          {
            kind: 'if',
            test: bin(bin(bin(mu, '>', num(0)), '&&', { kind: 'unary', op: '!', arg: sticks(j) }), '&&', bin(idx('SN$', j), '>', num(0))),
            then: [...direction, assign(ref('sliding'), ref('true'))],
          },
          assign(k, num(1), '+='),
        ],
      },
    ]),
    forRange('r', 0, ref('ms$'), [
      { kind: 'const', name: 'c', init: idx('SC$', r) },
      {
        kind: 'if',
        test: bin(bin(idx(modes, ref('c')), '!==', num(0)), '&&', sticks(ref('c'))),
        then: [...push('S$', r, neg(idx('sb$', r))), assign(k, num(1), '+=')],
      },
    ]),
    { kind: 'const', name: 'contactRowsCount', init: k },
    ...(mr
      ? [callStmt('constraints$', ...tp, ref('A$'), ref('c$')), forRange('r', 0, mr, [...push('A$', r, neg(idx('c$', r))), assign(k, num(1), '+=')])]
      : []),
    forRange('i', 0, n$, [assign(idx('B$', i), idx('f$', i))]),
    { kind: 'let', name: 'det', init: ref('NaN') },
    { kind: 'if', test: ref('massSpd$'), then: [assign(ref('det'), call('forceRowSolve', ref('SCHUR$'), k, ref('FR$'), ref('FP$')))] },
    // Without sliding, dependent rows (a statically indeterminate support) or
    // a singular M are the symmetric solve's business; det stays 0 or NaN.
    {
      kind: 'if',
      test: bin(bin(ref('det'), '===', num(0)), '||', math('isNaN', ref('det'))),
      then: [
        {
          kind: 'if',
          test: bin(ref('sliding'), '||', bin(call('schurSolve', ref('SCHUR$'), k, ref('massSpd$')), '!==', str('ok'))),
          then: [fill('Y$', NAN), fill('SIG$', NAN)],
        },
      ],
    },
    fill('out', num(0)),
    forRange('i', 0, n$, [assign(idx('out', i), idx('Y$', i))]),
    assign(k, num(0)),
    forRange('j', 0, ref('m$'), [
      { kind: 'if', test: bin(idx(modes, j), '!==', num(0)), then: [assign(idx('out', plusN(n, j)), idx('SIG$', k)), assign(k, num(1), '+=')] },
    ]),
    forRange('r', 0, ref('ms$'), [
      {
        kind: 'if',
        test: bin(bin(idx(modes, idx('SC$', r)), '!==', num(0)), '&&', sticks(idx('SC$', r))),
        then: [assign(idx('out', plusN(n + m, r)), idx('SIG$', k)), assign(k, num(1), '+=')],
      },
    ]),
    assign(idx('out', num(n + m + ms)), ref('det')),
    ret(ref('out')),
  ];
}

const plusN = (offset: number, e: JsExpr): JsExpr => bin(num(offset), '+', e);
