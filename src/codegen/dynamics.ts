// The smooth-motion part of a generated module: M and forcing, the
// retaining-constraint (KKT) solve, accelerations, first-order form,
// momenta, Hamilton's canonical equations and the energy.
// Tests: test/codegen/generated.test.ts (M, forcing, q̈, λ, momenta, H against
// the interpreted expressions).
import { opCount } from '../core/cost.js';
import { add, isZero, mul, type Expr } from '../core/expr.js';
import {
  assign,
  bin,
  call,
  callStmt,
  fill,
  float,
  forRange,
  idx,
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
import { arrayParam, into, kernelBlock, outParam, P, Q, QD, returns, scratchParam, T, type Scope } from './scope.js';
import { luSolve, spdSolve } from './solver-calls.js';
import { compliantCall, compliantCanonicalCall, compliantEnergy, compliantLagrangian, compliantMassCall, compliantMomentaCall } from './compliant.js';
import { UNROLL_TERMS, unrolledSpdSolve, type LowerPattern } from './unrolled-solve.js';
import { articulatedDecls } from './articulated.js';
import { bodywiseDynamics, bodywiseRollingRows, rollingRowNames } from './bodywise.js';
import { schurTerms, unrolledKkt } from './unrolled-kkt.js';
import type { DerivedSystem } from '../derive/system.js';

/**
 * How q̈ is evaluated: by the articulated-body recursion over the joints'
 * tree (articulated.ts), O(n), where the model has one and nothing but τ
 * acts beside its bodies; else M formed and factored with the forcing,
 * assembled body by body at run time (bodywise.ts) where the bodies make T and
 * the printed entries would be large, else printed. The recursion does not yet
 * handle retaining constraints, realized constraints' terms or patches'
 * forces, which join M and the forcing in dynamics$.
 */
export type AccelerationRoute = 'articulated' | 'bodywise' | 'dense';
export const defaultRoute = (sys: DerivedSystem): AccelerationRoute =>
  sys.tree && !sys.constraints && !sys.compliant && !sys.patches ? 'articulated' : sys.bodywise && printedCost(sys) > BODYWISE_OPS ? 'bodywise' : 'dense';

/**
 * Operations of the printed M and forcing (as trees, before CSE) above which
 * they are assembled body by body: below, the printed entries cost less
 * than the assembly's products (the heavy top's 86 operations: rhs 31 ns
 * printed, 94 ns assembled; the bicycle's 187 000: dynamics$ 4.7 µs printed,
 * 0.7 µs assembled).
 */
const BODYWISE_OPS = 5000;
const printedCost = (sys: DerivedSystem): number => [...sys.lagrange2.massMatrix.flat(), ...sys.lagrange2.forcing].reduce((s, e) => s + opCount(e), 0);

const i = ref('i');
const n$ = ref('n$');
/** Row-major element (row, col) of a matrix with `cols` columns. */
export const at = (row: JsExpr, cols: JsExpr | number, col: JsExpr): JsExpr => plus(times(row, typeof cols === 'number' ? num(cols) : cols), col);

/**
 * M (upper triangle, mirrored) into `mm`, but for the zeros outside M's
 * envelope: nothing writes there, neither the factorizations (choleskyFactor
 * and solveM$ write the lower triangle within the envelope) nor the added
 * masses (inside it), so the zeros M$ was allocated with stay, and a
 * caller's array is cleared first (massMatrix). The 50-ball chain's
 * diagonal M: 50 stores instead of 2 500.
 */
function massOutputs(scope: Scope, mm: string, envelope: readonly number[]): KernelOutput[] {
  const { n, sys } = scope;
  const out: KernelOutput[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = r; c < n; c++) {
      // (c, r) left of row c's first column that may be non-zero: a zero.
      if (r < envelope[c]!) continue;
      out.push({ expr: sys.lagrange2.massMatrix[r]![c]!, targets: r === c ? [idx(mm, r * n + c)] : [idx(mm, r * n + c), idx(mm, c * n + r)] });
    }
  }
  return out;
}

/** Whether massOutputs leaves some entry of M unwritten (a structural zero outside the envelope). */
const skipsZeros = (envelope: readonly number[]): boolean => envelope.some((first) => first > 0);

/** The entries of M's lower triangle that may be non-zero: the symbolic M's and the realized constraints' added masses (compliant.ts adds them in dynamics$). */
function massPattern(scope: Scope): LowerPattern {
  const { sys } = scope;
  const added = (sys.compliant?.terms ?? []).flatMap((t) => (t.inertia ? [t.inertia.mass] : []));
  return sys.lagrange2.massMatrix.map((row, r) => row.slice(0, r + 1).map((e, c) => !isZero(e) || added.some((m) => !isZero(m[r]![c]!))));
}

/**
 * M's envelope: per row, its first column that may be non-zero (the diagonal
 * at the latest). Independent bodies give a block-diagonal M, a chain of
 * neighbours a banded one; the embedded Cholesky then works inside it only.
 */
export function massEnvelope(pattern: LowerPattern): number[] {
  return pattern.map((row, r) => {
    const c = row.findIndex((nz) => nz);
    return c < 0 ? r : c;
  });
}

/** The scratch arrays the smooth part works in. */
export function dynamicsBuffers(scope: Scope): Decl[] {
  const { n, sys } = scope;
  const m = sys.constraints?.A.length ?? 0;
  const N = n + m;
  return [
    { kind: 'const', name: 'n$', value: num(n) },
    { kind: 'buffer', name: 's$', array: 'Float64Array', length: 2 * n, doc: 'State scratch [q, qd]: every kernel block reads its inputs here.' },
    { kind: 'buffer', name: 'M$', array: 'Float64Array', length: n * n },
    { kind: 'buffer', name: 'f$', array: 'Float64Array', length: n },
    { kind: 'buffer', name: 'b$', array: 'Float64Array', length: n },
    ...(m
      ? ([
          { kind: 'buffer', name: 'A$', array: 'Float64Array', length: m * n },
          { kind: 'buffer', name: 'c$', array: 'Float64Array', length: m },
          { kind: 'buffer', name: 'K$', array: 'Float64Array', length: N * N },
          { kind: 'buffer', name: 'r$', array: 'Float64Array', length: N },
          { kind: 'buffer', name: 'y$', array: 'Float64Array', length: N },
          { kind: 'buffer', name: 'piv$', array: 'Int32Array', length: N, doc: 'Row interchanges of the LU factorization of K$.' },
        ] satisfies Decl[])
      : []),
  ];
}

/** The declarations of the smooth part (`dynamics$` holds the hot-path block of M and forcing). */
export function dynamicsDecls(scope: Scope, route: AccelerationRoute): Decl[] {
  const { n, sys } = scope;
  const articulated = route === 'articulated' && sys.tree ? articulatedDecls(scope, sys.tree) : undefined;
  const { model, lagrange2, constraints } = sys;
  const m = constraints?.A.length ?? 0;
  const N = n + m;
  const bodywise = route === 'bodywise' && sys.bodywise ? sys.bodywise : undefined;
  const assembled = bodywise && { dynamics: bodywiseDynamics(scope, bodywise, true), mass: bodywiseDynamics(scope, bodywise, false) };
  // M$ y = f$: unrolled for this M where it is small enough to stay optimized, else the embedded loops in M's envelope.
  const pattern = massPattern(scope);
  const envelope = massEnvelope(pattern);
  const dynamics = assembled ? assembled.dynamics.body : [kernelBlock(scope, [...massOutputs(scope, 'mm$', envelope), ...into('ff$', lagrange2.forcing)])];
  const mass = assembled ? assembled.mass.body : [kernelBlock(scope, massOutputs(scope, 'mm$', envelope))];
  const load = (withVelocity: boolean): Stmt => callStmt('load$', ref('q'), ...(withVelocity ? [ref('qd')] : []));
  const unrolled = unrolledSpdSolve('solveM$', pattern, 'M$', 'f$');
  const solveM = (y: string, yOff: JsExpr): Stmt[] => (unrolled ? [callStmt('solveM$', ref(y), yOff)] : spdSolve('M$', 'f$', y, yOff));
  const decls: Decl[] = [
    {
      kind: 'const',
      name: 'envelope$',
      doc: "M's envelope: row i is zero left of column envelope$[i] (choleskyFactor's `first`).",
      value: { kind: 'new', array: 'Int32Array', arg: { kind: 'data', value: envelope } },
    },
    {
      kind: 'function',
      name: 'load$',
      doc: 'Copies q (and qd, else zeros) into the state scratch s$.',
      params: [Q, { ...QD, optional: true }],
      returns: 'void',
      body: [
        forRange('i', 0, n$, [
          assign(idx('s$', i), idx('q', i)),
          assign(idx('s$', plus(n$, i)), { kind: 'cond', test: ref('qd'), then: idx('qd', i), else: num(0) }),
        ]),
      ],
    },
    {
      kind: 'function',
      name: 'dynamics$',
      doc: 'M and forcing at the state in s$.',
      params: [T, P, scratchParam('mm$'), scratchParam('ff$')],
      returns: 'void',
      body: [...dynamics, ...compliantCall(sys, 'mm$', 'ff$')],
    },
    { kind: 'function', name: 'mass$', params: [T, P, scratchParam('mm$')], returns: 'void', body: mass },
    ...(assembled ? [...assembled.dynamics.decls, ...assembled.mass.decls] : []),
    ...(unrolled ?? []),
    ...(articulated?.decls ?? []),
  ];
  // Where M is positive definite, rhs and accelerations solve by the Schur complement unrolled (unrolled-kkt.ts); kkt$ keeps the LU factors the Jacobian reuses.
  const schur =
    constraints && sys.checks.massMatrix === 'positive-definite' && schurTerms(n, m) <= UNROLL_TERMS
      ? unrolledKkt(
          n,
          m,
          (i, j) => !pattern[i]![j],
          (r, j) => isZero(constraints.A[r]![j]!),
        )
      : undefined;
  if (constraints) {
    const k = ref('k');
    const j = ref('j');
    // The rolling bodies' rows assembled from their kinematics (bodywise.ts), the others printed.
    const rolling = bodywise && bodywiseRollingRows(scope, bodywise, constraints.names);
    const assembledRows = bodywise ? rollingRowNames(bodywise) : new Set<string>();
    // A printed rolling row times its contact's guard: NaN past lying flat, as the assembled ones (src/model/geometry/rolling.ts rollingContact).
    const guards = new Map(
      (sys.model.rolling ?? []).flatMap((c) =>
        c.shape.guard ? [...c.tangents, ...(c.normal ? [c.normal] : [])].map((name) => [name, c.shape.guard!] as const) : [],
      ),
    );
    const printed = constraints.names.flatMap((name, row): KernelOutput[] => {
      if (assembledRows.has(name)) return [];
      const guard = guards.get(name);
      const guarded = (e: Expr): Expr => (guard ? mul(guard, e) : e);
      return [
        ...constraints.A[row]!.map((e, col) => ({ expr: guarded(e), targets: [idx('aa$', row * n + col)] })),
        { expr: guarded(constraints.bias[row]!), targets: [idx('cc$', row)] },
      ];
    });
    decls.push(
      ...(rolling?.decls ?? []),
      {
        kind: 'function',
        name: 'constraints$',
        doc: 'Constraint rows A and bias c = Ȧq̇ + ḃ at the state in s$.',
        params: [T, P, scratchParam('aa$'), scratchParam('cc$')],
        returns: 'void',
        body: [...(printed.length ? [kernelBlock(scope, printed)] : []), ...(rolling?.body ?? [])],
      },
      {
        kind: 'function',
        name: 'kkt$',
        doc: 'Solves [M Aᵀ; A 0]·[q̈; λ] = [f; −c] at the state in s$ into y$.',
        params: [T, P],
        returns: 'void',
        body: [
          callStmt('dynamics$', ref('t'), ref('p'), ref('M$'), ref('f$')),
          callStmt('constraints$', ref('t'), ref('p'), ref('A$'), ref('c$')),
          fill('K$', num(0)),
          forRange('i', 0, n$, [forRange('j', 0, n$, [assign(idx('K$', at(i, N, j)), idx('M$', at(i, n$, j)))]), assign(idx('r$', i), idx('f$', i))]),
          forRange('k', 0, m, [
            forRange('j', 0, n$, [
              assign(idx('K$', at(plus(n$, k), N, j)), idx('A$', at(k, n$, j))),
              assign(idx('K$', plus(at(j, N, n$), k)), idx('A$', at(k, n$, j))),
            ]),
            assign(idx('r$', plus(n$, k)), neg(idx('c$', k))),
          ]),
          ...luSolve(N, 'K$', 'r$', 'y$'),
        ],
      },
    );
  }
  const hot = schur ? 'qddSchur$' : 'qdd$';
  // What the realized constraints add to L₀ (absent without them).
  const realizedL0 = compliantLagrangian(sys);
  decls.push(
    {
      kind: 'function',
      name: 'qdd$',
      doc: 'q̈ at the state in s$, written to out[off…off+n).',
      params: [T, P, scratchParam('out'), { name: 'off', type: 'index' }],
      returns: 'void',
      body: constraints
        ? [callStmt('kkt$', ref('t'), ref('p')), forRange('i', 0, n$, [assign(idx('out', plus(ref('off'), i)), idx('y$', i))])]
        : (articulated?.body ?? [callStmt('dynamics$', ref('t'), ref('p'), ref('M$'), ref('f$')), ...solveM('out', ref('off'))]),
    },
    ...(schur
      ? ([
          ...schur.decls,
          {
            kind: 'function',
            name: 'qddSchur$',
            doc: 'q̈ (and λ in y$) at the state in s$ by the unrolled Schur-complement solve, written to out[off…off+n).',
            params: [T, P, scratchParam('out'), { name: 'off', type: 'index' }],
            returns: 'void',
            body: [
              callStmt('dynamics$', ref('t'), ref('p'), ref('M$'), ref('f$')),
              callStmt('constraints$', ref('t'), ref('p'), ref('A$'), ref('c$')),
              ...schur.calls,
              forRange('i', 0, n$, [assign(idx('out', plus(ref('off'), i)), idx('y$', i))]),
            ],
          },
        ] satisfies Decl[])
      : []),
    {
      kind: 'function',
      name: 'massMatrix',
      doc: 'The mass matrix M(q, t), row-major n×n.',
      exported: true,
      params: [T, Q, P, outParam(n * n)],
      returns: 'Float64Array',
      body: [
        load(false),
        ...(!assembled && skipsZeros(envelope) ? [fill('out', num(0))] : []),
        callStmt('mass$', ref('t'), ref('p'), ref('out')),
        ...compliantMassCall(sys, 'out'),
        ret(ref('out')),
      ],
    },
    {
      kind: 'function',
      name: 'massFactor',
      doc: "Factors massMatrix's output in place (Cholesky, L Lᵀ, within M's envelope: no work on its structural zeros); false when M is not positive definite.",
      exported: true,
      params: [{ name: 'm', type: 'Float64Array' }],
      returns: 'boolean',
      body: [ret(bin(call('choleskyFactor', n$, ref('m'), ref('envelope$')), '<', num(0)))],
    },
    {
      kind: 'function',
      name: 'massSolve',
      doc: "x[off…off+n) ← M⁻¹ x[off…off+n), in place, with the factor massFactor left in l (within M's envelope).",
      exported: true,
      params: [
        { name: 'l', type: 'Float64Array' },
        { name: 'x', type: 'Float64Array' },
        { name: 'off', type: 'index' },
      ],
      returns: 'void',
      body: [callStmt('choleskySolve', n$, ref('l'), ref('x'), ref('off'), ref('x'), ref('off'), ref('envelope$'))],
    },
    {
      kind: 'function',
      name: 'forcing',
      doc: 'The right-hand side of M q̈ = forcing (applied, Coriolis and centrifugal terms).',
      exported: true,
      params: [T, Q, QD, P, outParam(n)],
      returns: 'Float64Array',
      body: [load(true), callStmt('dynamics$', ref('t'), ref('p'), ref('M$'), ref('out')), ret(ref('out'))],
    },
    {
      kind: 'function',
      name: 'accelerations',
      doc: 'Generalized accelerations q̈, consistent with every retaining constraint.',
      exported: true,
      params: [T, Q, QD, P, outParam(n)],
      returns: 'Float64Array',
      body: [load(true), callStmt(hot, ref('t'), ref('p'), ref('out'), num(0)), ret(ref('out'))],
    },
    {
      kind: 'function',
      name: 'rhs',
      doc: 'First-order form: x = [q, qd] ↦ [qd, q̈].',
      exported: true,
      params: [T, arrayParam('x'), P, outParam(2 * n)],
      returns: 'Float64Array',
      body: [
        forRange('i', 0, 2 * n, [assign(idx('s$', i), idx('x', i))]),
        forRange('i', 0, n$, [assign(idx('out', i), idx('x', plus(n$, i)))]),
        callStmt(hot, ref('t'), ref('p'), ref('out'), n$),
        ret(ref('out')),
      ],
    },
    {
      kind: 'function',
      name: 'momenta',
      doc: 'Generalized momenta p = ∂L/∂q̇ = M q̇ + b, with the added masses’ a ḟ Gᵀ where they act (the L of energy).',
      exported: true,
      params: [T, Q, QD, P, outParam(n)],
      returns: 'Float64Array',
      // From M and b, as the derivation defines p (lagrange2.ts): a kernel
      // block of its own would collect, expand and share the n² products
      // M_ij q̇_j again (a tenth of codegen for the 10-link pendulum), for a
      // function off every hot path.
      body: [
        load(true),
        callStmt('mass$', ref('t'), ref('p'), ref('M$')),
        callStmt('b$fill', ref('t'), ref('p'), ref('b$')),
        forRange('i', 0, n$, [
          assign(idx('out', i), idx('b$', i)),
          forRange('j', 0, n$, [assign(idx('out', i), times(idx('M$', at(i, n$, ref('j'))), idx('s$', plus(n$, ref('j')))), '+=')]),
        ]),
        ...compliantMomentaCall(sys, 'out'),
        ret(ref('out')),
      ],
    },
    { kind: 'function', name: 'b$fill', params: [T, P, scratchParam('bb$')], returns: 'void', body: [kernelBlock(scope, into('bb$', lagrange2.b))] },
    { kind: 'function', name: 'lagrangian0$', doc: 'L₀ = L at q̇ = 0.', params: [T, P], returns: 'number', body: [kernelBlock(scope, returns(lagrange2.L0))] },
    {
      kind: 'function',
      name: 'velocities$',
      doc: 'Velocities from momenta at q (in s$): M q̇ = pm − b, the inverse of momenta; writes q̇ into s$.',
      params: [T, arrayParam('pm'), { name: 'pmOff', type: 'index' }, P],
      returns: 'void',
      body: [
        callStmt('mass$', ref('t'), ref('p'), ref('M$')),
        ...compliantMassCall(sys, 'M$'),
        callStmt('b$fill', ref('t'), ref('p'), ref('b$')),
        // The added masses' a ḟ Gᵀ at q̇ = 0 (a ∂f/∂t Gᵀ) belongs to b.
        ...(compliantMomentaCall(sys, 'b$').length ? [forRange('i', 0, n$, [assign(idx('s$', plus(n$, i)), num(0))]), ...compliantMomentaCall(sys, 'b$')] : []),
        forRange('i', 0, n$, [assign(idx('f$', i), bin(idx('pm', plus(ref('pmOff'), i)), '-', idx('b$', i)))]),
        ...solveM('s$', n$),
      ],
    },
    {
      kind: 'function',
      name: 'hamiltonian',
      doc: `H(q, pm, t) = pm·q̇ − L = ½(pm − b)·q̇ − L₀ with q̇ = M⁻¹(pm − b)${realizedL0 ? ", L with the realized constraints' T_a − V_c where they act" : ''}.`,
      exported: true,
      params: [T, Q, arrayParam('pm'), P],
      returns: 'number',
      // L = ½q̇ᵀMq̇ + bᵀq̇ + L₀ as lagrange2.ts splits it, and Mq̇ = pm − b:
      // only L₀ needs a kernel block (the 10-link pendulum's L has twice
      // its terms, and collecting them was a twentieth of codegen).
      // The realized terms add T_a − V_c to L: at q̇ = 0 (load leaves q̇ zero) to L₀,
      // the rest to ½(pm − b)·q̇ through M and b (velocities$).
      body: [
        load(false),
        ...(realizedL0 ? [{ kind: 'const', name: 'l0', init: realizedL0 } satisfies Stmt] : []),
        callStmt('velocities$', ref('t'), ref('pm'), num(0), ref('p')),
        {
          kind: 'let',
          name: 'h',
          init: realizedL0 ? bin(neg(call('lagrangian0$', ref('t'), ref('p'))), '-', ref('l0')) : neg(call('lagrangian0$', ref('t'), ref('p'))),
        },
        forRange('i', 0, n$, [assign(ref('h'), times(times(float(0.5), bin(idx('pm', i), '-', idx('b$', i))), idx('s$', plus(n$, i))), '+=')]),
        ret(ref('h')),
      ],
    },
    {
      kind: 'function',
      name: 'dLdqQ$',
      params: [T, P, scratchParam('out'), { name: 'off', type: 'index' }],
      returns: 'void',
      body: [
        kernelBlock(
          scope,
          lagrange2.dLdq.map((e, r): KernelOutput => ({ expr: add(e, model.Q[r]!), targets: [idx('out', plus(ref('off'), num(r)))] })),
        ),
      ],
    },
    {
      kind: 'function',
      name: 'hamiltonRhs',
      doc: `Canonical equations: z = [q, pm] ↦ [q̇, ṗ], ṗ = ∂L/∂q + Q${realizedL0 ? " (the realized constraints' F_n Gᵀ + ∂T_a/∂q where they act)" : ''}${constraints ? ' − Aᵀλ' : ''}.`,
      exported: true,
      params: [T, arrayParam('z'), P, outParam(2 * n)],
      returns: 'Float64Array',
      body: [
        forRange('i', 0, n$, [assign(idx('s$', i), idx('z', i))]),
        callStmt('velocities$', ref('t'), ref('z'), n$, ref('p')),
        forRange('i', 0, n$, [assign(idx('out', i), idx('s$', plus(n$, i)))]),
        callStmt('dLdqQ$', ref('t'), ref('p'), ref('out'), n$),
        ...compliantCanonicalCall(sys, 'out', n$),
        ...(constraints
          ? [
              callStmt('kkt$', ref('t'), ref('p')),
              forRange('k', 0, m, [
                forRange('i', 0, n$, [assign(idx('out', plus(n$, i)), times(idx('A$', at(ref('k'), n$, i)), idx('y$', plus(n$, ref('k')))), '-=')]),
              ]),
            ]
          : []),
        ret(ref('out')),
      ],
    },
  );
  if (sys.energy) {
    // Realized constraints add V_c + T_a where they act (compliant.ts).
    const realized = compliantEnergy(sys);
    decls.push({
      kind: 'function',
      name: 'energy',
      doc: realized ? "Total energy T + V, with the realized constraints' V_c + T_a where they act." : 'Total energy T + V.',
      exported: true,
      params: [T, Q, QD, P],
      returns: 'number',
      body: realized
        ? [
            load(true),
            { kind: 'const', name: 'e', init: realized },
            kernelBlock(scope, [{ expr: sys.energy, targets: [idx('CN$', 0)] }]),
            ret(bin(ref('e'), '+', idx('CN$', 0))),
          ]
        : [load(true), kernelBlock(scope, returns(sys.energy))],
    });
  }
  if (constraints) {
    decls.push({
      kind: 'function',
      name: 'constraintAccelerations',
      doc: 'q̈ followed by the retaining multipliers λ.',
      exported: true,
      params: [T, Q, QD, P, outParam(N)],
      returns: 'Float64Array',
      body: [load(true), callStmt('kkt$', ref('t'), ref('p')), forRange('i', 0, N, [assign(idx('out', i), idx('y$', i))]), ret(ref('out'))],
    });
  }
  return decls;
}
