// rhsJacobian(t, x, p, out?): the Jacobian of the first-order right-hand
// side x = (q, q̇) ↦ (q̇, q̈), 2n×2n row-major: [0 I; ∂q̈/∂q ∂q̈/∂q̇], from the
// derivation's residual Jacobians (DerivedSystem.linearization):
//   [M Aᵀ; A 0] [∂q̈/∂x; ∂λ/∂x] = −[∂R/∂x; ∂C/∂x],
// solved with the factors the accelerations leave (Cholesky of M in M$, or
// LU of the KKT matrix in K$/piv$). Used by the stiff integrator and the
// variational equations of periodic orbits.
//
// Where the residuals are too large for that (an entry of M or the forcing
// above DIFFERENCES_OPS_PER_COORDINATE·n operations: the Whipple bicycle's
// largest has 47,537 for n = 8, the 100-link pendulum's ≈ 40,000 for
// n = 100), their 2n derivatives took longer to simplify and print than the
// rest of the module and were 2.8 MB of its 3.5: rhsJacobian is then the
// central difference of rhs instead, 4n calls, accurate to ~1e-10
// relative (step ∛ε·(1 + |xₖ|)).
// Tests: test/codegen/jacobian.test.ts.
import { opCount } from '../core/cost.js';
import type { Expr } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import { assign, bin, call, callStmt, forRange, idx, math, member, neg, num, plus, ref, ret, times, type Decl, type KernelOutput } from './ir.js';
import { at } from './dynamics.js';
import { arrayParam, kernelBlock, outParam, P, T, type Scope } from './scope.js';

const i = ref('i');
const j = ref('j');
const n$ = ref('n$');

/** How rhsJacobian is computed: from the symbolic residual Jacobians, or by central differences of rhs. */
export type JacobianRoute = 'symbolic' | 'differences';

/** Largest operations per coordinate of an entry of M or the forcing for which the Jacobian is symbolic by default. */
const DIFFERENCES_OPS_PER_COORDINATE = 1000;

/** Symbolic unless an entry of M or the forcing is larger than DIFFERENCES_OPS_PER_COORDINATE·n operations. */
export function defaultJacobianRoute(sys: DerivedSystem): JacobianRoute {
  const { massMatrix, forcing } = sys.lagrange2;
  const limit = DIFFERENCES_OPS_PER_COORDINATE * forcing.length;
  return massMatrix.some((row) => row.some((e) => opCount(e) > limit)) || forcing.some((e) => opCount(e) > limit) ? 'differences' : 'symbolic';
}

export function jacobianDecls(scope: Scope, route: JacobianRoute = defaultJacobianRoute(scope.sys)): Decl[] {
  if (route === 'differences') return differenceJacobianDecls(scope.n);
  const { n, sys } = scope;
  const lin = sys.linearization;
  const m = sys.constraints?.A.length ?? 0;
  const N = n + m;
  const w = 2 * n;
  // RX$ holds [∂R/∂q ∂R/∂q̇] (n×2n) then [∂C/∂q ∂C/∂q̇] (m×2n), row-major with 2n columns.
  const outputs: KernelOutput[] = [];
  const put = (rows: readonly (readonly Expr[])[], row0: number, col0: number): void => {
    rows.forEach((r, a) => r.forEach((e, b) => outputs.push({ expr: e, targets: [idx('RX$', (row0 + a) * w + col0 + b)] })));
  };
  put(lin.Rq, 0, 0);
  put(lin.Rqd, 0, n);
  if (lin.Cq && lin.Cqd) {
    put(lin.Cq, n, 0);
    put(lin.Cqd, n, n);
  }
  const column = ref('col');
  // One column of ∂q̈/∂x: the right side −RX[:, col] into JR$, solved in place.
  const solveColumn = sys.constraints
    ? [
        forRange('i', 0, N, [assign(idx('JR$', i), neg(idx('RX$', at(i, w, column))))]),
        callStmt('luSolve', num(N), ref('K$'), ref('piv$'), ref('JR$'), num(0), ref('JR$'), num(0)),
      ]
    : [
        forRange('i', 0, n$, [assign(idx('JR$', i), neg(idx('RX$', at(i, w, column))))]),
        callStmt('choleskySolve', n$, ref('M$'), ref('JR$'), num(0), ref('JR$'), num(0), ref('envelope$')),
      ];
  return [
    { kind: 'comment', text: '---- Jacobian of the first-order right-hand side' },
    { kind: 'buffer', name: 'a$', array: 'Float64Array', length: n, doc: 'q̈ at the state, read by the Jacobian block.' },
    { kind: 'buffer', name: 'RX$', array: 'Float64Array', length: N * w, doc: '[∂R/∂q ∂R/∂q̇; ∂C/∂q ∂C/∂q̇], (n + m)×2n.' },
    { kind: 'buffer', name: 'JR$', array: 'Float64Array', length: N },
    {
      kind: 'function',
      name: 'rhsJacobian',
      doc: 'Jacobian of rhs at x, row-major 2n×2n: [0 I; ∂q̈/∂q ∂q̈/∂q̇].',
      exported: true,
      params: [T, arrayParam('x'), P, outParam(w * w)],
      returns: 'Float64Array',
      body: [
        forRange('i', 0, w, [assign(idx('s$', i), idx('x', i))]),
        // q̈ (and λ in y$) at x; leaves the factors of M (M$) or of the KKT matrix (K$, piv$).
        callStmt('qdd$', ref('t'), ref('p'), ref('a$'), num(0)),
        kernelBlock(scope, outputs),
        { kind: 'call', call: call(member('out', 'fill'), num(0)) },
        forRange('i', 0, n$, [assign(idx('out', plus(at(i, w, i), n$)), num(1))]),
        forRange('col', 0, w, [...solveColumn, forRange('j', 0, n$, [assign(idx('out', at(plus(n$, j), w, column)), idx('JR$', j))])]),
        ret(ref('out')),
      ],
    },
  ];
}

/** ∛ε: the step of a central difference that balances truncation (h²) against rounding (ε/h). */
const STEP = Math.cbrt(Number.EPSILON);

/** rhsJacobian as the central difference of rhs, column by column (see the header). */
function differenceJacobianDecls(n: number): Decl[] {
  const w = 2 * n;
  const col = ref('col');
  const h = ref('h');
  const x = (k: ReturnType<typeof ref>) => idx('x', k);
  return [
    { kind: 'comment', text: '---- Jacobian of the first-order right-hand side, by central differences' },
    { kind: 'buffer', name: 'xh$', array: 'Float64Array', length: w, doc: 'x with one component stepped.' },
    { kind: 'buffer', name: 'rp$', array: 'Float64Array', length: w },
    { kind: 'buffer', name: 'rm$', array: 'Float64Array', length: w },
    {
      kind: 'function',
      name: 'rhsJacobian',
      doc: 'Jacobian of rhs at x, row-major 2n×2n, by central differences of rhs (step ∛ε·(1 + |xₖ|)).',
      exported: true,
      params: [T, arrayParam('x'), P, outParam(w * w)],
      returns: 'Float64Array',
      body: [
        forRange('i', 0, w, [assign(idx('xh$', i), x(i))]),
        forRange('col', 0, w, [
          { kind: 'const', name: 'h', init: times(num(STEP), plus(num(1), math('abs', x(col)))) },
          assign(idx('xh$', col), plus(x(col), h)),
          callStmt('rhs', ref('t'), ref('xh$'), ref('p'), ref('rp$')),
          assign(idx('xh$', col), bin(x(col), '-', h)),
          callStmt('rhs', ref('t'), ref('xh$'), ref('p'), ref('rm$')),
          assign(idx('xh$', col), x(col)),
          forRange('i', 0, w, [assign(idx('out', at(i, w, col)), bin(bin(idx('rp$', i), '-', idx('rm$', i)), '/', times(num(2), h)))]),
        ]),
        ret(ref('out')),
      ],
    },
  ];
}
