// Hertz contact (F = kδ^{3/2}) with damping, a ball of mass m striking a
// floor at v₀ without gravity: the achieved restitution against the target
// coefficient the damping was chosen for.
//  - Hunt–Crossley, F = δ^{3/2}(k + cδ̇), with c from Flores et al. (Mech.
//    Mach. Theory 2011), c = 8k(1 − e)/(5e v₀). Its first integral
//    m v dv/(1 + χv) = −kδ^{3/2} dδ (χ = c/k) over a whole contact gives
//    φ(χv₀) = φ(−χ e_a v₀), φ(x) = x − ln(1 + x): e_a depends on χv₀ alone, so
//    the Flores relation gives the same e_a at every v₀, within 0.03 of the
//    target for e ≥ 0.5. The force δ^{3/2}(k + cδ̇) never goes negative (the
//    integral keeps 1 + χδ̇ > 0), so adhesion changes nothing.
//  - Linear damping, F = kδ^{3/2} + cδ̇, with c from the energy it dissipates
//    along the undamped Hertz contact: ΔE = c∮δ̇²dt = 2c v₀δ_m I, δ_m =
//    (5mv₀²/(4k))^{2/5}, I = ∫₀¹ √(1 − s^{5/2}) ds, so e ≈ 1 − 2cδ_m I/(m v₀)
//    to first order in 1 − e. Against an independent fixed-step integration
//    of m δ̈ = −F; with adhesion the force pulls before the gap closes,
//    without it the contact ends where F = 0, inside the floor, and no
//    negative force acts.
import { describe, expect, it } from 'vitest';
import type { ModelSpec } from '../../src/model/index.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import type { Trajectory } from '../../src/runtime/hybrid/trajectory.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { expectClose } from '../helpers/numeric.js';

const m = 2,
  k = 1e5;

const ball = (dampingModel: 'linear' | 'hunt-crossley', adhesion: boolean): ModelSpec => ({
  name: `hertz-${dampingModel}-${adhesion ? 'adhesive' : 'free'}`,
  coordinates: ['y'],
  parameters: { m, k, c: 10 },
  kinetic: "m*y'^2/2",
  unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { compliant: { stiffness: 'k', exponent: '3/2', damping: 'c', dampingModel, adhesion } } }],
});

interface Impact {
  readonly run: Trajectory;
  /** −ẏ at the release over ẏ at the contact. */
  readonly e: number;
  readonly contact: number;
  readonly release: number;
}

function strike(mod: LoadedModule, c: number, v0: number): Impact {
  const run = simulate(mod, { q0: [0], qd0: [-v0], t1: 0.1, params: { m, k, c }, rtol: 1e-10, atol: 1e-13, samples: 2001 });
  const contact = run.events.find((ev) => ev.type === 'contact')!;
  const release = run.events.find((ev) => ev.type === 'release')!;
  return { run, e: -release.qd[0]! / contact.qd[0]!, contact: contact.t, release: release.t };
}

/** F_n at each sample strictly inside the contact (compliantContacts' unclamped force). */
const forces = (mod: LoadedModule, i: Impact, c: number): number[] =>
  i.run.t.flatMap((t, s) => (t > i.contact && t < i.release ? [mod.compliantContacts!(t, i.run.q[s]!, i.run.qd[s]!, { m, k, c })[2]!] : []));

/** The root e_a of φ(χv₀) = φ(−χ e_a v₀), φ(x) = x − ln(1 + x), on (0, 1/(χv₀)) (bisection: φ rises on (−1, 0]). */
function huntCrossleyRestitution(chiV0: number): number {
  const phi = (x: number): number => x - Math.log1p(x);
  const target = phi(chiV0);
  let lo = 0,
    hi = Math.min(1, 1 / chiV0) * (1 - 1e-15);
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (phi(-mid * chiV0) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Flores et al. 2011: the Hunt–Crossley damping for a target restitution e at the approach speed v₀. */
const flores = (e: number, v0: number): number => (8 * k * (1 - e)) / (5 * e * v0);

/** I = ∫₀¹ √(1 − s^{5/2}) ds (midpoint rule; the integrand's √ end point costs ~N^{−3/2}). */
const I = ((): number => {
  const n = 200_000;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.sqrt(1 - ((i + 0.5) / n) ** 2.5);
  return sum / n;
})();

/** The linear damping that dissipates (1 − e²)·½mv₀² ≈ (1 − e)mv₀² along the undamped Hertz contact. */
const linearDamping = (e: number, v0: number): number => {
  const deltaMax = ((5 * m * v0 * v0) / (4 * k)) ** 0.4;
  return ((1 - e) * m * v0) / (2 * deltaMax * I);
};

/** m δ̈ = −F by classical RK4 at a fixed step, from δ = 0, δ̇ = v₀ until the contact ends (δ = 0, or F = 0 without adhesion); the exit speed over v₀. */
function integrated(c: number, v0: number, adhesion: boolean): number {
  const F = (d: number, v: number): number => k * Math.max(d, 0) ** 1.5 + c * v;
  const acc = (d: number, v: number): number => -F(d, v) / m;
  const h = 2e-7;
  let d = 0,
    v = v0;
  for (let step = 0; step < 1e7; step++) {
    const k1d = v,
      k1v = acc(d, v);
    const k2d = v + (h / 2) * k1v,
      k2v = acc(d + (h / 2) * k1d, v + (h / 2) * k1v);
    const k3d = v + (h / 2) * k2v,
      k3v = acc(d + (h / 2) * k2d, v + (h / 2) * k2v);
    const k4d = v + h * k3v,
      k4v = acc(d + h * k3d, v + h * k3v);
    const dn = d + (h / 6) * (k1d + 2 * k2d + 2 * k3d + k4d);
    const vn = v + (h / 6) * (k1v + 2 * k2v + 2 * k3v + k4v);
    // The contact ends inside the step: interpolate the exit speed linearly in the switching function.
    const before = adhesion ? d : F(d, v),
      after = adhesion ? dn : F(dn, vn);
    if (step > 0 && before > 0 && after <= 0) return -(v + ((vn - v) * before) / (before - after)) / v0;
    d = dn;
    v = vn;
  }
  throw new Error('the contact did not end');
}

describe('Hertz contact with Hunt–Crossley damping from Flores et al.', async () => {
  const [free, adhesive] = await Promise.all([loadGenerated(derived(ball('hunt-crossley', false))), loadGenerated(derived(ball('hunt-crossley', true)))]);
  it.each([
    // target, achieved (the root of φ), its distance to the target
    [0.5, 0.4704, 0.03],
    [0.7, 0.6832, 0.017],
    [0.9, 0.8939, 0.0061],
    [0.95, 0.9468, 0.0032],
  ])(
    'target e = %s: achieved %s at every v₀ (the first integral’s root), within %s of the target; the force never pulls, with or without adhesion',
    (target, achieved, tol) => {
      for (const v0 of [1, 3]) {
        const c = flores(target, v0);
        const exact = huntCrossleyRestitution((c / k) * v0);
        expectClose(exact, achieved, 1e-4);
        const hit = strike(free, c, v0);
        expectClose(hit.e, exact, 1e-7);
        expect(Math.abs(hit.e - target)).toBeLessThan(tol);
        expect(Math.min(...forces(free, hit, c))).toBeGreaterThan(0);
        // With adhesion allowed nothing changes: the force was never negative to keep.
        const sticky = strike(adhesive, c, v0);
        expectClose(sticky.e, hit.e, 1e-9);
        expectClose(sticky.release, hit.release, 1e-9);
      }
    },
  );
});

describe('Hertz contact with linear damping', async () => {
  const [free, adhesive] = await Promise.all([loadGenerated(derived(ball('linear', false))), loadGenerated(derived(ball('linear', true)))]);
  it.each([
    // target, achieved with adhesion, without
    [0.8, 0.8151, 0.8288],
    [0.9, 0.9039, 0.9085],
    [0.95, 0.951, 0.9525],
  ])(
    'target e = %s from the dissipated energy: achieved %s with adhesion, %s without, as an independent RK4 integration gives; within 0.4(1 − e)² and 0.75(1 − e)^{3/2} of the target',
    (target, withAdhesion, without) => {
      for (const v0 of [1, 3]) {
        const c = linearDamping(target, v0);
        const sticky = strike(adhesive, c, v0);
        expectClose(sticky.e, integrated(c, v0, true), 1e-6);
        expectClose(sticky.e, withAdhesion, 1e-4);
        expect(Math.abs(sticky.e - target)).toBeLessThan(0.4 * (1 - target) ** 2);
        // With adhesion the force pulls before the gap closes.
        expect(Math.min(...forces(adhesive, sticky, c))).toBeLessThan(0);

        const hit = strike(free, c, v0);
        expectClose(hit.e, integrated(c, v0, false), 1e-6);
        expectClose(hit.e, without, 1e-4);
        expect(Math.abs(hit.e - target)).toBeLessThan(0.75 * (1 - target) ** 1.5);
        // Without it the contact ends where F = 0, still inside the floor, and no negative force acts:
        // the force is positive up to the release and the speed stays constant after it while y < 0.
        expect(Math.min(...forces(free, hit, c))).toBeGreaterThan(0);
        const out = hit.run.events.find((ev) => ev.type === 'release')!;
        expect(out.q[0]!).toBeLessThan(0);
        hit.run.t.forEach((t, s) => {
          if (t > hit.release && hit.run.q[s]![0]! < 0) expectClose(hit.run.qd[s]![0]!, out.qd[0]!, 1e-9);
        });
      }
    },
  );
});
