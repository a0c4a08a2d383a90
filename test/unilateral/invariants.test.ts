// Property tests of the generated impact() over random states of every
// example in derivations/ with unilateral constraints:
//   - Appell's theorem (Kugushev–Sorokina (1.2), (10.14)): for every τ tangent
//     to the engaged constraints (G_S τ = 0 over the rows of the contacts that
//     take part in the impact: normals, and tangents of sticking contacts),
//     τᵀ(p⁺ − p⁻) = 0 with p = momenta();
//   - Carnot: T⁺ ≤ T⁻ for restitution ≤ 1 (equality for a single elastic impact);
//   - no penetration: every contact closed at the impact ends with normal
//     velocity ≥ 0, and a sticking contact that stays engaged is at rest.
// States: q on the surfaces of the contacts S (Newton iteration on |S|
// coordinates), the other contacts open; q̇⁻ random with the closed (standing)
// contacts of S at rest and the arriving one approaching.
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import type { ModelSpec } from '../../src/model/index.js';
import type { DerivedSystem } from '../../src/derive/system.js';
import { rowsOf } from '../../src/derive/unilateral.js';
import type { GeneratedModel } from '../../src/runtime/contract.js';
import { committedModule, derived, loadExamples } from '../helpers/examples.js';
import { solve } from '../helpers/numeric.js';
import { rng, uniform, type Rng } from '../helpers/random.js';

interface Example {
  readonly spec: ModelSpec;
  readonly sys: DerivedSystem;
  readonly mod: GeneratedModel;
}

const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};
const norm = (a: ArrayLike<number>): number => Math.sqrt(dot(a, a));

/** Random parameters: restitution coefficients in [0, 1], everything else 0.7…1.4 × default. */
function randomParams(ex: Example, r: Rng): Record<string, number> {
  const restitution = new Set(ex.sys.model.unilateral.flatMap((u) => (u.law.kind === 'newton' ? [u.law.e.name] : u.law.kind === 'w-law' ? [u.law.W.name] : [])));
  return Object.fromEntries(ex.sys.model.parameters.map((p) => [p.name, restitution.has(p.name) ? uniform(r, 0, 1) : p.default * uniform(r, 0.7, 1.4)]));
}

/** Env for evaluating derived expressions at (q, q̇, params). */
function envOf(ex: Example, q: ArrayLike<number>, qd: ArrayLike<number>, params: Record<string, number>): Record<string, number> {
  const env: Record<string, number> = { ...params, t: 0 };
  ex.sys.model.coordinates.forEach((c, i) => {
    env[c.name] = q[i]!;
    env[c.qd.name] = qd[i]!;
  });
  return env;
}

/** Constraint rows of contact j at q (normal ∂f/∂q, and ∂x_t/∂q of a sticking contact). */
function contactRows(ex: Example, j: number, q: ArrayLike<number>, params: Record<string, number>): { normal: boolean; row: number[] }[] {
  const env = envOf(ex, q, new Array<number>(q.length).fill(0), params);
  return rowsOf(ex.sys.unilateral!.contacts[j]!).map((r) => ({ normal: r.kind === 'normal', row: r.row.map((e) => evaluate(e, env)) }));
}

/** Orthonormal basis of the span of the rows (modified Gram–Schmidt). */
function orthonormal(rows: number[][]): number[][] {
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
function tangents(rows: number[][], n: number): number[][] {
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
function onSurfaces(ex: Example, S: readonly number[], params: Record<string, number>, r: Rng): number[] | undefined {
  const { mod } = ex;
  const n = ex.sys.model.coordinates.length, m = ex.sys.model.unilateral.length;
  const q = ex.sys.model.initial.q0.map((v) => v + uniform(r, -Math.PI, Math.PI));
  const G0 = mod.gapJacobian!(0, q, params);
  const block = (cols: number[], G: ArrayLike<number>): number[][] => S.map((j) => cols.map((c) => G[j * n + c]!));
  const det = (A: number[][]): number => (A.length === 1 ? A[0]![0]! : A[0]![0]! * A[1]![1]! - A[0]![1]! * A[1]![0]!);
  const candidates: number[][] = S.length === 1 ? [...Array(n).keys()].map((i) => [i]) : [...Array(n).keys()].flatMap((i) => [...Array(n).keys()].filter((k) => k > i).map((k) => [i, k]));
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

/** q̇⁻: random, the standing contacts at rest (all their rows), the arriving one approaching. */
function approaching(ex: Example, q: number[], arriving: number, standing: readonly number[], params: Record<string, number>, r: Rng): number[] | undefined {
  const n = q.length;
  const held = standing.flatMap((j) => contactRows(ex, j, q, params).map((x) => x.row));
  const basis = orthonormal(held);
  const qd = Array.from({ length: n }, () => uniform(r, -2, 2));
  for (const b of basis) {
    const c = dot(qd, b);
    for (let i = 0; i < n; i++) qd[i]! -= c * b[i]!;
  }
  const normal = contactRows(ex, arriving, q, params)[0]!.row;
  const U = dot(normal, qd);
  if (Math.abs(U) < 0.05 * norm(normal) * norm(qd)) return undefined;
  return U < 0 ? qd : qd.map((v) => -v);
}

const kinetic = (ex: Example, q: ArrayLike<number>, qd: ArrayLike<number>, params: Record<string, number>): number => {
  const n = q.length;
  const M = ex.mod.massMatrix(0, q, params);
  let T = 0;
  for (let i = 0; i < n; i++) for (let k = 0; k < n; k++) T += 0.5 * qd[i]! * M[i * n + k]! * qd[k]!;
  return T;
};

const EXPECTED = ['bouncing-ball', 'compass', 'hinged-compass', 'kozlov-release', 'pendulum-wall', 'rimless-wheel'];
const SAMPLES = 120;

describe('impact invariants over random states of every example with unilateral constraints', () => {
  const examples: Example[] = [];
  beforeAll(async () => {
    for (const { spec } of await loadExamples()) {
      if (!spec.unilateral?.length) continue;
      const mod = await committedModule(spec.name);
      expect(mod, `generated/${spec.name}.ts`).toBeDefined();
      examples.push({ spec, sys: derived(spec), mod: mod! });
    }
  }, 30_000);

  it('covers the examples with unilateral constraints', () => {
    expect(examples.map((ex) => ex.spec.name)).toEqual(expect.arrayContaining(EXPECTED));
  });

  /**
   * Impact scenarios per example: every contact arriving alone, and every
   * declared scenario (arriving + closed) in both orders.
   */
  const scenarios = (ex: Example): { arriving: number; standing: number[] }[] => {
    const m = ex.sys.model.unilateral.length;
    const out = [...Array(m).keys()].map((j) => ({ arriving: j, standing: [] as number[] }));
    for (const sc of ex.sys.model.impactScenarios) {
      out.push({ arriving: sc.arriving, standing: [...sc.closed] });
      if (sc.closed.length === 1) out.push({ arriving: sc.closed[0]!, standing: [sc.arriving] });
    }
    return out;
  };

  it("Appell's theorem, energy non-increase and no penetration at random impacts", () => {
    const r = rng(1014);
    const report: string[] = [];
    for (const ex of examples) {
      const n = ex.sys.model.coordinates.length, m = ex.sys.model.unilateral.length;
      const name = ex.spec.name;
      let checked = 0, skipped = 0, worstAppell = 0, worstEnergy = -Infinity, worstPen = 0;
      const statuses: Record<string, number> = {};
      for (const sc of scenarios(ex)) {
        let got = 0;
        for (let attempt = 0; got < SAMPLES && attempt < 40 * SAMPLES; attempt++) {
          const params = randomParams(ex, r);
          const S = [sc.arriving, ...sc.standing];
          const q = onSurfaces(ex, S, params, r);
          if (!q) continue;
          const qdMinus = approaching(ex, q, sc.arriving, sc.standing, params, r);
          if (!qdMinus) continue;
          got++;
          const res = ex.mod.impact!(0, q, qdMinus, params);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status !== 'ok') {
            // Only the sticking law (no friction limit) can make every mode fail:
            // pinning a foot that moves fast along the line may need a pulling
            // normal impulse (see hinged-compass.test.ts, diagnostics.test.ts).
            if (sc.standing.length === 0) {
              // One sticking contact: the pinning impulse itself must have a negative normal part.
              const R = contactRows(ex, sc.arriving, q, params).map((x) => x.row);
              const M = ex.mod.massMatrix(0, q, params);
              const Mrows = Array.from({ length: n }, (_, i) => Array.from(M.subarray(i * n, (i + 1) * n)));
              const kkt = [...Mrows.map((row, i) => [...row, ...R.map((rr) => -rr[i]!)]), ...R.map((rr) => [...rr, ...R.map(() => 0)])];
              const sol = solve(kkt, [...Mrows.map((row) => dot(row, qdMinus)), ...R.map(() => 0)]);
              expect(sol[n]!, `${name}: normal impulse pinning ${ex.sys.model.unilateral[sc.arriving]!.name}`).toBeLessThan(0);
            }
            expect(S.some((j) => ex.sys.model.unilateral[j]!.law.kind === 'stick'), `${name}: ${res.status} without a sticking contact`).toBe(true);
            expect(['no-admissible-mode', 'several-admissible-modes']).toContain(res.status);
            skipped++;
            continue;
          }
          checked++;
          const qdPlus = Array.from(res.qdPlus);
          const G = ex.mod.gapJacobian!(0, q, params);
          const normalVelocity = (j: number, v: ArrayLike<number>): number => dot(G.subarray(j * n, (j + 1) * n), v);
          const closed = [...Array(m).keys()].filter((j) => S.includes(j));
          const scale = Math.max(...closed.map((j) => Math.abs(normalVelocity(j, qdMinus))));

          // Engaged: closed contacts with an impulse, or held after the impact.
          const engaged = closed.filter((j) => res.impulses[j] !== 0 || res.active[j]);
          expect(engaged, name).toContain(sc.arriving);
          const rows = engaged.flatMap((j) => contactRows(ex, j, q, params).map((x) => x.row));
          const pMinus = ex.mod.momenta(0, q, qdMinus, params);
          const pPlus = ex.mod.momenta(0, q, qdPlus, params);
          const dp = Array.from(pPlus, (v, i) => v - pMinus[i]!);
          const pScale = Math.max(norm(pMinus), norm(pPlus));
          for (const tau of tangents(rows, n)) worstAppell = Math.max(worstAppell, Math.abs(dot(tau, dp)) / (norm(tau) * pScale));

          const Tm = kinetic(ex, q, qdMinus, params), Tp = kinetic(ex, q, qdPlus, params);
          worstEnergy = Math.max(worstEnergy, (Tp - Tm) / Tm);

          for (const j of closed) {
            worstPen = Math.max(worstPen, -normalVelocity(j, qdPlus) / scale);
            const u = ex.sys.model.unilateral[j]!;
            if (u.law.kind === 'stick' && engaged.includes(j)) {
              for (const x of contactRows(ex, j, q, params)) expect(Math.abs(dot(x.row, qdPlus)) / scale, `${name}: ${u.name} pinned`).toBeLessThan(1e-12);
            }
          }
          // A single Newton impact reverses the normal velocity with factor e; e = 1 keeps T.
          const law = ex.sys.model.unilateral[sc.arriving]!.law;
          if (sc.standing.length === 0 && law.kind === 'newton') {
            const e = params[law.e.name]!;
            const Um = normalVelocity(sc.arriving, qdMinus);
            expect(Math.abs(normalVelocity(sc.arriving, qdPlus) + e * Um) / Math.abs(Um)).toBeLessThan(1e-12);
            // Energy lost at a single Newton impact: ½(1 − e²) U⁻² / (∂f M⁻¹ ∂fᵀ).
            const row = Array.from(G.subarray(sc.arriving * n, (sc.arriving + 1) * n));
            const M = ex.mod.massMatrix(0, q, params);
            const Minv_row = solve(Array.from({ length: n }, (_, i) => Array.from(M.subarray(i * n, (i + 1) * n))), row);
            const loss = (0.5 * (1 - e * e) * Um * Um) / dot(row, Minv_row);
            expect(Math.abs(Tm - Tp - loss) / Tm, `${name}: energy loss`).toBeLessThan(1e-12);
          }
        }
        expect(got, `${name}: states for arriving ${sc.arriving}, standing [${sc.standing}]`).toBe(SAMPLES);
      }
      report.push(`${name}: ${checked} checked, ${skipped} not 'ok' (${JSON.stringify(statuses)}), Appell ${worstAppell.toExponential(1)}, (T⁺ − T⁻)/T⁻ ≤ ${worstEnergy.toExponential(1)}, penetration ${worstPen.toExponential(1)}`);
      expect(checked, name).toBeGreaterThan(SAMPLES / 2);
      expect(worstAppell, `${name}: Appell`).toBeLessThan(1e-12);
      expect(worstEnergy, `${name}: energy`).toBeLessThanOrEqual(1e-12);
      expect(worstPen, `${name}: penetration`).toBeLessThanOrEqual(1e-9);
    }
    if (process.env.UNILATERAL_REPORT) console.log(report.join('\n'));
  });

  it('a single elastic impact (e = 1) keeps the kinetic energy, for every Newton contact', () => {
    const r = rng(1015);
    for (const ex of examples) {
      const m = ex.sys.model.unilateral.length;
      for (let j = 0; j < m; j++) {
        const law = ex.sys.model.unilateral[j]!.law;
        if (law.kind !== 'newton') continue;
        for (let k = 0, got = 0; got < 30 && k < 2000; k++) {
          const params = { ...randomParams(ex, r), [law.e.name]: 1 };
          const q = onSurfaces(ex, [j], params, r);
          const qd = q && approaching(ex, q, j, [], params, r);
          if (!q || !qd) continue;
          got++;
          const res = ex.mod.impact!(0, q, qd, params);
          expect(res.status).toBe('ok');
          const Tm = kinetic(ex, q, qd, params);
          expect(Math.abs(kinetic(ex, q, res.qdPlus, params) - Tm) / Tm, ex.spec.name).toBeLessThan(1e-12);
        }
      }
    }
  });
});
