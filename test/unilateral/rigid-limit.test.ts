// The rigid limit as a result (src/runtime/analysis/rigid-limit.ts): studies over N of
// Kozlov's realizations with the rigid kozlov-release as reference — the
// viscous release converging to 2 with order 1 and the motion to (2.7), not
// to the rigid (2.4); the elastic motion converging to (2.4) — and of
// Theorem 3 in semi-geodesic coordinates (T = ½g₁₁ẋ₁² + ½(1 + x₁²)ẋ₂², gravity
// pressing on the wall x₁ ≥ 0): duration πg₁₁/(ω√N), restitution
// exp(−πk/ω), tangential velocity unchanged, in the limit; and the fitted
// orders on exact power laws; Theorem 1, a pendulum whose rod is realized by
// stiffness (with viscosity or an added mass) tending to the rigid one as 1/N.
import { describe, expect, it } from 'vitest';
import rigidSpec from '../../derivations/kozlov-release.js';
import addedMassSpec from '../../derivations/kozlov-release-added-mass.js';
import elasticSpec from '../../derivations/kozlov-release-elastic.js';
import viscousSpec from '../../derivations/kozlov-release-viscous.js';
import type { ModelSpec } from '../../src/model/index.js';
import { SimulationError } from '../../src/runtime/errors.js';
import { distanceConvergence, fitOrder, rigidLimitStudy } from '../../src/runtime/analysis/rigid-limit.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { expectClose } from '../helpers/numeric.js';
import { thrown } from '../helpers/thrown.js';

const rigid = await loadGenerated(derived(rigidSpec));
const Ns = [10, 100, 1000, 10000];
const kozlov = { q0: [-1, 0], qd0: [1, 0], params: { g: 1 }, rtol: 1e-11, atol: 1e-14, samples: 301 };

describe('fitted orders', () => {
  it('recover the exponent of an exact power law, with the limit given or from successive differences', () => {
    const N = [10, 100, 1000, 10000];
    expectClose(
      fitOrder(
        N,
        N.map((v) => 2 + 3 / v),
        2,
      ),
      1,
      1e-12,
    );
    expectClose(
      fitOrder(
        N,
        N.map((v) => 1 + 0.5 / Math.sqrt(v)),
      ),
      0.5,
      1e-12,
    );
    expect(fitOrder([10], [1], 0)).toBeNaN();
    // Errors at or below the floor (the integration's resolution) do not count.
    expect(fitOrder(N, [2 + 1e-12, 2 - 2e-12, 2 + 1e-12, 2], 2, 1e-9)).toBeNaN();
    expectClose(
      fitOrder(
        N,
        N.map((v) => 2 + 3 / v),
        2,
        1e-3,
      ),
      1,
      1e-12,
    );
  });

  it('fit none where the errors follow no power law that falls: levelling off, rising, or falling by unequal powers', () => {
    const N = [10, 100, 1000, 10000];
    // The viscous line's distance to the rigid motion (kozlov1988 (2.7)): 1.5 + 0.05/N, levelling off at 1.5.
    expect(
      fitOrder(
        N,
        N.map((v) => 1.5 + 0.05 / v),
        0,
      ),
    ).toBeNaN();
    // The added mass's distance, rising towards 4.328 (2.6).
    expect(fitOrder(N, [4.25312, 4.32022, 4.3276, 4.32834], 0)).toBeNaN();
    // The elastic line's distance: local orders 0.33, 1.4, 0.064 (its release lags with the phase of √N).
    expect(fitOrder(N, [0.489672, 0.229999, 0.00906284, 0.00782266], 0)).toBeNaN();
    // Unequal but of one power law within a factor 2 (the Kelvin–Voigt distance: 0.38, 0.45, 0.49).
    expect(fitOrder(N, [0.0361085, 0.014955, 0.00534502, 0.00174116], 0)).toBeCloseTo(0.44, 2);
  });
});

describe('the convergence of the distance to the rigid motion', () => {
  it('vanishes when it falls tenfold and in its last step; persists when its last step moves it by under 1 % and it has not fallen tenfold', () => {
    expect(distanceConvergence([0.0761447, 0.00789399, 7.923e-4, 7.926e-5])).toBe('vanishes');
    expect(distanceConvergence([0.489672, 0.229999, 0.00906284, 0.00782266])).toBe('vanishes');
    expect(distanceConvergence([4.25312, 4.32022, 4.3276, 4.32834])).toBe('persists');
    expect(distanceConvergence([1.505, 1.50005, 1.5, 1.5])).toBe('persists');
    // Falling but less than tenfold, or rising again at the end: not decided.
    expect(distanceConvergence([0.1, 0.05, 0.03])).toBe('undecided');
    expect(distanceConvergence([0.1, 0.001, 0.002])).toBe('undecided');
    expect(distanceConvergence([0.1, Number.NaN])).toBe('undecided');
  });
});

describe("Kozlov's realizations against the rigid kozlov-release", () => {
  it('viscous (2.7): release 2 + 1/N with fitted order 1; the motion tends to (2.7), whose distance to the rigid (2.4) at t = 3 is g(2² − 1²)/2 = 1.5', async () => {
    const mod = await loadGenerated(derived(viscousSpec));
    const study = rigidLimitStudy(mod, { ...kozlov, t1: 3, parameter: 'N', values: Ns, reference: rigid, limits: { release: 2 } });
    expect(study.rows.map((r) => r.value)).toEqual(Ns);
    study.rows.forEach((r) => expect(Math.abs(r.release - 2 - 1 / r.value)).toBeLessThan(2 / r.value ** 2 + 1e-7));
    expectClose(study.orders.release, 1, 1e-3);
    expectClose(study.rows.at(-1)!.distance, 1.5, 1e-3);
    expect(study.convergence).toBe('persists');
    expect(study.orders.distance).toBeNaN();
    expectClose(study.extrapolated.distance, 1.5, 1e-6);
  });

  it('added mass (2.6): the release is 2 + √2 at every N, so it has no order; the rigid reference releases at 1, and a touchdown from rest has no restitution', async () => {
    const addedMass = await loadGenerated(derived(addedMassSpec));
    const study = rigidLimitStudy(addedMass, { ...kozlov, t1: 4, parameter: 'N', values: Ns, reference: rigid, limits: { release: 2 + Math.SQRT2 } });
    study.rows.forEach((r) => expectClose(r.release, 2 + Math.SQRT2, 1e-7));
    study.rows.forEach((r) => expect(r.restitution).toBeNaN());
    expect(study.orders.release).toBeNaN();
    expect(study.limits.release).toBe(2 + Math.SQRT2);
    expectClose(study.reference!.release, 1, 1e-9);
    expect(study.reference!.restitution).toBeNaN();
    // (2.6) against (2.4): at t = 4 the heights differ by g(3² − (2 − √2)²)/2, and the runs' distance tends to that, not to 0.
    expect(study.convergence).toBe('persists');
    expect(study.orders.distance).toBeNaN();
    expectClose(study.extrapolated.distance, (9 - (2 - Math.SQRT2) ** 2) / 2, 1e-5);
  });

  it('elastic: the motion tends to the rigid one (distance → 0), the release to 1', async () => {
    const mod = await loadGenerated(derived(elasticSpec));
    const study = rigidLimitStudy(mod, { ...kozlov, t1: 2.5, parameter: 'N', values: Ns, reference: rigid, limits: { release: 1 } });
    const d = study.rows.map((r) => r.distance);
    d.slice(1).forEach((x, k) => expect(x).toBeLessThan(d[k]!));
    expect(d.at(-1)!).toBeLessThan(0.01);
    expect(study.convergence).toBe('vanishes');
    // Its steps fall by unequal powers of N (the lag goes with the phase of √N): no order, and a limit between 0 and the last distance.
    expect(study.orders.distance).toBeNaN();
    expect(study.extrapolated.distance).toBeGreaterThanOrEqual(0);
    expect(study.extrapolated.distance).toBeLessThanOrEqual(d.at(-1)!);
  });

  it('names its mistakes: a parameter the model lacks, values that are not positive', async () => {
    const mod = await loadGenerated(derived(elasticSpec));
    expect(thrown(() => rigidLimitStudy(mod, { ...kozlov, t1: 1, parameter: 'M', values: [1] }), SimulationError).code).toBe('unknown-parameter');
    expect(thrown(() => rigidLimitStudy(mod, { ...kozlov, t1: 1, parameter: 'N', values: [10, -1] }), SimulationError).code).toBe('invalid-option');
  });
});

describe("Kozlov's Theorem 1: a retaining constraint realized by stiffness, added mass or viscosity", () => {
  const pendulum = (realization?: Record<string, string>): ModelSpec => ({
    name: realization ? 'soft-pendulum' : 'pendulum',
    coordinates: ['x', 'y'],
    parameters: { m: 1, g: 9.81, l: 1, N: 100 },
    kinetic: "m*(x'^2 + y'^2)/2",
    potential: 'm*g*y',
    holonomic: [{ name: 'rod', expr: 'x^2 + y^2 - l^2', ...(realization ? { realization } : {}) }],
    initial: { q: { x: 1 }, t1: 1 },
  });
  it.each([
    ['stiffness βφ²/2', { stiffness: 'N' }],
    ['stiffness and viscosity', { stiffness: 'N', viscosity: 'N' }],
    ['added mass and stiffness', { addedMass: 'N', stiffness: 'N' }],
  ])('%s: the motion from (1.4) tends to the rigid pendulum’s as N grows', async (_, realization) => {
    const rigidPendulum = await loadGenerated(derived(pendulum()));
    const soft = await loadGenerated(derived(pendulum(realization)));
    const study = rigidLimitStudy(soft, {
      q0: [1, 0],
      qd0: [0, 0],
      t1: 1,
      params: { m: 1, g: 9.81, l: 1 },
      rtol: 1e-10,
      atol: 1e-12,
      samples: 101,
      parameter: 'N',
      values: [1e2, 1e3, 1e4, 1e5],
      reference: rigidPendulum,
    });
    const d = study.rows.map((r) => r.distance);
    d.slice(1).forEach((x, k) => expect(x).toBeLessThan(d[k]!));
    // Distances at N = 10⁵: 1.4e-4 (stiffness), 6.4e-5 (with viscosity), 2.5e-5 (with added mass), each ~ 1/N.
    expect(d.at(-1)!).toBeLessThan(2e-4);
    expectClose(study.orders.distance, 1, 0.05);
    expect(study.convergence).toBe('vanishes');
    // A largest distance that vanishes has its limit in [0, last], never an extrapolation below 0.
    expect(study.extrapolated.distance).toBeGreaterThanOrEqual(0);
    expect(study.extrapolated.distance).toBeLessThanOrEqual(d.at(-1)!);
  });
});

describe("Kozlov's Theorem 3: stiffness c²N, Rayleigh k√N ḟ² in semi-geodesic coordinates", () => {
  const spec: ModelSpec = {
    name: 'theorem-three',
    coordinates: ['x1', 'x2'],
    parameters: { g11: 2, c: 1.5, k: 0.7, N: 100, G: 3 },
    kinetic: "g11*x1'^2/2 + (1 + x1^2)*x2'^2/2",
    potential: 'G*x1',
    unilateral: [{ name: 'wall', constraint: 'x1 >= 0', law: { compliant: { stiffness: 'c^2*N', damping: '2*k*sqrt(N)', adhesion: true } } }],
    initial: { qd: { x1: -1, x2: 0.7 }, t1: 0.3 },
  };
  const omega = Math.sqrt(1.5 ** 2 * 2 - 0.7 ** 2);
  const e = Math.exp((-Math.PI * 0.7) / omega);
  const values = [1e3, 1e4, 1e5, 1e6];

  it('duration √N·δ_N → πg₁₁/ω, restitution → exp(−πk/ω) with fitted order ½, tangential velocity unchanged', async () => {
    const mod = await loadGenerated(derived(spec));
    const study = rigidLimitStudy(mod, {
      q0: [0, 0],
      qd0: [-1, 0.7],
      t1: 0.5,
      params: { g11: 2, c: 1.5, k: 0.7, G: 3 },
      rtol: 1e-10,
      atol: 1e-13,
      parameter: 'N',
      values,
      limits: { restitution: e, duration: 0 },
    });
    const last = study.rows.at(-1)!;
    // e_N = 0.2911, 0.3207, 0.3295, 0.3322 → 0.3335; √N δ_N = 3.318, 3.192, 3.155, 3.143 → πg₁₁/ω = 3.138.
    expectClose(last.duration * Math.sqrt(last.value), (Math.PI * 2) / omega, 2e-3);
    expectClose(last.restitution, e, 5e-3);
    study.rows.forEach((r) => expect(Math.abs(r.restitution - e)).toBeLessThan(1.5 / Math.sqrt(r.value)));
    expectClose(study.orders.restitution, 0.5, 0.1);
    expectClose(study.orders.duration, 0.5, 0.02);
    // The tangential velocity at the release: 0.7 up to the metric's 1 + x₁² = 1 + O(1/N) and gravity's O(δ_N).
    const run = simulate(mod, { q0: [0, 0], qd0: [-1, 0.7], t1: 0.5, params: { g11: 2, c: 1.5, k: 0.7, G: 3, N: 1e6 }, rtol: 1e-10, atol: 1e-13 });
    const out = run.events.find((ev) => ev.type === 'release')!;
    expect(Math.abs(out.qd[1]! - 0.7)).toBeLessThan(1e-5);
  });

  it('beside the rigid wall with Newton’s e = exp(−πk/ω): the reference bounces at t = 0 with that e and no duration, and the motion converges to it', async () => {
    const mod = await loadGenerated(derived(spec));
    const wall = await loadGenerated(
      derived({
        ...spec,
        name: 'theorem-three-rigid',
        parameters: { g11: 2, G: 3, e },
        unilateral: [{ name: 'wall', constraint: 'x1 >= 0', law: { newton: 'e' } }],
      }),
    );
    const study = rigidLimitStudy(mod, {
      q0: [0, 0],
      qd0: [-1, 0.7],
      t1: 0.5,
      params: { g11: 2, c: 1.5, k: 0.7, G: 3, e },
      rtol: 1e-10,
      atol: 1e-13,
      samples: 101,
      parameter: 'N',
      values: [1e4, 1e5, 1e6],
      reference: wall,
    });
    expectClose(study.reference!.restitution, e, 1e-9);
    expect(study.reference!.duration).toBe(0);
    expect(study.reference!.contacts[0]).toBe(0);
    const d = study.rows.map((r) => r.distance);
    d.slice(1).forEach((x, k) => expect(x).toBeLessThan(d[k]!));
    expect(study.orders.distance).toBeGreaterThan(0.3);
  });
});
