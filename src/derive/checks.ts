// Numeric sanity checks of a derivation at sample states: a symbolic result
// can be perfectly canonical and still describe an impossible system.
import { MechanicsError } from '../errors.js';
import type { Expr } from '../core/expr.js';
import { evaluate, type Env } from '../core/evaluate.js';
import { energyField, type Model } from '../model/model.js';
import { choleskyFactor } from '../numeric/cholesky.js';

/** Parameter defaults with the model's initial state, plus deterministic perturbations. */
export function sampleStates(model: Model, count: number): Env[] {
  const out: Env[] = [];
  let seed = 12345;
  const rand = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let s = 0; s < count; s++) {
    const env: Record<string, number> = { t: s === 0 ? 0 : rand() };
    for (const p of model.parameters) env[p.name] = p.default;
    model.coordinates.forEach((c, i) => {
      env[c.name] = model.initial.q0[i]! + (s === 0 ? 0 : rand() - 0.5);
      env[c.qd.name] = model.initial.qd0[i]! + (s === 0 ? 0 : rand() - 0.5);
    });
    out.push(env);
  }
  return out;
}

/**
 * Whether a symmetric matrix is positive definite: its Cholesky
 * factorization (src/numeric, the one the generated code and the runtime
 * use) meets no pivot at or below n·ε·max aᵢᵢ, the size of its rounding
 * error (Higham, Theorem 10.3).
 */
export function isPositiveDefinite(a: readonly (readonly number[])[]): boolean {
  return choleskyFactor(a.length, Float64Array.from(a.flat())) < 0;
}

/**
 * Whether the rows of an m×n matrix A (m ≤ n) are independent: A Aᵀ is
 * positive definite. Its threshold n·ε·max (A Aᵀ)ᵢᵢ flags rows whose
 * smallest singular value is below about √(nε) of the largest, i.e. rows
 * dependent up to the rounding of the symbolic entries.
 */
export function independentRows(a: readonly (readonly number[])[]): boolean {
  const gram = a.map((r) => a.map((s) => r.reduce((acc, x, k) => acc + x * s[k]!, 0)));
  return a.length <= (a[0]?.length ?? 0) && isPositiveDefinite(gram);
}

export function evalMatrix(a: readonly (readonly Expr[])[], env: Env): number[][] {
  return a.map((r) => r.map((e) => evaluate(e, env)));
}

/** M must be positive definite and the constraint rows independent at the model's states. */
export function checkDerivation(model: Model, M: readonly (readonly Expr[])[], A: readonly (readonly Expr[])[] | undefined): void {
  for (const env of sampleStates(model, 3)) {
    const Mv = evalMatrix(M, env);
    if (Mv.flat().some((x) => !Number.isFinite(x))) {
      throw new MechanicsError('non-finite-mass-matrix', 'model', 'the mass matrix is not finite at the initial state with default parameters', { model: model.name, field: energyField(model) });
    }
    if (!isPositiveDefinite(Mv)) {
      const at = model.coordinates.map((c) => `${c.name}=${env[c.name]!.toPrecision(4)}`).join(', ');
      throw new MechanicsError('singular-mass-matrix', 'model', `the mass matrix is singular or not positive definite (at ${at} with default parameters): some coordinate has no inertia, or the kinetic energy is degenerate`, { model: model.name, field: energyField(model) });
    }
    if (A && !independentRows(evalMatrix(A, env))) {
      throw new MechanicsError('dependent-constraints', 'model', 'the retaining constraints are redundant or inconsistent: their Jacobian A(q,t) has dependent rows at the initial state', { model: model.name, field: 'holonomic' });
    }
  }
}
