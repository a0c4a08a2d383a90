// A body on a hinge with journal friction (smirnov1981 §2, examples 3 and
// 4), the numbers shared by the derivation (src/derive/friction/journal.ts)
// and the runtime law (src/runtime/contact/hinges.ts). The equations (★):
//   M q̈ = Q + Jᵀ(N + f s J₉₀ N) − f_r r s |N| w,   J q̈ = bias,
// J (2×d) the pin's rows in an orthonormal frame of the bearing, N the
// resultant of the normal pressures, w = ∂ω/∂q̇, s = sgn ω, J₉₀ the
// rotation by +90°.
//  - hingeReduce: M⁻¹ applied once to Jᵀ, Q and w (every support and every
//    value of |N| reuses them);
//  - roundJournal: (★) solved exactly. With τ = |N| taken as known the
//    system is linear, N(τ) = N₀ + τN₁, and τ = |N(τ)| is the quadratic
//    (1 − |N₁|²)τ² − 2(N₀·N₁)τ − |N₀|² = 0. Its least root τ ≥ 0 is where
//    τ − |N(τ)| first turns positive: the root whose determinant
//    1 − N̂·N₁ keeps the sign it has as friction → 0 (smirnov1981 §3); it is
//    the only one below the threshold (2.5), where |N₁| < 1, and the limit
//    of the iteration (2.6). No root: self-locking.
// Tests: test/numeric/journal.test.ts
import { spdSolver } from './spd-solver.js';

/** M⁻¹Jᵀ (its two columns), M⁻¹Q, M⁻¹w, and the rows J themselves. */
export interface HingeReduced {
  readonly rows: readonly [ArrayLike<number>, ArrayLike<number>];
  readonly minvJt: readonly [Float64Array, Float64Array];
  readonly minvQ: Float64Array;
  readonly minvW: Float64Array;
}

/** M⁻¹ applied to Jᵀ, Q and w; undefined when M is not positive definite. */
export function hingeReduce(
  mass: readonly (readonly number[])[],
  force: ArrayLike<number>,
  rows: readonly [ArrayLike<number>, ArrayLike<number>],
  moment: ArrayLike<number>,
): HingeReduced | undefined {
  const solve = spdSolver(force.length, mass);
  if (!solve) return undefined;
  return { rows, minvJt: [solve(rows[0]), solve(rows[1])], minvQ: solve(force), minvW: solve(moment) };
}

/** J x: the pin's acceleration from a q̈-like vector x. */
export function pinRows(r: HingeReduced, x: ArrayLike<number>): [number, number] {
  let a = 0,
    b = 0;
  for (let c = 0; c < x.length; c++) {
    a += r.rows[0][c]! * x[c]!;
    b += r.rows[1][c]! * x[c]!;
  }
  return [a, b];
}

/** (★) solved: q̈, N (bearing frame), μ the friction moment (acting as w μ); or self-locking. */
export type RoundJournal =
  | { readonly kind: 'moving'; readonly accelerations: Float64Array; readonly normal: [number, number]; readonly frictionMoment: number }
  | { readonly kind: 'self-locking' };

/**
 * The round journal (radius r, sliding friction f, reduced f_r) with ω of
 * sign s (0: no friction acts), by the quadratic in τ = |N| above.
 */
export function roundJournal(r: HingeReduced, bias: readonly [number, number], s: number, radius: number, friction: number, reduced: number): RoundJournal {
  // Column k of (1.1): J M⁻¹Jᵀ(eₖ + f s J₉₀eₖ), J₉₀e₁ = e₂, J₉₀e₂ = −e₁.
  const a0 = pinRows(r, r.minvJt[0]),
    a1 = pinRows(r, r.minvJt[1]);
  const fs = friction * s;
  const c0 = [a0[0] + fs * a1[0], a0[1] + fs * a1[1]] as const;
  const c1 = [a1[0] - fs * a0[0], a1[1] - fs * a0[1]] as const;
  const det = c0[0] * c1[1] - c0[1] * c1[0];
  if (!(Math.abs(det) > 0)) return { kind: 'self-locking' };
  const k = reduced * radius * s;
  const q = pinRows(r, r.minvQ),
    w = pinRows(r, r.minvW);
  // N(τ) = C⁻¹(bias − J M⁻¹Q + k τ J M⁻¹w) = N₀ + τ N₁.
  const inv = (b0: number, b1: number): [number, number] => [(b0 * c1[1] - b1 * c1[0]) / det, (c0[0] * b1 - c0[1] * b0) / det];
  const n0 = inv(bias[0] - q[0], bias[1] - q[1]);
  const n1 = inv(k * w[0], k * w[1]);
  const tau = leastRoot(1 - (n1[0] * n1[0] + n1[1] * n1[1]), n0[0] * n1[0] + n0[1] * n1[1], n0[0] * n0[0] + n0[1] * n0[1]);
  if (tau === undefined) return { kind: 'self-locking' };
  const normal: [number, number] = [n0[0] + tau * n1[0], n0[1] + tau * n1[1]];
  // q̈ = M⁻¹(Q − k τ w) + M⁻¹Jᵀ(N + f s J₉₀N).
  const g0 = normal[0] - fs * normal[1],
    g1 = normal[1] + fs * normal[0];
  const accelerations = r.minvQ.map((x, c) => x - k * tau * r.minvW[c]! + g0 * r.minvJt[0][c]! + g1 * r.minvJt[1][c]!);
  return { kind: 'moving', accelerations, normal, frictionMoment: -k * tau };
}

/** The least τ ≥ 0 with α τ² − 2β τ − γ = 0 (γ ≥ 0), or undefined when there is none. */
function leastRoot(alpha: number, beta: number, gamma: number): number | undefined {
  if (gamma === 0) return 0;
  const disc = beta * beta + alpha * gamma;
  if (disc < 0) return undefined;
  // Roots q/α and −γ/q with q = β + sgn β √disc, free of cancellation.
  const qq = beta + (beta < 0 ? -1 : 1) * Math.sqrt(disc);
  const roots = [qq === 0 ? NaN : -gamma / qq, alpha === 0 ? NaN : qq / alpha].filter((x) => x >= 0);
  return roots.length ? Math.min(...roots) : undefined;
}
