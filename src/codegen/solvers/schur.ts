// The Schur-complement constrained solve written once, as IR: printed into
// src/numeric/schur.ts (which the runtime imports) and into the generated
// modules with contacts. What it computes and why is the header below.
// Tests: test/numeric/schur.test.ts, test/codegen/solvers/sources.test.ts.
import {
  assign,
  bin,
  CONTINUE,
  call,
  callStmt,
  comment,
  cond,
  constVar,
  div,
  forDown,
  forRange,
  idx,
  letVar,
  MIN_POSITIVE,
  math,
  member,
  minus,
  neg,
  not,
  num,
  plus,
  ref,
  ret,
  str,
  times,
  when,
  type Decl,
  type Field,
  type JsExpr,
  type ModuleIR,
  type TsType,
} from '../ir.js';
import { accumulate, entry, param, unpack } from './dense.js';

const [n, k, zero, one] = [ref('n'), ref('k'), num(0), num(1)];
const field = (name: string, type: TsType, doc: string): Field => ({ name, type, readonly: true, doc });
const after = (i: string): JsExpr => plus(ref(i), one);
const at = member('s', 'at');

export const SchurSystem: Decl = {
  kind: 'record',
  name: 'SchurSystem',
  exported: true,
  doc: `Arrays of one constrained solve, row-major, allocated once by the caller
for the largest k it will use (kMax).`,
  fields: [
    field('n', 'index', 'Number of coordinates.'),
    field('M', 'Float64Array', 'M, n×n, symmetric positive semidefinite (read).'),
    field(
      'L',
      'Float64Array',
      `n×n. In: the Cholesky factor of M when the caller passes massFactored
(choleskyFactor succeeded on a copy of M); otherwise scratch, overwritten
with the factor of the regularized M + ρRᵀR.`,
    ),
    field('R', 'Float64Array', 'Constraint rows R, kMax×n (read, first k rows).'),
    field('b', 'Float64Array', 'b, n (read).'),
    field('c', 'Float64Array', 'c, kMax (read, first k).'),
    field('y', 'Float64Array', 'Out: y, n.'),
    field('sigma', 'Float64Array', 'Out: σ, kMax (first k); 0 for a dependent row.'),
    field('X', 'Float64Array', 'Work: X = M⁻¹Rᵀ, one row of n per constraint, kMax×n.'),
    field('W', 'Float64Array', 'Work: W and its factor, packed k×k at the start, kMax².'),
    field('dep', 'Uint8Array', 'Out: per row, 0 independent, 1 dependent on earlier rows (σ = 0), 2 dependent and violated.'),
    { name: 'at', type: 'index', doc: "Out: where a solve failed (see SchurStatus), −1 after 'ok'." },
  ],
};

export const SchurStatus: Decl = {
  kind: 'type',
  name: 'SchurStatus',
  exported: true,
  doc: `'not-positive-definite': M (M + ρRᵀR when M is singular) is not positive
definite at column \`at\`: a direction with no mass that no row pins.
'inconsistent': row \`at\` depends on earlier rows and its c contradicts
theirs (R y = c has no solution).
'not-finite': y[at] is not finite (non-finite input).`,
  type: { kind: 'literal-union', values: ['ok', 'not-positive-definite', 'inconsistent', 'not-finite'] },
};

export const pinningScale: Decl = {
  kind: 'function',
  name: 'pinningScale',
  exported: true,
  doc: `ρ = max |Mᵢᵢ| / max Rᵣᵢ², the weight that puts M and the k rows R (k×n,
row-major) on one scale in M + ρRᵀR; 0 without a nonzero row. Shared by
every place a mass matrix singular alone is pinned by held rows (here, the
frictional impact, the derivation's check).`,
  params: [param('n', 'number'), param('M', 'ArrayLike<number>'), param('R', 'ArrayLike<number>'), param('k', 'number')],
  returns: 'number',
  body: [
    letVar('md', zero),
    letVar('rd', zero),
    forRange('i', 0, n, [assign(ref('md'), math('max', ref('md'), math('abs', entry('M', 'i', 'i'))))]),
    forRange('x', 0, times(k, n), [assign(ref('rd'), math('max', ref('rd'), times(idx('R', ref('x')), idx('R', ref('x')))))]),
    ret(cond(bin(ref('rd'), '>', zero), div(math('max', ref('md'), MIN_POSITIVE), ref('rd')), zero)),
  ],
};

const params = [param('s', { kind: 'alias', name: 'SchurSystem' }), param('k', 'number'), param('massFactored', 'boolean')];
const status = { kind: 'alias', name: 'SchurStatus' } as const;

export const schurFactor: Decl = {
  kind: 'function',
  name: 'schurFactor',
  exported: true,
  doc: `The part of schurSolve that depends on M and R only: the factor of M
(of M + ρRᵀR when massFactored is false), X = M⁻¹Rᵀ and the Cholesky of W
with its dependent rows; 'not-positive-definite' is its only failure.
schurSolveFactored then solves for any b and c
with the same M, R and k: a Jacobian's 2n right sides cost one factor.`,
  params,
  returns: status,
  body: [
    ...unpack('s', ['n', 'M', 'L', 'R', 'X', 'W', 'dep']),
    when(not(ref('massFactored')), [
      constVar('rho', call('pinningScale', n, ref('M'), ref('R'), k)),
      forRange('i', 0, n, [
        forRange('j', 0, n, [
          ...accumulate('v', entry('M', 'i', 'j'), 'r', k, '+=', times(times(ref('rho'), entry('R', 'r', 'i')), entry('R', 'r', 'j'))),
          assign(entry('L', 'i', 'j'), ref('v')),
        ]),
      ]),
      constVar('column', call('choleskyFactor', n, ref('L'))),
      when(bin(ref('column'), '>=', zero), [assign(at, ref('column')), ret(str('not-positive-definite'))]),
    ]),
    comment('X = M⁻¹Rᵀ, W = R X (lower triangle).'),
    forRange('r', 0, k, [callStmt('choleskySolve', n, ref('L'), ref('R'), times(ref('r'), n), ref('X'), times(ref('r'), n))]),
    letVar('maxDiag', zero),
    forRange('r', 0, k, [
      forRange('q', 0, after('r'), [
        ...accumulate('w', zero, 'i', n, '+=', times(entry('R', 'r', 'i'), entry('X', 'q', 'i'))),
        assign(entry('W', 'r', 'q', 'k'), ref('w')),
      ]),
      assign(ref('maxDiag'), math('max', ref('maxDiag'), entry('W', 'r', 'r', 'k'))),
    ]),
    comment('Cholesky of W, skipping dependent rows.'),
    forRange('j', 0, k, [
      ...accumulate('d', entry('W', 'j', 'j', 'k'), 'q', ref('j'), '-=', times(entry('W', 'j', 'q', 'k'), entry('W', 'j', 'q', 'k'))),
      constVar('dependent', not(bin(ref('d'), '>', times(num(1e-10), ref('maxDiag'))))),
      assign(idx('dep', ref('j')), cond(ref('dependent'), one, zero)),
      constVar('root', cond(ref('dependent'), zero, math('sqrt', ref('d')))),
      assign(entry('W', 'j', 'j', 'k'), ref('root')),
      forRange('i', after('j'), k, [
        ...accumulate('v', entry('W', 'i', 'j', 'k'), 'q', ref('j'), '-=', times(entry('W', 'i', 'q', 'k'), entry('W', 'j', 'q', 'k'))),
        assign(entry('W', 'i', 'j', 'k'), cond(ref('dependent'), zero, div(ref('v'), ref('root')))),
      ]),
    ]),
    assign(at, num(-1)),
    ret(str('ok')),
  ],
};

export const schurSolveFactored: Decl = {
  kind: 'function',
  name: 'schurSolveFactored',
  exported: true,
  doc: `Solve M y = b + Rᵀσ, R y = c for the first k rows of s.R, with L, X, W
and dep as schurFactor left them for this M, R and k.`,
  params,
  returns: status,
  body: [
    ...unpack('s', ['n', 'M', 'L', 'R', 'b', 'c', 'y', 'sigma', 'X', 'W', 'dep']),
    when(
      ref('massFactored'),
      [forRange('i', 0, n, [assign(idx('y', ref('i')), idx('b', ref('i')))])],
      [
        constVar('rho', call('pinningScale', n, ref('M'), ref('R'), k)),
        forRange('i', 0, n, [
          ...accumulate('v', idx('b', ref('i')), 'r', k, '+=', times(times(ref('rho'), entry('R', 'r', 'i')), idx('c', ref('r')))),
          assign(idx('y', ref('i')), ref('v')),
        ]),
      ],
    ),
    comment('y₀ = M⁻¹b (in y), σ ← c − R y₀, then W σ = c − R y₀ in place.'),
    callStmt('choleskySolve', n, ref('L'), ref('y'), zero, ref('y'), zero),
    forRange('r', 0, k, [
      ...accumulate('v', idx('c', ref('r')), 'i', n, '-=', times(entry('R', 'r', 'i'), idx('y', ref('i')))),
      assign(idx('sigma', ref('r')), ref('v')),
    ]),
    forRange('i', 0, k, [
      when(idx('dep', ref('i')), [assign(idx('sigma', ref('i')), zero), CONTINUE]),
      ...accumulate('v', idx('sigma', ref('i')), 'q', ref('i'), '-=', times(entry('W', 'i', 'q', 'k'), idx('sigma', ref('q')))),
      assign(idx('sigma', ref('i')), div(ref('v'), entry('W', 'i', 'i', 'k'))),
    ]),
    forDown('i', minus(k, one), 0, [
      when(idx('dep', ref('i')), [CONTINUE]),
      letVar('v', idx('sigma', ref('i'))),
      forRange('q', after('i'), k, [assign(ref('v'), times(entry('W', 'q', 'i', 'k'), idx('sigma', ref('q'))), '-=')]),
      assign(idx('sigma', ref('i')), div(ref('v'), entry('W', 'i', 'i', 'k'))),
    ]),
    forRange('i', 0, n, [
      ...accumulate('v', idx('y', ref('i')), 'r', k, '+=', times(entry('X', 'r', 'i'), idx('sigma', ref('r')))),
      assign(idx('y', ref('i')), ref('v')),
    ]),
    forRange('i', 0, n, [when(not(math('isFinite', idx('y', ref('i')))), [assign(at, ref('i')), ret(str('not-finite'))])]),
    comment(`A dropped row must hold by itself, else the constraints contradict each
other. Its residual R_r y − c_r = R_r y₀ + Σ_q W_rq σ_q − c_r is compared
with the size of those terms (not of R_r y alone, which is 0 when the
rows stop the system: the compass with both feet stuck).`),
    assign(at, num(-1)),
    forRange('r', 0, k, [
      when(not(idx('dep', ref('r'))), [CONTINUE]),
      letVar('v', neg(idx('c', ref('r')))),
      letVar('scale', math('abs', idx('c', ref('r')))),
      forRange('i', 0, n, [
        assign(ref('v'), times(entry('R', 'r', 'i'), idx('y', ref('i'))), '+='),
        assign(ref('scale'), math('abs', times(entry('R', 'r', 'i'), idx('y', ref('i')))), '+='),
      ]),
      forRange('q', 0, k, [
        ...accumulate('wrq', zero, 'i', n, '+=', times(entry('R', 'r', 'i'), entry('X', 'q', 'i'))),
        assign(ref('scale'), times(num(2), math('abs', times(ref('wrq'), idx('sigma', ref('q'))))), '+='),
      ]),
      when(bin(math('abs', ref('v')), '>', times(num(1e-8), ref('scale'))), [
        assign(idx('dep', ref('r')), num(2)),
        when(bin(at, '<', zero), [assign(at, ref('r'))]),
      ]),
    ]),
    ret(cond(bin(at, '<', zero), str('ok'), str('inconsistent'))),
  ],
};

export const schurSolve: Decl = {
  kind: 'function',
  name: 'schurSolve',
  exported: true,
  doc: `Solve M y = b + Rᵀσ, R y = c for the first k rows of s.R.

Dependent rows (two pinned feet of one body on a line share a tangent; a
statically indeterminate support) make W singular. In the Cholesky of W a
row whose pivot is ≤ 1e-10 of the largest diagonal entry of W is dropped:
the pivot over the diagonal entry is sin²θ, θ the angle between the row and
the span of the earlier rows in the M⁻¹ metric, so rows within 1e-5 rad of
that span count as dependent (a smaller threshold would let rounding of
order ε·cond(M) pass for independence and split σ into ±1e10 parts). The
dropped row gets σ = 0, which leaves y unique and the other multipliers one
valid split; its equation must then hold by itself, to 1e-8 of the size of
its terms, else 'inconsistent'.

A singular M (massless spokes: massFactored false) may still be pinned by
the rows: the solutions of M y = b + Rᵀσ, R y = c are those of
(M + ρRᵀR) y = b + ρRᵀc + Rᵀσ, R y = c (add ρRᵀ times the second equation),
and M + ρRᵀR is positive definite exactly when the rows cover M's null
space; ρ = max|M_ii| / max|R_ri|² puts both terms on one scale.`,
  params,
  returns: status,
  body: [
    when(bin(call('schurFactor', ref('s'), k, ref('massFactored')), '!==', str('ok')), [ret(str('not-positive-definite'))]),
    ret(call('schurSolveFactored', ref('s'), k, ref('massFactored'))),
  ],
};

/** src/numeric/schur.ts. */
export const SCHUR: ModuleIR = {
  header: [
    'The constrained solve shared by contact phases and impacts,',
    '  M y = b + Rᵀσ,   R y = c        (M: n×n, R: k×n, b: n, c: k),',
    'by the Schur complement (range-space method, Nocedal & Wright, "Numerical',
    'Optimization", 2nd ed., §16.2): y₀ = M⁻¹b, X = M⁻¹Rᵀ, W = R M⁻¹ Rᵀ (the',
    'Delassus matrix), W σ = c − R y₀, y = y₀ + X σ. M and W are factored by',
    'Cholesky (./cholesky.ts).',
    '',
    'Generated modules carry the same declarations, printed from the same IR,',
    'with choleskyFactor and choleskySolve beside them: no module-level state,',
    'no allocation (every array is passed in).',
  ],
  decls: [SchurSystem, SchurStatus, pinningScale, schurFactor, schurSolveFactored, schurSolve],
};
