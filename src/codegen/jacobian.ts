// rhsJacobian(t, x, p, out?): the Jacobian of the first-order right-hand
// side x = (q, q̇) ↦ (q̇, q̈), 2n×2n row-major: [0 I; ∂q̈/∂q ∂q̈/∂q̇], from the
// derivation's residual Jacobians (DerivedSystem.linearization):
//   [M Aᵀ; A 0] [∂q̈/∂x; ∂λ/∂x] = −[∂R/∂x; ∂C/∂x],
// solved with the factors the accelerations leave (Cholesky of M in M$, or
// LU of the KKT matrix in K$/piv$). Used by the stiff integrator and the
// variational equations of periodic orbits.
//
// Where the residuals are too large for that (an entry of M or the forcing
// above FORWARD_OPS_PER_COORDINATE·n operations: the Whipple bicycle's
// largest has 47,537 for n = 8, the 100-link pendulum's ≈ 40,000 for
// n = 100), their 2n derivatives took longer to simplify and print than the
// rest of the module and were 2.8 MB of its 3.5: the right sides −∂R/∂x,
// −∂C/∂x are then differentiated in forward mode instead (forward.ts), on
// the DAG of M, the forcing, A and c at the state, q̈ and λ held at their
// values: ∂R/∂xₖ = Ṁq̈ + Ȧᵀλ − ḟ, ∂C/∂xₖ = Ȧq̈ + ċ, the same numbers to
// rounding, solved with the same factors (for q̈ = M⁻¹f: ∂q̈ = M⁻¹(ḟ − Ṁq̈)).
// The DAG is the one dynamics$ evaluates (lower.ts's forCode: quotients
// cancelled, common factors out); the raw expressions' tangents made a
// module of 14 MB, these 1.9 MB of the bicycle's 2.0. Where M and the
// forcing are assembled body by body (bodywise.ts), forward mode runs on
// that program instead, tangents carried through the kinematics outward
// and the bodies' sums: the bicycle's module is then 0.59 MB and
// rhsJacobian 21 µs instead of 227.
// Tests: test/codegen/jacobian.test.ts, test/codegen/jacobian-forward.test.ts.
import { opCount } from '../core/cost.js';
import type { Expr } from '../core/expr.js';
import type { Bodywise } from '../derive/lagrange/bodywise.js';
import type { DerivedSystem } from '../derive/system.js';
import { MechanicsError } from '../errors.js';
import { accelerationSymbol, multiplierSymbol } from '../model/names.js';
import { assign, call, callStmt, forRange, idx, member, neg, num, plus, ref, ret, type Decl, type KernelOutput, type Stmt } from './ir.js';
import { bodywiseProgram, massAndForcing, rollingRows } from './bodywise.js';
import { at, defaultRoute } from './dynamics.js';
import { Forward, type Dual } from './forward.js';
import { CHUNK_OPS, forCode } from './lower.js';
import { arrayParam, kernelBlock, outParam, P, T, type Scope } from './scope.js';
import { Program, type Product, type Val } from './straight-line.js';

const i = ref('i');
const j = ref('j');
const n$ = ref('n$');

/**
 * How the residuals' Jacobians behind rhsJacobian are computed: from the
 * derivation's symbolic ones, or in forward mode (forward.ts) on the DAG of
 * M, the forcing, A and c, or on the program assembling them body by body
 * (bodywise.ts).
 */
export type JacobianRoute = 'symbolic' | 'forward' | 'bodywise';

/** Largest operations per coordinate of an entry of M or the forcing for which the Jacobian is symbolic by default. */
const FORWARD_OPS_PER_COORDINATE = 1000;

/**
 * Symbolic unless an entry of M or the forcing is larger than
 * FORWARD_OPS_PER_COORDINATE·n operations; then forward mode, on the
 * bodies' program where the accelerations take it. Below that, neither
 * forward route pays: generating the n-link pendulum's module took CPU
 * within this machine's noise of the symbolic route's (medians of 5
 * processes, 3 at n = 40, at load 20-30, symbolic against forward:
 * n = 10, 134 ms and 127; n = 20, 384 and 434; n = 40, 1310 and 1194)
 * while its module grew by 22-35 % (n = 10: 100 KB against 82; n = 40:
 * 1.74 MB against 1.28) and its rhsJacobian ran 20 % slower (n = 10:
 * 5.3 µs against 4.4; n = 40: 226 against 186); the tumbling box's took
 * 221 ms by forward mode and 235 on its bodies against 195 symbolic, the
 * compass's 34 against 25 (4 processes each). Nor did forward mode on the
 * code dynamics$ runs, as lowered (angle sums expanded, shared parts, its
 * CSE temporaries the program's values; M and the forcing lowered once for
 * both, no linearization): the pendulum's module grew by 25-43 % (n = 10:
 * 119 KB against 95; n = 40: 1.99 MB against 1.40) and codegen took CPU
 * within noise at n = 10 (medians of 9 runs, 3 processes each: 104-136 ms
 * against 119-142) and 30 % more at n = 40 (1 215-1 311 against 938-957),
 * at load 18-23: the forward program outgrows the symbolic Jacobian after
 * CSE, and building and printing it costs what lowering that Jacobian saved.
 */
export function defaultJacobianRoute(sys: DerivedSystem): JacobianRoute {
  const { massMatrix, forcing } = sys.lagrange2;
  const limit = FORWARD_OPS_PER_COORDINATE * forcing.length;
  if (!massMatrix.some((row) => row.some((e) => opCount(e) > limit)) && !forcing.some((e) => opCount(e) > limit)) return 'symbolic';
  return defaultRoute(sys) === 'bodywise' ? 'bodywise' : 'forward';
}

/** The symbolic residual Jacobians (DerivedSystem.linearization) into RX$, one kernel block. */
function symbolicResiduals(scope: Scope): Stmt[] {
  const { n, sys } = scope;
  const lin = sys.linearization;
  const w = 2 * n;
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
  return [kernelBlock(scope, outputs)];
}

/**
 * The same residual Jacobians in forward mode: straight-line functions
 * `rx$0`, `rx$1`, … filling RX$. The realized constraints' and the
 * patches' increments, which act only where their indicators say, are the
 * derivation's (as in DerivedSystem.linearization), evaluated here.
 */
function forwardResiduals(scope: Scope, bodywise: boolean): ForwardCode {
  // The code depends on the system and where inputs are read (a parameter
  // record or array), not on the locals' names: a module built again with
  // other names taken, and a target language's two builds, reuse it.
  const key = JSON.stringify([bodywise, [...scope.inputs.values()].map((input) => input.read)]);
  const made = forwardMemo.get(scope.sys) ?? new Map<string, ForwardCode>();
  forwardMemo.set(scope.sys, made);
  let code = made.get(key);
  if (!code) made.set(key, (code = bodywise ? bodywiseResiduals(scope, bodiesOf(scope.sys)) : symbolicDagResiduals(scope)));
  return code;
}

interface ForwardCode {
  readonly decls: readonly Decl[];
  readonly body: readonly Stmt[];
}

const forwardMemo = new WeakMap<DerivedSystem, Map<string, ForwardCode>>();

/** The bodies' pieces the bodywise route differentiates; a model whose T its bodies do not make has none. */
function bodiesOf(sys: DerivedSystem): Bodywise {
  if (sys.bodywise) return sys.bodywise;
  throw new MechanicsError('invalid-option', 'input', "the Jacobian route 'bodywise' needs a model whose bodies make T", {
    model: sys.model.name,
    field: 'jacobian',
  });
}

/** M, the forcing, A and c with their tangents, q̈ and λ at the state, in one program. */
interface Residuals {
  readonly program: Program;
  readonly fwd: Forward;
  readonly M: readonly (readonly Dual[])[];
  readonly f: readonly Dual[];
  readonly A: readonly (readonly Dual[])[];
  readonly c: readonly Dual[];
}

/** Each coordinate's and each velocity's direction. */
function directionsOf(scope: Scope): Map<string, number> {
  const directions = new Map<string, number>();
  scope.sys.model.coordinates.forEach((c, k) => {
    directions.set(c.name, k);
    directions.set(c.qd.name, scope.n + k);
  });
  return directions;
}

/** Forward mode on the DAG of the derivation's M, forcing, A and c. */
function symbolicDagResiduals(scope: Scope): ForwardCode {
  const { sys } = scope;
  const program = new Program();
  const fwd = new Forward(program, scope.inputs, directionsOf(scope), 2 * scope.n);
  const dual = (e: Expr) => fwd.of(forCode(e));
  residualOutputs(scope, {
    program,
    fwd,
    M: sys.lagrange2.massMatrix.map((row) => row.map(dual)),
    f: sys.lagrange2.forcing.map(dual),
    A: (sys.constraints?.A ?? []).map((row) => row.map(dual)),
    c: (sys.constraints?.bias ?? []).map(dual),
  });
  const { decls, calls } = program.functions('rx$', [T, P], CHUNK_OPS, 'rx$t');
  return { decls, body: calls };
}

/**
 * Forward mode on the program assembling M, the forcing and the rolling
 * bodies' rows (bodywise.ts): its state reads seeded, its kernel inputs'
 * tangents those of their expressions; the other rows as in
 * symbolicDagResiduals.
 */
function bodywiseResiduals(scope: Scope, bw: Bodywise): ForwardCode {
  const { n, sys } = scope;
  const directions = directionsOf(scope);
  const code = bodywiseProgram(scope, bw, 'rx$', [], (kin) => {
    const program = kin.p;
    const state = new Map([...kin.state].map(([name, read]) => [read, directions.get(name)!]));
    const fwd: Forward = new Forward(program, scope.inputs, directions, 2 * n, (read) => {
      const k = state.get(read);
      if (k !== undefined) return fwd.unit(k);
      const e = kin.inputs.exprs.get(read);
      return e ? fwd.of(forCode(e)).d : undefined;
    });
    const dual = (v: Val): Dual => ({ v, d: fwd.tangent(v) });
    const { M, f } = massAndForcing(kin, bw, n, true);
    const rows = new Map(rollingRows(kin, bw).map((row) => [row.name, row]));
    const names = sys.constraints?.names ?? [];
    residualOutputs(scope, {
      program,
      fwd,
      M: M.map((row) => row.map(dual)),
      f: f.map(dual),
      A: names.map((name, k) => rows.get(name)?.A.map(dual) ?? sys.constraints!.A[k]!.map((e) => fwd.of(forCode(e)))),
      c: names.map((name, k) => {
        const row = rows.get(name);
        return row ? dual(row.c) : fwd.of(forCode(sys.constraints!.bias[k]!));
      }),
    });
  });
  return code;
}

/** RX$'s entries from the residuals' tangents: ∂R/∂xₖ = Ṁq̈ + Ȧᵀλ − ḟ (+ the increments'), ∂C/∂xₖ = Ȧq̈ + ċ. */
function residualOutputs(scope: Scope, { program, fwd, M, f, A, c }: Residuals): void {
  const { n, sys } = scope;
  const w = 2 * n;
  const qdd = sys.model.coordinates.map((co) => fwd.value(accelerationSymbol(co.q)));
  const lambda = A.map((_, k) => fwd.value(multiplierSymbol(k + 1)));
  const increments = [...(sys.compliant?.terms.map((t) => t.activeJacobian) ?? []), ...(sys.patches?.terms.map((t) => t.jacobian) ?? [])];
  for (let d = 0; d < w; d++) {
    const block = d < n ? 'Rq' : 'Rqd';
    for (let i = 0; i < n; i++) {
      const terms: Product[] = [
        ...M[i]!.map((Mij, j) => [Mij.d[d]!, qdd[j]!]),
        ...A.map((row, k) => [row[i]!.d[d]!, lambda[k]!]),
        [-1, f[i]!.d[d]!],
        ...increments.map((J) => [fwd.value(J[block][i]![d % n]!)]),
      ];
      program.output(program.sum(...terms), idx('RX$', i * w + d));
    }
    A.forEach((row, k) => {
      program.output(program.sum(...row.map((Akj, j) => [Akj.d[d]!, qdd[j]!]), [c[k]!.d[d]!]), idx('RX$', (n + k) * w + d));
    });
  }
}

export function jacobianDecls(scope: Scope, route: JacobianRoute = defaultJacobianRoute(scope.sys)): Decl[] {
  const { n, sys } = scope;
  const m = sys.constraints?.A.length ?? 0;
  const N = n + m;
  const w = 2 * n;
  // RX$ holds [∂R/∂q ∂R/∂q̇] (n×2n) then [∂C/∂q ∂C/∂q̇] (m×2n), row-major with 2n columns.
  const residuals = route === 'symbolic' ? { decls: [], body: symbolicResiduals(scope) } : forwardResiduals(scope, route === 'bodywise');
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
    ...residuals.decls,
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
        ...residuals.body,
        { kind: 'call', call: call(member('out', 'fill'), num(0)) },
        forRange('i', 0, n$, [assign(idx('out', plus(at(i, w, i), n$)), num(1))]),
        forRange('col', 0, w, [...solveColumn, forRange('j', 0, n$, [assign(idx('out', at(plus(n$, j), w, column)), idx('JR$', j))])]),
        ret(ref('out')),
      ],
    },
  ];
}
