// rhsJacobian(t, x, p, out?): the Jacobian of the first-order right-hand
// side x = (q, q̇) ↦ (q̇, q̈), 2n×2n row-major: [0 I; ∂q̈/∂q ∂q̈/∂q̇], from the
// derivation's residual Jacobians (DerivedSystem.linearization):
//   [M Aᵀ; A 0] [∂q̈/∂x; ∂λ/∂x] = −[∂R/∂x; ∂C/∂x],
// solved with the factors the accelerations leave (Cholesky of M in M$, or
// LU of the KKT matrix in K$/piv$). Used by the stiff integrator and the
// variational equations of periodic orbits.
// Tests: test/codegen/jacobian.test.ts.
import type { Expr } from '../core/expr.js';
import { assign, call, callStmt, forRange, idx, member, neg, num, plus, ref, ret, type Decl, type KernelOutput } from './ir.js';
import { at } from './dynamics.js';
import { arrayParam, kernelBlock, outParam, P, T, type Scope } from './scope.js';

const i = ref('i');
const j = ref('j');
const n$ = ref('n$');

export function jacobianDecls(scope: Scope): Decl[] {
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
