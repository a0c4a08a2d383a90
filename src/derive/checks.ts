// Numeric sanity checks of a derivation at sample states: a symbolic result
// can be perfectly canonical and still describe an impossible system.
import { MechanicsError } from '../errors.js';
import type { Expr } from '../core/expr.js';
import { evaluate, type Env } from '../core/evaluate.js';
import { energyField, type Model } from '../model/model.js';

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

/** Whether a symmetric matrix is positive definite (Cholesky succeeds with a relative pivot margin). */
export function isPositiveDefinite(a: number[][]): boolean {
  const n = a.length;
  const l = a.map((r) => r.slice());
  const scale = Math.max(...a.map((r, i) => Math.abs(r[i]!)), Number.MIN_VALUE);
  for (let j = 0; j < n; j++) {
    let d = l[j]![j]!;
    for (let k = 0; k < j; k++) d -= l[j]![k]! ** 2;
    // A pivot below 1e-12 of the largest diagonal entry is a singular matrix
    // up to rounding: treat it as singular rather than dividing by noise.
    if (!(d > 1e-12 * scale)) return false;
    l[j]![j] = Math.sqrt(d);
    for (let i = j + 1; i < n; i++) {
      let s = l[i]![j]!;
      for (let k = 0; k < j; k++) s -= l[i]![k]! * l[j]![k]!;
      l[i]![j] = s / l[j]![j]!;
    }
  }
  return true;
}

/** Numeric rank of a matrix by Gaussian elimination with partial pivoting. */
export function numericRank(a: number[][]): number {
  const m = a.map((r) => r.slice());
  const rows = m.length;
  const cols = rows ? m[0]!.length : 0;
  const tol = 1e-10 * Math.max(1, ...m.flat().map(Math.abs));
  let rank = 0;
  for (let c = 0; c < cols && rank < rows; c++) {
    let piv = rank;
    for (let r = rank + 1; r < rows; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[piv]![c]!)) piv = r;
    if (Math.abs(m[piv]![c]!) <= tol) continue;
    [m[rank], m[piv]] = [m[piv]!, m[rank]!];
    for (let r = rank + 1; r < rows; r++) {
      const f = m[r]![c]! / m[rank]![c]!;
      for (let k = c; k < cols; k++) m[r]![k]! -= f * m[rank]![k]!;
    }
    rank++;
  }
  return rank;
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
    if (A && numericRank(evalMatrix(A, env)) < A.length) {
      throw new MechanicsError('dependent-constraints', 'model', 'the retaining constraints are redundant or inconsistent: their Jacobian A(q,t) has dependent rows at the initial state', { model: model.name, field: 'holonomic' });
    }
  }
}
