// Kozlov 1988, §2, (2.3)–(2.7): the point of kozlov-release with the line
// y ≥ 0 realized by mechanisms of strength N (derivations/kozlov-release-*.ts),
// each against the paper's closed forms: the elastic strip −2g/N ≤ y ≤ 0 and
// y = g(cos √N t − 1)/N while pressed, release → 1; the added mass's
// y = −gt²/(2(N + 1)), y = g(t² − 4t + 2)/(2(N + 1)) and release at 2 + √2
// for every N; the viscous release at 2 + O(1/N) (the exact root of the
// piecewise-exponential solution), classical without adhesion; Kelvin–Voigt
// classical with damping k√N, delayed to 1 + ln(2 − e^{−c²})/c² with damping N.
import { describe, expect, it } from 'vitest';
import addedMassSpec from '../../derivations/kozlov-release-added-mass.js';
import elasticSpec from '../../derivations/kozlov-release-elastic.js';
import kelvinVoigtSpec from '../../derivations/kozlov-release-kelvin-voigt.js';
import viscousSpec from '../../derivations/kozlov-release-viscous.js';
import type { ModelSpec } from '../../src/model/index.js';
import type { LoadedModule, Params } from '../../src/runtime/contract.js';
import { fitOrder } from '../../src/runtime/analysis/rigid-limit.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import type { Trajectory } from '../../src/runtime/hybrid/trajectory.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { expectClose } from '../helpers/numeric.js';

const load = (spec: ModelSpec): Promise<LoadedModule> => loadGenerated(derived(spec));
const run = (mod: LoadedModule, params: Params, t1: number, samples = 401): Trajectory =>
  simulate(mod, { q0: [-1, 0], qd0: [1, 0], t1, params, rtol: 1e-11, atol: 1e-14, samples });
/** The last 'release' of the line. */
const release = (tr: Trajectory): number => tr.events.filter((e) => e.type === 'release').at(-1)!.t;
const Ns = [10, 100, 1000, 10000];

describe('added mass Nẏ²/2 below the line (2.5)–(2.6)', async () => {
  const mod = await load(addedMassSpec);
  it.each(Ns)('N = %d: y = −gt²/(2(N + 1)) for t ≤ 1, g(t² − 4t + 2)/(2(N + 1)) until it leaves at t = 2 + √2', (N) => {
    const g = 1.5;
    const tr = run(mod, { g, N }, 4);
    expect(tr.events.map((e) => e.type)).toEqual(['contact', 'release']);
    expect(Math.abs(release(tr) - (2 + Math.SQRT2))).toBeLessThan(1e-7);
    const scale = g / (N + 1);
    tr.t.forEach((t, k) => {
      const y = tr.q[k]![1]!;
      if (t <= 1) expect(Math.abs(y + (g * t * t) / (2 * (N + 1)))).toBeLessThan(1e-7 * scale);
      else if (t < 2 + Math.SQRT2) expect(Math.abs(y - (g * (t * t - 4 * t + 2)) / (2 * (N + 1)))).toBeLessThan(1e-6 * scale);
      expect(tr.q[k]![0]).toBeCloseTo(t - 1, 9);
    });
  });
});

describe('added mass along a tilted line: the momentum along the line is conserved and (2.6) holds', async () => {
  // Kozlov's example turned by b: the line f = −x sin b + y cos b ≥ 0, its tangent τ = (cos b, sin b),
  // the force g·sign(s)·n along its normal n = (−sin b, cos b), s = x cos b + y sin b the position along it.
  const b = 0.4;
  const tilted = await load({
    name: 'kozlov-release-added-mass-tilted',
    coordinates: ['x', 'y'],
    parameters: { g: 1, N: 100, b },
    kinetic: "(x'^2 + y'^2)/2",
    forces: { x: '-g*sign(x*cos(b) + y*sin(b))*sin(b)', y: 'g*sign(x*cos(b) + y*sin(b))*cos(b)' },
    unilateral: [{ name: 'line', constraint: '-x*sin(b) + y*cos(b) >= 0', law: { compliant: { addedMass: 'N' } } }],
  });
  const tau = [Math.cos(b), Math.sin(b)] as const,
    normal = [-Math.sin(b), Math.cos(b)] as const;
  const dot = (u: readonly number[], w: readonly number[]): number => u[0]! * w[0]! + u[1]! * w[1]!;
  const g = 1.5;
  const run = (N: number): Trajectory =>
    simulate(tilted, { q0: [-tau[0], -tau[1]], qd0: [tau[0], tau[1]], t1: 4, params: { g, N, b }, rtol: 1e-11, atol: 1e-14, samples: 401 });
  it.each([10, 100, 1000])('N = %d: q̇·τ = 1 at every sample and event, f follows (2.5) and crosses 0 again at 2 + √2', (N) => {
    const tr = run(N);
    for (const v of [...tr.qd, ...tr.events.map((e) => e.qd)]) expect(Math.abs(dot(v, tau) - 1)).toBeLessThan(1e-9);
    // f is a difference of O(1) coordinates integrated to rtol 1e-11 through the contact event: 5e-9…1.6e-8
    // after it for N = 10…1000 whatever N (3e-8 bounds it), and 1e-5 of its own scale g/(N + 1) still tells
    // N + 1 from N (1.5e-6 apart at N = 1000).
    const tol = (1e-5 * g) / (N + 1) + 3e-8;
    tr.t.forEach((t, k) => {
      const f = dot(tr.q[k]!, normal);
      if (t <= 1) expect(Math.abs(f + (g * t * t) / (2 * (N + 1)))).toBeLessThan(tol);
      else if (t < 2 + Math.SQRT2) expect(Math.abs(f - (g * (t * t - 4 * t + 2)) / (2 * (N + 1)))).toBeLessThan(tol);
    });
    // Below the line until 2 + √2, above it after.
    tr.t.forEach((t, k) => expect(Math.sign(dot(tr.q[k]!, normal))).toBe(t === 0 ? 0 : t < 2 + Math.SQRT2 ? -1 : 1));
    // One release, where f leaves 0 at the rate g√2/(N + 1) of (2.6): its time is off by f's error over that rate.
    expect(tr.events.map((e) => e.type)).toEqual(['contact', 'release']);
    expect(Math.abs(release(tr) - (2 + Math.SQRT2))).toBeLessThan((tol * (N + 1)) / (g * Math.SQRT2));
  });
  // The upward crossing of f = 0 is located where the rounded gap −x sin b + y cos b may still be 0
  // (the untilted line, f = y, lands on f > 0): the driver must release from the crossing's direction,
  // not by re-testing f ≤ 0 there.
  it('N = 10: the release is recorded at 2 + √2', () => {
    const tr = run(10);
    expect(tr.events.map((e) => e.type)).toEqual(['contact', 'release']);
    expect(Math.abs(release(tr) - (2 + Math.SQRT2))).toBeLessThan(1e-7);
  });
});

describe("Kozlov's Theorem 3 with k = 0: stiffness c²N alone in semi-geodesic coordinates", async () => {
  const g11 = 2,
    c = 1.5;
  const wall = await load({
    name: 'theorem-three-elastic',
    coordinates: ['x1', 'x2'],
    parameters: { g11, c, N: 100 },
    kinetic: "g11*x1'^2/2 + (1 + x1^2)*x2'^2/2",
    unilateral: [{ name: 'wall', constraint: 'x1 >= 0', law: { compliant: { stiffness: 'c^2*N' } } }],
  });
  const omega = c * Math.sqrt(g11);
  it.each([1e2, 1e4, 1e6])('N = %d: contact δ_N = πg₁₁/(ω√N), elastic reflection, the tangential velocity back to its value', (N) => {
    const tr = simulate(wall, { q0: [0, 0], qd0: [-1, 0.7], t1: 0.5, params: { g11, c, N }, rtol: 1e-11, atol: 1e-14 });
    const inn = tr.events.find((e) => e.type === 'contact')!,
      out = tr.events.find((e) => e.type === 'release')!;
    // The metric 1 + x₁² couples x₂ only at O(x₁²) = O(1/N): the exact half period of g₁₁ẍ₁ = −c²N x₁ up to that.
    expectClose(out.t - inn.t, (Math.PI * g11) / (omega * Math.sqrt(N)), 2 / N);
    expectClose(-out.qd[0]! / inn.qd[0]!, 1, 1e-8);
    expectClose(out.qd[1]!, 0.7, 1e-8);
  });
});

describe('elastic force (0, −Ny) below the line', async () => {
  const mod = await load(elasticSpec);
  it('while pressed: y = g(cos √N t − 1)/N, inside the strip −2g/N ≤ y ≤ 0', () => {
    const N = 400,
      g = 1;
    const tr = run(mod, { g, N }, 1, 801);
    tr.t.forEach((t, k) => {
      const y = tr.q[k]![1]!;
      expect(Math.abs(y - (g * (Math.cos(Math.sqrt(N) * t) - 1)) / N)).toBeLessThan(1e-8 * (g / N));
      expect(y).toBeGreaterThanOrEqual((-2 * g) / N - 1e-12);
      expect(y).toBeLessThanOrEqual(1e-12);
    });
  });
  it('leaves at τ = 1 + O(N^{−1/2}) (Theorem 2: the classical motion in the limit)', () => {
    const taus = Ns.map((N) => release(run(mod, { g: 1, N }, 2.5)));
    taus.forEach((tau, k) => {
      expect(tau - 1).toBeGreaterThan(0);
      expect(tau - 1).toBeLessThan(4 / Math.sqrt(Ns[k]!));
    });
    expect(taus[3]! - 1).toBeLessThan(0.01);
    expect(fitOrder(Ns, taus, 1)).toBeGreaterThan(0.5);
  });
});

/** The viscous realization (0, −Nẏ) with adhesion, solved by hand: the exact release time. */
function viscousRelease(N: number, g: number): number {
  const yd1 = -(g / N) * (1 - Math.exp(-N));
  const y1 = -(g / N) + (g / (N * N)) * (1 - Math.exp(-N));
  const y = (s: number): number => y1 + (g / N) * s + ((yd1 - g / N) * (1 - Math.exp(-N * s))) / N;
  let lo = 1e-9,
    hi = 5;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (y(mid) < 0) lo = mid;
    else hi = mid;
  }
  return 1 + (lo + hi) / 2;
}

describe('viscous force (0, −Nẏ) below the line (2.7)', async () => {
  const mod = await load(viscousSpec);
  it('with adhesion: the release is the exact root of the piecewise-exponential solution, τ = 2 + O(1/N) with fitted order 1', () => {
    const taus = Ns.map((N) => release(run(mod, { g: 1, N }, 3)));
    taus.forEach((tau, k) => expect(Math.abs(tau - viscousRelease(Ns[k]!, 1))).toBeLessThan(1e-7));
    expect(Math.abs(taus[3]! - 2)).toBeLessThan(2e-4);
    expect(fitOrder(Ns, taus, 2)).toBeCloseTo(1, 2);
  });
  it('without adhesion (the force set to zero when ẏ > 0): the classical release, τ → 1', async () => {
    const law = { compliant: { damping: 'N' } };
    const free = await load({ ...viscousSpec, name: 'kozlov-release-viscous-free', unilateral: [{ ...viscousSpec.unilateral![0]!, law }] });
    const taus = Ns.map((N) => release(run(free, { g: 1, N }, 3)));
    taus.forEach((tau, k) => expect(Math.abs(tau - 1)).toBeLessThan(2 / Ns[k]!));
    expect(fitOrder(Ns, taus, 1)).toBeGreaterThan(0.9);
  });
});

describe('Kelvin–Voigt medium below the line', async () => {
  const mod = await load(kelvinVoigtSpec);
  it('damping 2k√N (Rayleigh k√N ẏ²) with c² > k²: the classical motion, the release → 1', () => {
    const taus = Ns.map((N) => release(run(mod, { g: 1, N, c: 2, k: 0.5, nu: 0 }, 2.5)));
    taus.forEach((tau, k) => expect(Math.abs(tau - 1)).toBeLessThan(3 / Math.sqrt(Ns[k]!)));
    expect(Math.abs(taus[3]! - 1)).toBeLessThan(0.01);
    expect(fitOrder(Ns, taus, 1)).toBeCloseTo(0.5, 1);
  });
  it('damping N (the force (0, −Nẏ − c²Ny)): the release is delayed to 1 + ln(2 − e^{−c²})/c²', () => {
    const c = 1;
    const limit = 1 + Math.log(2 - Math.exp(-c * c)) / (c * c);
    const taus = Ns.map((N) => release(run(mod, { g: 1, N, c, k: 0, nu: 1 }, 2.5)));
    expect(Math.abs(taus[3]! - limit)).toBeLessThan(1e-3);
    expect(fitOrder(Ns, taus, limit)).toBeCloseTo(1, 1);
  });
});
