// contactAccelerationsJacobian(t, q, qd, p, active, out?): the Jacobian of
// x = (q, q̇) ↦ (q̇, q̈) in the contact phase that holds `active` (the rows
// contactAccelerations holds: normals of the active contacts, tangents of the
// active sticking ones, retaining rows), 2n×2n row-major [0 I; ∂q̈/∂q ∂q̈/∂q̇].
// From the derivation's residual Jacobians (phase-linearize.ts):
//   [M Rᵀ; R 0] [∂q̈/∂x; −∂σ/∂x] = −[∂R_free/∂x − Σⱼ σⱼ ∂Rⱼᵀ/∂x; ∂C/∂x],
// one column of x at a time through the Schur solve contactAccelerations
// used (src/numeric/schur.ts), reusing its Cholesky factor of M and factoring
// W = R M⁻¹Rᵀ once for all 2n columns. A mass
// matrix singular alone was factored pinned, as M̃ = M + ρRᵀR; the solve
// with M̃ in place of M has the same ∂q̈/∂x (R y = c makes ρRᵀR y = ρRᵀc, a
// term the multipliers absorb), so no right side needs ρ: only ∂σ/∂x would,
// and it is not wanted.
// Tests: test/codegen/phase-jacobian.test.ts (against differences of contactAccelerations).
import { isZero, type Expr } from '../core/expr.js';
import {
  assign,
  call,
  callStmt,
  forRange,
  idx,
  math,
  member,
  neg,
  num,
  plus,
  ref,
  ret,
  times,
  type Decl,
  type JsExpr,
  type KernelOutput,
  type Stmt,
} from './ir.js';
import { at } from './dynamics.js';
import { contactSizes } from './contacts.js';
import { kernelBlock, outParam, P, Q, QD, T, type Scope } from './scope.js';

const i = ref('i');
const c = ref('c');
const r = ref('r');
const k = ref('k');
const n$ = ref('n$');
const col = ref('col');

/** Outputs storing a rows×cols block of expressions into `buffer` (row-major, `width` columns) at (row0, col0). */
function blockOutputs(buffer: string, width: number, rows: readonly (readonly Expr[])[], row0: number, col0: number): KernelOutput[] {
  return rows.flatMap((row, a) => row.map((expr, b): KernelOutput => ({ expr, targets: [idx(buffer, (row0 + a) * width + col0 + b)] })));
}

/**
 * The same without the entries zero by structure: for PH$ and PC$, which only
 * phaseBlocks$ writes, so they keep the zeros of their allocation (JX$ is
 * updated in place per held row and is written whole).
 */
const nonZeroBlock = (...args: Parameters<typeof blockOutputs>): KernelOutput[] => blockOutputs(...args).filter((o) => !isZero(o.expr));

export function phaseJacobianDecls(scope: Scope): Decl[] {
  const { n, sys } = scope;
  const phase = sys.phaseLinearization;
  if (!phase) return [];
  const lin = sys.linearization;
  const { m, mt, mr, K } = contactSizes(sys);
  const w = 2 * n;
  // Pieces: the normal row of contact j at j, the tangent row r (TC$ order) at m + r.
  const pieces = [...phase.contacts.map((p) => p.normal), ...phase.contacts.flatMap((p) => (p.tangent ? [p.tangent] : []))];
  const outputs: KernelOutput[] = [
    ...blockOutputs('JX$', w, lin.Rq, 0, 0),
    ...blockOutputs('JX$', w, lin.Rqd, 0, n),
    ...(lin.Cq && lin.Cqd ? [...blockOutputs('JX$', w, lin.Cq, n, 0), ...blockOutputs('JX$', w, lin.Cqd, n, n)] : []),
    ...pieces.flatMap((p, piece) => nonZeroBlock('PH$', n, p.reaction, piece * n, 0)),
    ...pieces.flatMap((p, piece) => nonZeroBlock('PC$', w, [p.q], piece, 0)),
    ...pieces.flatMap((p, piece) => nonZeroBlock('PC$', w, [p.qd], piece, n)),
  ];
  return [
    { kind: 'comment', text: '---- Jacobian of a contact phase' },
    { kind: 'buffer', name: 'PA$', array: 'Float64Array', length: n + K, doc: 'q̈, σ̇ and λ of the phase at the state.' },
    {
      kind: 'buffer',
      name: 'JX$',
      array: 'Float64Array',
      length: (n + mr) * w,
      doc: '∂P/∂x (n×2n, P the phase residual), then ∂C/∂x of the retaining rows (mr×2n).',
    },
    {
      kind: 'buffer',
      name: 'PH$',
      array: 'Float64Array',
      length: Math.max(1, (m + mt) * n * n),
      doc: 'Per contact row, ∂Rⱼ,ᵢ/∂q_k (n×n): normals, then tangents of sticking contacts.',
    },
    { kind: 'buffer', name: 'PC$', array: 'Float64Array', length: Math.max(1, (m + mt) * w), doc: 'Per contact row, [∂(Rⱼq̈ + biasⱼ)/∂q ∂biasⱼ/∂q̇] (2n).' },
    { kind: 'buffer', name: 'RC$', array: 'Float64Array', length: K * w, doc: '∂C/∂x of the held rows in the order of R$.' },
    {
      kind: 'function',
      name: 'phaseBlocks$',
      doc: "The free residual's Jacobian and every contact row's pieces at s$, with q̈ in a$ (λ in y$).",
      params: [T, P],
      returns: 'void',
      body: [kernelBlock(scope, outputs)],
    },
    {
      kind: 'function',
      name: 'contactAccelerationsJacobian',
      doc: [
        'Jacobian of x ↦ (q̇, q̈) in the contact phase holding `active` (as in',
        'contactAccelerations), row-major 2n×2n: [0 I; ∂q̈/∂q ∂q̈/∂q̇]; NaN where',
        'the phase has no solution.',
      ].join('\n'),
      exported: true,
      params: [T, Q, QD, P, { name: 'active', type: 'ArrayLike<boolean>' }, outParam(w * w)],
      returns: 'Float64Array',
      body: jacobianBody(n, mr),
    },
  ];
}

/** contactAccelerations at the state, the blocks, σ-weighted row pieces into JX$, then one bordered solve per column. */
function jacobianBody(n: number, mr: number): Stmt[] {
  const w = 2 * n;
  // Row `piece` of the phase held as the k-th row: −σ_k ∂R_pieceᵀ/∂q into ∂P/∂q, its ∂C/∂x into RC$.
  const holdRow = (piece: JsExpr): Stmt[] => [
    { kind: 'const', name: 'sigma', init: idx('PA$', plus(n$, k)) },
    forRange('i', 0, n$, [
      forRange('c', 0, n$, [assign(idx('JX$', at(i, w, c)), times(ref('sigma'), idx('PH$', at(plus(times(piece, n$), i), n$, c))), '-=')]),
    ]),
    forRange('c', 0, w, [assign(idx('RC$', at(k, w, c)), idx('PC$', at(piece, w, c)))]),
    assign(k, num(1), '+='),
  ];
  return [
    // q̈, σ̇, λ; leaves s$ loaded, M$, its factor in ML$ (pinned when !massSpd$) and the held rows in R$.
    callStmt('contactAccelerations', ref('t'), ref('q'), ref('qd'), ref('p'), ref('active'), ref('PA$')),
    {
      kind: 'if',
      test: math('isNaN', idx('PA$', 0)),
      then: [{ kind: 'call', call: call(member('out', 'fill'), ref('NaN')) }, ret(ref('out'))],
    },
    forRange('i', 0, n$, [assign(idx('a$', i), idx('PA$', i))]),
    { kind: 'let', name: 'k', init: num(0) },
    forRange('j', 0, ref('m$'), [{ kind: 'if', test: idx('active', ref('j')), then: [assign(k, num(1), '+=')] }]),
    forRange('r', 0, ref('mt$'), [{ kind: 'if', test: idx('active', idx('TC$', r)), then: [assign(k, num(1), '+=')] }]),
    // λ follows the contact rows' σ̇ (contactAccelerations' layout); the block reads it in y$ after q̈.
    ...(mr ? [forRange('r', 0, mr, [assign(idx('y$', plus(n$, r)), idx('PA$', plus(plus(n$, k), r)))])] : []),
    callStmt('phaseBlocks$', ref('t'), ref('p')),
    assign(k, num(0)),
    forRange('j', 0, ref('m$'), [{ kind: 'if', test: idx('active', ref('j')), then: holdRow(ref('j')) }]),
    forRange('r', 0, ref('mt$'), [{ kind: 'if', test: idx('active', idx('TC$', r)), then: holdRow(plus(ref('m$'), r)) }]),
    ...(mr ? [forRange('r', 0, mr, [forRange('c', 0, w, [assign(idx('RC$', at(k, w, c)), idx('JX$', at(plus(n$, r), w, c)))]), assign(k, num(1), '+=')])] : []),
    { kind: 'call', call: call(member('out', 'fill'), num(0)) },
    forRange('i', 0, n$, [assign(idx('out', plus(at(i, w, i), n$)), num(1))]),
    // ML$ holds the factor of M, or of the pinned M + ρRᵀR: either gives ∂q̈/∂x;
    // X and the factor of W are made once for the 2n columns.
    callStmt('schurFactor', ref('SCHUR$'), k, ref('true')),
    forRange('col', 0, w, [
      forRange('r', 0, k, [assign(idx('C$', r), neg(idx('RC$', at(r, w, col))))]),
      forRange('i', 0, n$, [assign(idx('B$', i), neg(idx('JX$', at(i, w, col))))]),
      callStmt('schurSolveFactored', ref('SCHUR$'), k, ref('true')),
      forRange('j', 0, n$, [assign(idx('out', at(plus(n$, ref('j')), w, col)), idx('Y$', ref('j')))]),
    ]),
    ret(ref('out')),
  ];
}
