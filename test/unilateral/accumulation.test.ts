// Accumulations of impacts (Zeno behaviour) in the event-driven simulation:
// the rest is decided by the impact sequence itself, at its accumulation
// point, whatever the length of the run.
import { describe, expect, it } from 'vitest';
import * as ball from '../../generated/bouncing-ball.js';
import * as compass from '../../generated/compass.js';
import * as pendulumWall from '../../generated/pendulum-wall.js';
import * as rimlessWheel from '../../generated/rimless-wheel.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import type { SimulationEvent, Trajectory } from '../../src/runtime/hybrid/trajectory.js';

/**
 * The accumulation point the impact times extrapolate to: with intervals
 * Δ_i = τ_{i+1} − τ_i shrinking by a steady ratio r_a = Δ_{K−1−a}/Δ_{K−3−a}
 * per period of two impacts (a period-1 cascade is a period-2 one too), the
 * remaining impacts after the last one τ_K take Σ_a Δ_{K−1−a} r_a/(1 − r_a).
 */
function geometricAccumulation(events: readonly SimulationEvent[]): number {
  const tau = events.filter((ev) => ev.type === 'impact').map((ev) => ev.t);
  const K = tau.length - 1;
  const delta = (i: number): number => tau[i + 1]! - tau[i]!;
  let remaining = 0;
  for (const a of [0, 1]) {
    const r = delta(K - 1 - a) / delta(K - 3 - a);
    remaining += (delta(K - 1 - a) * r) / (1 - r);
  }
  return tau[K]! + remaining;
}

/** The one rest event of a run, which must come last. */
function onlyRest(run: Trajectory): SimulationEvent {
  const rest = run.events.filter((ev) => ev.type === 'rest');
  expect(rest).toHaveLength(1);
  expect(run.events.at(-1)).toBe(rest[0]);
  return rest[0]!;
}

describe('bouncing ball (e = 0.9, dropped from 1 m): rest at t₁(1 + e)/(1 − e) for any t1', () => {
  // Dropped from rest at height h the ball lands at t₁ = √(2h/g) with speed
  // g t₁; after impact k it leaves with e^k g t₁ and flies 2e^k t₁, so the
  // impacts accumulate at t₁ + 2t₁ Σ_{k≥1} e^k = t₁(1 + e)/(1 − e).
  const g = 9.81,
    h = 1,
    e = 0.9;
  const t1Impact = Math.sqrt((2 * h) / g);
  const accumulation = (t1Impact * (1 + e)) / (1 - e);

  it.each([10, 1e3, 1e5, 1e6])('t1 = %d: one rest event, at the accumulation point to 1e-9 relative, and at rest after it', (t1) => {
    const run = simulate(ball as LoadedModule, { q0: [h], qd0: [0], t1, params: { g, e }, samples: 101 });
    const rest = run.events.filter((ev) => ev.type === 'rest');
    expect(rest).toHaveLength(1);
    expect(rest[0]!.contacts).toEqual([0]);
    expect(Math.abs(rest[0]!.t - accumulation) / accumulation).toBeLessThan(1e-9);
    expect(rest[0]!.accumulation).toBe(rest[0]!.t);
    expect(run.events.at(-1)).toBe(rest[0]);
    run.t.forEach((t, i) => {
      if (t < rest[0]!.t) return;
      expect(Math.abs(run.q[i]![0]!)).toBeLessThan(1e-15);
      expect(Math.abs(run.qd[i]![0]!)).toBeLessThan(1e-15);
    });
  });
});

describe('double pendulum resting against a wall it hangs beyond (d = −0.3, e = 0.7)', () => {
  // The hanging equilibrium x = 0 lies behind the wall x ≤ d, so the lower bob
  // beats on the wall with shrinking bounces and comes to rest on it.
  const restOf = (t1: number) => {
    const run = simulate(pendulumWall as LoadedModule, { q0: [-0.6, -0.9], qd0: [0, 0], t1, params: { d: -0.3 }, samples: 11 });
    return run.events.filter((ev) => ev.type === 'rest');
  };

  it('rests once, at the same time for t1 = 10, 100 and 1000 (to the last bit)', () => {
    const rests = [10, 100, 1000].map(restOf);
    for (const rest of rests) expect(rest).toHaveLength(1);
    expect(rests[0]![0]!.t).toBeGreaterThan(1);
    expect(rests[0]![0]!.t).toBeLessThan(10);
    for (const rest of rests.slice(1)) expect(rest[0]!.t).toBe(rests[0]![0]!.t);
  });
});

describe('rigid compass rocking from foot to foot (Rubanovich–Formalsky §1, α = 0.3 < α₀)', () => {
  // Standing on foot B at ψ = 0.05 and rocking forward with ψ̇ = −1 (B pinned:
  // yc and (ẋc, ẏc) from x_B, y_B fixed, as in derivations/compass.ts).
  const l = 1,
    alpha = 0.3,
    psi = 0.05,
    psid = -1;
  const q0 = [0, l * Math.cos(psi - alpha) - (l / 2) * Math.cos(alpha) * Math.cos(psi), psi];
  const qd0 = [
    ((l / 2) * Math.cos(alpha) * Math.cos(psi) - l * Math.cos(psi - alpha)) * psid,
    ((l / 2) * Math.cos(alpha) * Math.sin(psi) - l * Math.sin(psi - alpha)) * psid,
    psid,
  ];
  const runFor = (t1: number): Trajectory => simulate(compass as LoadedModule, { q0, qd0, t1, samples: 11 });
  const runs = [10, 100, 1000].map(runFor);
  // (1.16): with B leaving at every impact, ψ̇⁺ = ρ ψ̇⁻.
  const s2 = Math.sin(alpha) ** 2;
  const rho = (1 - 3 * s2) / (1 + 3 * s2);

  it('comes to rest on both feet once, at the same time for t1 = 10, 100 and 1000 (to the last bit)', () => {
    const rests = runs.map(onlyRest);
    for (const rest of rests) {
      expect(rest.contacts).toEqual([0, 1]);
      expect(rest.t).toBe(rests[0]!.t);
      expect(rest.accumulation).toBe(rest.t);
    }
  });

  it('rests at the geometric extrapolation of its impact times to 1e-9 relative', () => {
    const rest = onlyRest(runs[0]!);
    const extrapolated = geometricAccumulation(runs[0]!.events);
    expect(Math.abs(rest.t - extrapolated) / extrapolated).toBeLessThan(1e-9);
  });

  it('the rocking dies out in finite time: every impact multiplies ψ̇ by (1.16), and the intervals shrink by the same ratio', () => {
    const impacts = runs[0]!.events.filter((ev) => ev.type === 'impact');
    expect(impacts.length).toBeGreaterThan(10);
    // To 1e-8: (1.16) holds with B exactly at rest before the impact, here to the integration tolerance.
    for (const ev of impacts) expect(Math.abs(ev.qdPlus![2]! - rho * ev.qd[2]!)).toBeLessThan(1e-8 * Math.abs(ev.qd[2]!));
    // Energy is conserved on the stance foot, so each flight returns with −ψ̇⁺:
    // the next impact arrives with the reversed velocity of the last one.
    // (To the integration tolerances: 1e-8 relative, 1e-10 absolute.)
    impacts.slice(1).forEach((ev, k) => expect(Math.abs(ev.qd[2]! + impacts[k]!.qdPlus![2]!)).toBeLessThan(1e-7 * Math.abs(ev.qd[2]!) + 1e-10));
    // Small flights take a time proportional to ψ̇⁺, so Δ_{k+1}/Δ_k → ρ; the sum is finite.
    const tau = impacts.map((ev) => ev.t);
    const K = tau.length - 1;
    expect(Math.abs((tau[K]! - tau[K - 1]!) / (tau[K - 1]! - tau[K - 2]!) - rho)).toBeLessThan(1e-4);
    expect(onlyRest(runs[0]!).t).toBeLessThan(1);
  });

  // Bounds: the held phase integrates q̈ = 0 with rtol 1e-8, atol 1e-10 for
  // up to 1000 s, so velocities stay at 1e-11 and positions drift by 1e-7 at most.
  it('after the rest both feet stay on the line with ψ = 0 and no rotation', () => {
    for (const run of runs) {
      const rest = onlyRest(run);
      run.t.forEach((t, i) => {
        if (t < rest.t) return;
        expect(Math.abs(run.q[i]![2]!)).toBeLessThan(1e-9);
        expect(Math.abs(run.qd[i]![1]!)).toBeLessThan(1e-11);
        expect(Math.abs(run.qd[i]![2]!)).toBeLessThan(1e-11);
      });
    }
  });

  it('after the rest the centre of mass does not slide: ẋc = 0 with both feet stuck, the limit of ẋc ∝ ψ̇ in the cascade', () => {
    // The last impact leaves ẋc ≈ 2.7e-6 m/s (rotation about the foot just
    // struck); the normal rows of the feet do not see it, so only the limit of
    // the cascade's velocities removes it.
    for (const run of runs) {
      const rest = onlyRest(run);
      const after = run.t.flatMap((t, i) => (t >= rest.t ? [i] : []));
      for (const i of after) expect(Math.abs(run.qd[i]![0]!)).toBeLessThan(1e-10);
      expect(Math.abs(run.q[after.at(-1)!]![0]! - run.q[after[0]!]![0]!)).toBeLessThan(1e-7);
    }
  });
});

describe('rimless wheel rocking between two spokes on a slope (Rubanovich–Formalsky §2, k = 6, I* = 0.5)', () => {
  const psi = 0.2;
  const q0 = [0, Math.cos(psi), psi];
  const qd0 = [Math.cos(psi), Math.sin(psi), -1];
  const runs = [10, 100, 1000].map((t1) => simulate(rimlessWheel as LoadedModule, { q0, qd0, t1, samples: 11 }));
  // (2.6): ψ̇⁺/ψ̇⁻ when the standing spoke lifts off, α = π/6.
  const ratio = (0.5 + Math.cos(Math.PI / 3)) / 1.5;

  it('comes to rest on two spokes once, at the same time for t1 = 10, 100 and 1000 (to the last bit)', () => {
    const rests = runs.map(onlyRest);
    expect(rests[0]!.contacts).toHaveLength(2);
    for (const rest of rests) {
      expect(rest.contacts).toEqual(rests[0]!.contacts);
      expect(rest.t).toBe(rests[0]!.t);
      expect(rest.accumulation).toBe(rest.t);
    }
  });

  it('rests at the geometric extrapolation of its impact times to 1e-9 relative; the rocking multiplies ψ̇ by (2.6) per impact', () => {
    const rest = onlyRest(runs[0]!);
    const extrapolated = geometricAccumulation(runs[0]!.events);
    expect(Math.abs(rest.t - extrapolated) / extrapolated).toBeLessThan(1e-9);
    const rocking = runs[0]!.events.filter((ev) => ev.type === 'impact' && ev.t > rest.t - 0.1);
    expect(rocking.length).toBeGreaterThan(6);
    // To 1e-8: (2.6) holds with the standing tip exactly at rest before the impact, here to the integration tolerance.
    for (const ev of rocking) expect(Math.abs(ev.qdPlus![2]! - ratio * ev.qd[2]!)).toBeLessThan(1e-8 * Math.abs(ev.qd[2]!));
  });

  it('after the rest the wheel neither turns nor slides down the slope', () => {
    // Without the limit of the cascade's velocities it kept the hub's 2.4e-5 m/s along the slope.
    for (const run of runs) {
      const rest = onlyRest(run);
      const after = run.t.flatMap((t, i) => (t >= rest.t ? [i] : []));
      for (const i of after) {
        expect(Math.abs(run.qd[i]![0]!)).toBeLessThan(1e-10);
        expect(Math.abs(run.qd[i]![1]!)).toBeLessThan(1e-11);
        expect(Math.abs(run.qd[i]![2]!)).toBeLessThan(1e-11);
      }
      expect(Math.abs(run.q[after.at(-1)!]![0]! - run.q[after[0]!]![0]!)).toBeLessThan(1e-7);
    }
  });
});
