// Numeric sanity checks of a derivation at sample states: a symbolic result
// can be perfectly canonical and still describe an impossible system.
//
// A mass matrix singular alone is accepted where the contacts pin its
// massless directions (a point-mass rimless wheel, I* = 0, has no inertia
// about its hub, but standing on a spoke it is an inverted pendulum): with R
// the rows every contact can hold — each contact's normal ∂g/∂q and the
// tangent of a 'stick' contact — M + ρRᵀR positive definite means M is
// positive definite on the null space of R, so the constrained system
// [M Rᵀ; R 0] of the phase holding them is regular (the regularisation of
// src/numeric/schur.ts, ρ = max Mᵢᵢ / max Rᵣᵢ² so both terms have one
// scale). Free flight stays undefined for such a model; the derivation says
// so in its checks.
import { MechanicsError } from '../errors.js';
import type { Expr } from '../core/expr.js';
import { diff } from '../core/diff.js';
import { evaluator, type Env } from '../core/evaluate.js';
import { pinnedTangent } from '../model/impact-laws.js';
import { energyField, type Model } from '../model/model.js';
import { choleskyFactor } from '../numeric/cholesky.js';
import { pinningScale } from '../numeric/schur.js';

/** What the checks found, for the report and the steps that depend on M. */
export interface DerivationChecks {
  /**
   * 'positive-definite': M at every sample state; 'pinned-by-contacts': M
   * singular alone, M + ρRᵀR positive definite (see the header).
   */
  readonly massMatrix: 'positive-definite' | 'pinned-by-contacts';
  /** Statements of what was accepted and why, one sentence each. */
  readonly notes: readonly string[];
}

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
  const value = evaluator(env);
  return a.map((r) => r.map(value));
}

/**
 * M + ρRᵀR with ρ = max |Mᵢᵢ| / max Rᵣᵢ² (the regularisation of
 * src/numeric/schur.ts); M itself without rows.
 */
export function pinnedMetric(M: readonly (readonly number[])[], R: readonly (readonly number[])[]): number[][] {
  const rho = pinningScale(M.length, M.flat(), R.flat(), R.length);
  return M.map((mi, i) => mi.map((v, j) => v + rho * R.reduce((s, r) => s + r[i]! * r[j]!, 0)));
}

/** The rows the contacts can hold, ∂/∂q of each contact's gap and of a 'stick' contact's tangent (see the header). */
export function contactRows(model: Model): Expr[][] {
  const gradient = (f: Expr): Expr[] => model.coordinates.map((c) => diff(f, c.q.name));
  return model.unilateral.flatMap((u) => {
    const pinned = pinnedTangent(u.law);
    return [gradient(u.gap), ...(pinned ? [gradient(pinned)] : [])];
  });
}

/**
 * M must be positive definite — or, singular alone, pinned by the contact
 * rows R (M + ρRᵀR positive definite) — and the constraint rows independent
 * at the model's states.
 */
export function checkDerivation(
  model: Model,
  M: readonly (readonly Expr[])[],
  A: readonly (readonly Expr[])[] | undefined,
  R: readonly (readonly Expr[])[] = [],
): DerivationChecks {
  let pinned = false;
  for (const env of sampleStates(model, 3)) {
    const Mv = evalMatrix(M, env);
    if (Mv.flat().some((x) => !Number.isFinite(x))) {
      throw new MechanicsError('non-finite-mass-matrix', 'model', 'the mass matrix is not finite at the initial state with default parameters', {
        model: model.name,
        field: energyField(model),
      });
    }
    if (!isPositiveDefinite(Mv)) {
      const at = model.coordinates.map((c) => `${c.name}=${env[c.name]!.toPrecision(4)}`).join(', ');
      const Rv = evalMatrix(R, env);
      if (!(R.length > 0 && Rv.flat().every(Number.isFinite) && isPositiveDefinite(pinnedMetric(Mv, Rv)))) {
        const contacts =
          R.length > 0
            ? ", and its contacts do not pin the massless directions (M + ρRᵀR is singular too, R the contacts' normal and sticking tangent rows)"
            : '';
        throw new MechanicsError(
          'singular-mass-matrix',
          'model',
          `the mass matrix is singular or not positive definite (at ${at} with default parameters): some coordinate has no inertia, or the kinetic energy is degenerate${contacts}`,
          { model: model.name, field: energyField(model) },
        );
      }
      pinned = true;
    }
    if (A && !independentRows(evalMatrix(A, env))) {
      throw new MechanicsError(
        'dependent-constraints',
        'model',
        'the retaining constraints are redundant or inconsistent: their Jacobian A(q,t) has dependent rows at the initial state',
        { model: model.name, field: 'holonomic' },
      );
    }
  }
  if (!pinned) return { massMatrix: 'positive-definite', notes: [] };
  return {
    massMatrix: 'pinned-by-contacts',
    notes: [
      "The mass matrix M is singular at the default parameters, but M + ρRᵀR is positive definite (R: the contacts' normal rows and the tangents of sticking contacts), so M is positive definite on the motions the contacts allow and a contact phase holding enough of those rows is regular; free flight is undefined.",
    ],
  };
}
