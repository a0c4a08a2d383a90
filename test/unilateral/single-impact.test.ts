// Kugushev–Sorokina §1, (1.4): a single elastic impact on g(q) ≤ 0. With
// B = A(q̃) the mass matrix and ∂g = ∂g/∂q at the impact point,
//   Δμ = 2 (∂g·q̇⁻) / (∂gᵀ B⁻¹ ∂g),   q̇⁺ = q̇⁻ − Δμ B⁻¹ ∂g.
// Checked on the double pendulum striking the wall x = d
// (derivations/pendulum-wall.ts, g = l1 sin q1 + l2 sin q2 − d ≤ 0) with
// e = 1, at random states on the wall approaching it.
import { beforeAll, describe, expect, it } from 'vitest';
import * as wall from '../../generated/pendulum-wall.js';
import pendulumWall from '../../derivations/pendulum-wall.js';
import { buildModel, defineModel } from '../../src/model/index.js';
import { deriveSystem } from '../../src/derive/system.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { rows, solve } from '../helpers/numeric.js';
import { rng, uniform, type Rng } from '../helpers/random.js';

const dot = (a: readonly number[], b: ArrayLike<number>): number => a.reduce((s, v, i) => s + v * b[i]!, 0);

/** A random state with the lower bob on the wall (q2 solved from the gap given q1), moving into it. */
function stateOnWall(r: Rng) {
  for (;;) {
    const p = { m1: uniform(r, 0.2, 3), m2: uniform(r, 0.2, 3), l1: uniform(r, 0.3, 2), l2: uniform(r, 0.3, 2), d: uniform(r, -1, 1), g: 9.81 };
    const q1 = uniform(r, -Math.PI, Math.PI);
    const s = (p.d - p.l1 * Math.sin(q1)) / p.l2;
    if (Math.abs(s) > 0.98) continue; // keep away from the fold where the bob only grazes the wall
    const q2 = r() < 0.5 ? Math.asin(s) : Math.PI - Math.asin(s);
    const q = [q1, q2];
    const dg = [p.l1 * Math.cos(q1), p.l2 * Math.cos(q2)]; // ∂g/∂q
    let qd = [uniform(r, -3, 3), uniform(r, -3, 3)];
    const approach = dot(dg, qd);
    if (Math.abs(approach) < 1e-3) continue;
    if (approach < 0) qd = qd.map((v) => -v); // ġ > 0: moving into the wall
    return { p, q, qd, dg };
  }
}

describe('single elastic impact of the double pendulum on a wall (Kugushev–Sorokina (1.4))', () => {
  const r = rng(14);
  const states = Array.from({ length: 200 }, () => stateOnWall(r));

  it('the states lie on the wall (gap = 0) and the generated Jacobian is −∂g (the gap is f = −g ≥ 0)', () => {
    for (const { p, q, dg } of states) {
      expect(Math.abs(wall.gaps(0, q, p)[0]!)).toBeLessThan(1e-14);
      const G = wall.gapJacobian(0, q, p);
      expect(Math.abs(G[0]! + dg[0]!)).toBeLessThan(1e-15);
      expect(Math.abs(G[1]! + dg[1]!)).toBeLessThan(1e-15);
    }
  });

  it('impact() with e = 1 gives q̇⁺ = q̇⁻ − Δμ B⁻¹∂g and the impulse Δμ = 2(∂g·q̇⁻)/(∂gᵀB⁻¹∂g), to 1e-12 relative', () => {
    let worstV = 0,
      worstMu = 0;
    for (const { p, q, qd, dg } of states) {
      const params = { ...p, e: 1 };
      const B = rows(wall.massMatrix(0, q, params), 2);
      const Binv_dg = solve(B, dg);
      const dmu = (2 * dot(dg, qd)) / dot(dg, Binv_dg);
      const expected = qd.map((v, i) => v - dmu * Binv_dg[i]!);
      const res = wall.impact(0, q, qd, params);
      expect(res.status).toBe('ok');
      expect(res.active).toEqual([false]); // the bob bounces off
      const scale = Math.max(...qd.map(Math.abs));
      for (let i = 0; i < 2; i++) worstV = Math.max(worstV, Math.abs(res.qdPlus[i]! - expected[i]!) / scale);
      worstMu = Math.max(worstMu, Math.abs(res.impulses[0]! - dmu) / Math.abs(dmu));
      expect(dmu).toBeGreaterThan(0);
    }
    expect(worstV).toBeLessThan(1e-12);
    expect(worstMu).toBeLessThan(1e-12);
  });

  it('the elastic impact conserves kinetic energy and reverses the normal velocity ∂g·q̇', () => {
    for (const { p, q, qd, dg } of states) {
      const params = { ...p, e: 1 };
      const M = rows(wall.massMatrix(0, q, params), 2);
      const res = wall.impact(0, q, qd, params);
      const T = (v: ArrayLike<number>): number =>
        0.5 *
        dot(
          Array.from(v),
          Array.from(M, (row) => dot(row, v)),
        );
      expect(Math.abs(T(res.qdPlus) - T(qd)) / T(qd)).toBeLessThan(1e-12);
      expect(Math.abs(dot(dg, res.qdPlus) + dot(dg, qd)) / Math.abs(dot(dg, qd))).toBeLessThan(1e-12);
    }
  });

  it('with e < 1 (the model default 0.7 and random e) the same formula holds with 2 replaced by 1 + e', () => {
    const r2 = rng(15);
    let worst = 0;
    for (const { p, q, qd, dg } of states.slice(0, 50)) {
      for (const e of [undefined, uniform(r2, 0, 1)]) {
        const params = e === undefined ? p : { ...p, e };
        const ee = e ?? 0.7;
        const B = rows(wall.massMatrix(0, q, params), 2);
        const Binv_dg = solve(B, dg);
        const dmu = ((1 + ee) * dot(dg, qd)) / dot(dg, Binv_dg);
        const res = wall.impact(0, q, qd, params);
        worst = Math.max(
          worst,
          Math.abs(res.impulses[0]! - dmu) / dmu,
          ...qd.map((v, i) => Math.abs(res.qdPlus[i]! - (v - dmu * Binv_dg[i]!)) / Math.max(...qd.map(Math.abs))),
        );
      }
    }
    expect(worst).toBeLessThan(1e-12);
  });
});

// The closing relation at the end of kugushev2002 §9, with the sign fixed:
// (MV⁺ + W² MV⁻, V⁺ − V⁻) = 0, i.e. for one constraint Newton's law with e = W².
// (The printed (MV⁺, V⁺ − V⁻) − W²(MV⁻, V⁺ − V⁻) = 0 would give ∂g·V⁺ = +W² ∂g·V⁻,
// back into the wall.)
describe('W-law impact of the double pendulum on the wall (Kugushev–Sorokina §9, sign-corrected)', () => {
  let wlaw: LoadedModule;
  beforeAll(async () => {
    const spec = defineModel({
      ...pendulumWall,
      name: 'pendulum-wall-w',
      parameters: { ...pendulumWall.parameters, W: { default: 0.8 } },
      unilateral: [{ ...pendulumWall.unilateral![0]!, law: { wLaw: 'W' } }],
    });
    wlaw = await loadGenerated(deriveSystem(buildModel(spec)));
  });

  it('satisfies (MV⁺ + W²MV⁻, V⁺ − V⁻) = 0 and reverses ∂g·q̇ with factor W², at 100 random states', () => {
    const r = rng(9);
    let worst = 0;
    for (let i = 0; i < 100; i++) {
      const { p, q, qd, dg } = stateOnWall(r);
      const W = uniform(r, 0, 1);
      const params = { ...p, W };
      const res = wlaw.impact!(0, q, qd, params);
      expect(res.status).toBe('ok');
      const M = rows(wlaw.massMatrix(0, q, params), 2);
      const Mv = (v: ArrayLike<number>): number[] => M.map((row) => dot(row, v));
      const dv = qd.map((v, i) => res.qdPlus[i]! - v);
      const closing = dot(
        Mv(res.qdPlus).map((v, k) => v + W * W * Mv(qd)[k]!),
        dv,
      );
      const scale = dot(Mv(qd), qd);
      worst = Math.max(worst, Math.abs(closing) / scale);
      expect(Math.abs(dot(dg, res.qdPlus) + W * W * dot(dg, qd)) / dot(dg, qd)).toBeLessThan(1e-12);
    }
    expect(worst).toBeLessThan(1e-12);
  });
});
