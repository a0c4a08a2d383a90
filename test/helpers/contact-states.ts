// Random states on the contact surfaces of an example, for the property
// tests of the generated impact map (invariants.test.ts, near-grazing.test.ts):
// q with the gaps of a contact set S exactly zero and every other gap open,
// the contact rows there, and the small vector algebra the checks need.
import { evaluate } from '../../src/core/evaluate.js';
import type { ModelSpec } from '../../src/model/index.js';
import type { DerivedSystem } from '../../src/derive/system.js';
import { rowsOf } from '../../src/derive/unilateral/unilateral.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { solve } from './numeric.js';
import { uniform, type Rng } from './random.js';

export interface Example {
  readonly spec: ModelSpec;
  readonly sys: DerivedSystem;
  readonly mod: LoadedModule;
}

export const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};
export const norm = (a: ArrayLike<number>): number => Math.sqrt(dot(a, a));

/** Random parameters: restitution coefficients in [0, 1], everything else 0.7…1.4 × default. */
export function randomParams(ex: Example, r: Rng): Record<string, number> {
  const restitution = new Set(
    ex.sys.model.unilateral.flatMap((u) => (u.law.kind === 'newton' ? [u.law.e.name] : u.law.kind === 'w-law' ? [u.law.W.name] : [])),
  );
  return Object.fromEntries(ex.sys.model.parameters.map((p) => [p.name, restitution.has(p.name) ? uniform(r, 0, 1) : p.default * uniform(r, 0.7, 1.4)]));
}

/** Env for evaluating derived expressions at (q, q̇, params). */
export function envOf(ex: Example, q: ArrayLike<number>, qd: ArrayLike<number>, params: Record<string, number>): Record<string, number> {
  const env: Record<string, number> = { ...params, t: 0 };
  ex.sys.model.coordinates.forEach((c, i) => {
    env[c.name] = q[i]!;
    env[c.qd.name] = qd[i]!;
  });
  return env;
}

/** Constraint rows of contact j at q (normal ∂f/∂q, and ∂x_t/∂q of a sticking contact). */
export function contactRows(ex: Example, j: number, q: ArrayLike<number>, params: Record<string, number>): { normal: boolean; row: number[] }[] {
  const env = envOf(ex, q, new Array<number>(q.length).fill(0), params);
  return rowsOf(ex.sys.unilateral!.contacts[j]!).map((r) => ({ normal: r.kind === 'normal', row: r.row.map((e) => evaluate(e, env)) }));
}

/** Orthonormal basis of the span of the rows (modified Gram–Schmidt). */
export function orthonormal(rows: number[][]): number[][] {
  const basis: number[][] = [];
  for (const row of rows) {
    const v = [...row];
    for (const b of basis) {
      const c = dot(v, b);
      for (let i = 0; i < v.length; i++) v[i]! -= c * b[i]!;
    }
    const nv = norm(v);
    if (nv > 1e-10 * Math.max(1, norm(row))) basis.push(v.map((x) => x / nv));
  }
  return basis;
}

/** Vectors spanning {τ : G_S τ = 0}: the unit vectors with the row space projected out. */
export function tangents(rows: number[][], n: number): number[][] {
  const basis = orthonormal(rows);
  const out: number[][] = [];
  for (let k = 0; k < n; k++) {
    const v = Array.from({ length: n }, (_, i) => (i === k ? 1 : 0));
    for (const b of basis) {
      const c = dot(v, b);
      for (let i = 0; i < n; i++) v[i]! -= c * b[i]!;
    }
    if (norm(v) > 1e-8) out.push(v);
  }
  return out;
}

/**
 * q with gap_j = 0 for j ∈ S and every other gap > 0: from a random start,
 * Newton iteration on the |S| coordinates with the best-conditioned block of
 * the gap Jacobian. Undefined when it does not converge or lands inadmissibly.
 */
export function onSurfaces(ex: Example, S: readonly number[], params: Record<string, number>, r: Rng): number[] | undefined {
  const { mod } = ex;
  const n = ex.sys.model.coordinates.length,
    m = ex.sys.model.unilateral.length;
  const q = ex.sys.model.initial.q0.map((v) => v + uniform(r, -Math.PI, Math.PI));
  const G0 = mod.gapJacobian!(0, q, params);
  const block = (cols: number[], G: ArrayLike<number>): number[][] => S.map((j) => cols.map((c) => G[j * n + c]!));
  const det = (A: number[][]): number => (A.length === 1 ? A[0]![0]! : A[0]![0]! * A[1]![1]! - A[0]![1]! * A[1]![0]!);
  const candidates: number[][] =
    S.length === 1 ? [...Array(n).keys()].map((i) => [i]) : [...Array(n).keys()].flatMap((i) => [...Array(n).keys()].filter((k) => k > i).map((k) => [i, k]));
  const cols = candidates.reduce((best, c) => (Math.abs(det(block(c, G0))) > Math.abs(det(block(best, G0))) ? c : best));
  for (let iter = 0; iter < 50; iter++) {
    const g = mod.gaps!(0, q, params);
    const residual = S.map((j) => g[j]!);
    if (residual.every((v) => Math.abs(v) < 1e-14)) break;
    const step = solve(block(cols, mod.gapJacobian!(0, q, params)), residual);
    cols.forEach((c, k) => (q[c]! -= step[k]!));
    if (!q.every(Number.isFinite)) return undefined;
  }
  const g = mod.gaps!(0, q, params);
  for (let j = 0; j < m; j++) {
    if (S.includes(j) ? Math.abs(g[j]!) > 1e-13 : g[j]! < 1e-6) return undefined;
  }
  // Keep away from configurations where the normals are (nearly) dependent
  // (tangent rows may coincide: two pinned feet on one line share one).
  const normals = S.map((j) => contactRows(ex, j, q, params)[0]!.row);
  if (orthonormal(normals).length < normals.length) return undefined;
  return q;
}

/** Kinetic energy ½ q̇ᵀ M q̇. */
export const kinetic = (ex: Example, q: ArrayLike<number>, qd: ArrayLike<number>, params: Record<string, number>): number => {
  const n = q.length;
  const M = ex.mod.massMatrix(0, q, params);
  let T = 0;
  for (let i = 0; i < n; i++) for (let k = 0; k < n; k++) T += 0.5 * qd[i]! * M[i * n + k]! * qd[k]!;
  return T;
};
