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
import { committedModule, derived, hasContacts, loadExamples } from '../helpers/examples.js';
import { contactRows, dot, kinetic, norm, onSurfaces, orthonormal, randomParams, tangents, type Example } from '../helpers/contact-states.js';
import { solve } from '../helpers/numeric.js';
import { rng, uniform, type Rng } from '../helpers/random.js';

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

const EXPECTED = ['bouncing-ball', 'compass', 'hinged-compass', 'kozlov-release', 'pendulum-wall', 'rimless-wheel'];
const SAMPLES = 120;

describe('impact invariants over random states of every example with unilateral constraints', () => {
  const examples: Example[] = [];
  beforeAll(async () => {
    for (const { spec } of await loadExamples()) {
      if (!hasContacts(spec)) continue;
      const mod = await committedModule(spec.name);
      expect(mod, `generated/${spec.name}.ts`).toBeDefined();
      examples.push({ spec, sys: derived(spec), mod: mod! });
    }
  });

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
    const report: string[] = [];
    for (const ex of examples) {
      const n = ex.sys.model.coordinates.length,
        m = ex.sys.model.unilateral.length;
      const name = ex.spec.name;
      // One stream per example, so adding an example leaves the others' samples as they were.
      const r = rng([...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 1014));
      let checked = 0,
        skipped = 0,
        worstAppell = 0,
        worstEnergy = -Infinity,
        worstPen = 0;
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
            expect(
              S.some((j) => ex.sys.model.unilateral[j]!.law.kind === 'stick'),
              `${name}: ${res.status} without a sticking contact`,
            ).toBe(true);
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

          const Tm = kinetic(ex, q, qdMinus, params),
            Tp = kinetic(ex, q, qdPlus, params);
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
            const Minv_row = solve(
              Array.from({ length: n }, (_, i) => Array.from(M.subarray(i * n, (i + 1) * n))),
              row,
            );
            const loss = (0.5 * (1 - e * e) * Um * Um) / dot(row, Minv_row);
            expect(Math.abs(Tm - Tp - loss) / Tm, `${name}: energy loss`).toBeLessThan(1e-12);
          }
        }
        expect(got, `${name}: states for arriving ${sc.arriving}, standing [${sc.standing}]`).toBe(SAMPLES);
      }
      report.push(
        `${name}: ${checked} checked, ${skipped} not 'ok' (${JSON.stringify(statuses)}), Appell ${worstAppell.toExponential(1)}, (T⁺ − T⁻)/T⁻ ≤ ${worstEnergy.toExponential(1)}, penetration ${worstPen.toExponential(1)}`,
      );
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
