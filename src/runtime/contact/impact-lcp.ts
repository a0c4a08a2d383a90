// Impacts with many closed contacts: Newton's law in complementarity form,
// solved by Lemke's algorithm instead of the generated impact map's mode
// enumeration (2^k trial solves). With U = G q̇ + ∂g/∂t the normal
// velocities of the closed contacts J and W = G_J M⁻¹ G_Jᵀ:
//   w = W Λ + U⁻ + e∘U⁻ ≥ 0,  Λ ≥ 0,  wᵀΛ = 0,
//   q̇⁺ = q̇⁻ + M⁻¹ G_Jᵀ Λ
// (the generalized Newton law of Moreau, every driver's: impact-law.ts;
// Kugushev–Sorokina (8.13) closed by restitution for each contact). W is
// positive definite for independent contact normals, so the solution is unique.
import { choleskyFactor, choleskySolve } from '../../numeric/cholesky.js';
import type { LoadedModule, Params } from '../contract.js';
import { GapKinematics, restitutionCoefficients, type WithFunctions } from './contacts.js';
import { lemke } from '../complementarity/lemke.js';
import { newtonBias } from './impact-law.js';

export interface LcpImpact {
  readonly status: 'ok' | 'singular-mass-matrix' | 'lcp-failed';
  readonly qdPlus: Float64Array;
  /** One normal impulse per unilateral constraint (0 for open ones). */
  readonly impulses: Float64Array;
  readonly residual: number;
}

export function impactByLcp(
  module: WithFunctions<'gaps' | 'gapJacobian'> & LoadedModule,
  params: Params,
  t: number,
  q: ArrayLike<number>,
  qdMinus: ArrayLike<number>,
  closed: ArrayLike<boolean>,
): LcpImpact {
  const n = module.model.coordinates.length;
  const m = module.model.unilateral.length;
  const kin = new GapKinematics(module, params);
  const U = kin.rates(t, q, qdMinus, new Float64Array(m));
  const G = kin.jacobian(t, q);
  const e = restitutionCoefficients(module, params, t);
  const J = Array.from({ length: m }, (_, j) => j).filter((j) => closed[j]);
  const L = module.massMatrix(t, q, params, new Float64Array(n * n));
  const qdPlus = Float64Array.from({ length: n }, (_, i) => qdMinus[i]!);
  const impulses = new Float64Array(m);
  if (choleskyFactor(n, L) >= 0) return { status: 'singular-mass-matrix', qdPlus, impulses, residual: NaN };
  // X = M⁻¹ G_Jᵀ (column per contact), W = G_J X.
  const X = J.map((j) => {
    const x = new Float64Array(n);
    choleskySolve(n, L, G, j * n, x, 0);
    return x;
  });
  const k = J.length;
  const W = new Float64Array(k * k);
  const b = new Float64Array(k);
  J.forEach((j, a) => {
    for (let c = 0; c < k; c++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += G[j * n + i]! * X[c]![i]!;
      W[a * k + c] = s;
    }
    b[a] = newtonBias(U[j]!, U[j]!, e[j]!);
  });
  const sol = lemke(W, b);
  if (sol.status !== 'ok') return { status: 'lcp-failed', qdPlus, impulses, residual: sol.residual };
  J.forEach((j, a) => {
    impulses[j] = sol.z[a]!;
    for (let i = 0; i < n; i++) qdPlus[i] += X[a]![i]! * sol.z[a]!;
  });
  return { status: 'ok', qdPlus, impulses, residual: sol.residual };
}
