// The driver of models with constraints realized by forces
// (src/runtime/hybrid/compliant.ts): a ball bouncing on a compliant floor, where the
// restitution of each law is known exactly — linear Kelvin–Voigt with
// adhesion e = exp(−πr) after π/ω_d (Kozlov's Theorem 3), without adhesion
// e = exp(−r(π − 2 arctan r)) (the force vanishes at ω_d t = π − 2 arctan r),
// Hunt–Crossley's implicit relation (the same with and without adhesion:
// its force never pulls) — Hertz with linear damping against an independent
// integration, the energy of an elastic bounce, the events, the dispatch
// of `simulate`, and a large periodic angle integrated reduced.
import { describe, expect, it } from 'vitest';
import rigidSpec from '../../../derivations/kozlov-release.js';
import elasticSpec from '../../../derivations/kozlov-release-elastic.js';
import type { ModelSpec } from '../../../src/model/index.js';
import type { LoadedModule } from '../../../src/runtime/contract.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { derivedFacts } from '../../../src/derive/paper-results.js';
import { integrate } from '../../../src/runtime/integrators/dopri5.js';
import { SimulationError } from '../../../src/runtime/errors.js';
import { simulate, simulateHamilton } from '../../../src/runtime/hybrid/simulate.js';
import type { Trajectory } from '../../../src/runtime/hybrid/trajectory.js';
import { derived } from '../../helpers/examples.js';
import { loadGenerated } from '../../helpers/generated-module.js';
import { expectClose } from '../../helpers/numeric.js';
import { thrown } from '../../helpers/thrown.js';

// A ball of mass m dropped onto the floor y ≥ 0 with speed v, no gravity (so the bounce is the law's alone).
const ball = (law: Record<string, unknown>): ModelSpec => ({
  name: 'soft-floor',
  coordinates: ['x', 'y'],
  parameters: { m: 2, k: 1e4, c: 30, v: 1.5, grav: 0 },
  kinetic: "m*(x'^2 + y'^2)/2",
  potential: 'm*grav*y',
  unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { compliant: law } }],
  initial: { q: { y: 0.1 }, qd: { x: 0.4, y: '-v' }, t1: 0.5 },
});
const P = { m: 2, k: 1e4, c: 30, v: 1.5, grav: 0 };

/** The bounce: times and normal velocities at 'contact' and 'release'. */
function bounce(run: Trajectory): { tIn: number; tOut: number; vIn: number; vOut: number } {
  const types = run.events.map((e) => e.type);
  expect(types).toEqual(['contact', 'release']);
  const [a, b] = run.events;
  return { tIn: a!.t, tOut: b!.t, vIn: a!.qd[1]!, vOut: b!.qd[1]! };
}

describe('linear Kelvin–Voigt: restitution and duration of one bounce', () => {
  // γ = c/(2m), ω_d = √(k/m − γ²), r = γ/ω_d.
  const gamma = P.c / (2 * P.m),
    omega = Math.sqrt(P.k / P.m - gamma ** 2),
    r = gamma / omega;

  it("with adhesion: e = exp(−πr) and duration π/ω_d exactly (Kozlov's Theorem 3 without other forces), tangential velocity unchanged", async () => {
    const mod = await loadGenerated(derived(ball({ stiffness: 'k', damping: 'c', adhesion: true })));
    const run = simulate(mod, { q0: [0, 0.1], qd0: [0.4, -1.5], t1: 0.5, params: P, rtol: 1e-10, atol: 1e-12 });
    const { tIn, tOut, vIn, vOut } = bounce(run);
    expectClose(tIn, 0.1 / 1.5, 1e-12);
    expectClose(tOut - tIn, Math.PI / omega, 1e-9);
    expectClose(-vOut / vIn, Math.exp(-Math.PI * r), 1e-8);
    expect(run.events[1]!.qd[0]).toBeCloseTo(0.4, 12);
    // Free flight after: the velocity stays.
    expectClose(run.qd[run.qd.length - 1]![1]!, vOut, 1e-9);
  });

  it('without adhesion: the force vanishes at ω_d t = π − 2 arctan r, so e = exp(−r(π − 2 arctan r)), and the point flies back to f = 0', async () => {
    const mod = await loadGenerated(derived(ball({ stiffness: 'k', damping: 'c' })));
    const run = simulate(mod, { q0: [0, 0.1], qd0: [0.4, -1.5], t1: 0.5, params: P, rtol: 1e-10, atol: 1e-12 });
    const { tIn, tOut, vIn, vOut } = bounce(run);
    const theta = Math.PI - 2 * Math.atan(r);
    expectClose(tOut - tIn, theta / omega, 1e-9);
    expectClose(-vOut / vIn, Math.exp(-r * theta), 1e-8);
    // The derived facts (the rigid limit the report and paper checks read) are the simulated bounce's.
    const facts = derivedFacts(derived(ball({ stiffness: 'k', damping: 'c' })));
    expectClose(evaluate(facts.get('compliant.floor.restitution')!, P), -vOut / vIn, 1e-8);
    expectClose(evaluate(facts.get('compliant.floor.duration')!, P), tOut - tIn, 1e-8);
    // Released inside the floor (y < 0 where the force vanished), then force-free.
    expect(run.events[1]!.q[1]).toBeLessThan(0);
    const [f, , Fn] = mod.compliantContacts!(tOut, run.events[1]!.q, run.events[1]!.qd, P);
    expect(f).toBeLessThan(0);
    expect(Math.abs(Fn!)).toBeLessThan(1e-6);
    expectClose(run.qd[run.qd.length - 1]![1]!, vOut, 1e-9);
  });
});

describe('Hertz contact, F_n = kδ^{3/2} + damping', () => {
  /** Hunt–Crossley: v_out − v_in = (1/α) ln((1 + α v_out)/(1 + α v_in)), δ̇ = v, α = c/k (exact, any exponent). */
  const huntCrossley = (alpha: number, vIn: number): number => {
    // Solve for v_out ∈ (−1/α, 0) by bisection.
    let lo = -1 / alpha + 1e-15,
      hi = 0;
    const g = (u: number): number => u - vIn - Math.log((1 + alpha * u) / (1 + alpha * vIn)) / alpha;
    for (let i = 0; i < 200; i++) {
      const mid = (lo + hi) / 2;
      if (g(mid) > 0) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  };

  it.each([false, true])(
    'Hunt–Crossley (adhesion %s): the achieved restitution is the exact one of its implicit relation, whichever adhesion',
    async (adhesion) => {
      const mod = await loadGenerated(derived(ball({ stiffness: 'k', damping: 'c', exponent: '3/2', dampingModel: 'hunt-crossley', adhesion })));
      // A target restitution 0.8 at v = 1.5: α from the relation with v_out = −0.8·1.5.
      const alpha = targetAlpha(0.8, 1.5);
      const p = { ...P, c: alpha * P.k };
      const run = simulate(mod, { q0: [0, 0.1], qd0: [0.4, -1.5], t1: 0.5, params: p, rtol: 1e-10, atol: 1e-12 });
      const { vIn, vOut } = bounce(run);
      expectClose(-vOut / vIn, 0.8, 1e-7);
      expectClose(vOut, -huntCrossley(alpha, 1.5), 1e-7);
    },
  );

  it('linear damping: with adhesion the force pulls at the end; without it the bounce ends where the force vanishes — each against a direct integration of m δ̈ = −kδ^{3/2} − cδ̇', async () => {
    const achieved = new Map<boolean, number>();
    for (const adhesion of [true, false]) {
      const mod = await loadGenerated(derived(ball({ stiffness: 'k', damping: 'c', exponent: '3/2', adhesion })));
      const run = simulate(mod, { q0: [0, 0.1], qd0: [0.4, -1.5], t1: 0.5, params: P, rtol: 1e-10, atol: 1e-12 });
      const { vIn, vOut } = bounce(run);
      const e = -vOut / vIn;
      // Independent: the penetration δ with δ(0) = 0, δ̇(0) = 1.5, until δ = 0 (adhesion) or the force kδ^{3/2} + cδ̇ = 0.
      let exit = NaN;
      const stop = (d: number, dd: number): number => (adhesion ? d : P.k * Math.max(d, 0) ** 1.5 + P.c * dd);
      integrate(
        (_t, y, out) => {
          out[0] = y[1]!;
          out[1] = -(P.k * Math.max(y[0]!, 0) ** 1.5 + P.c * y[1]!) / P.m;
        },
        0,
        [0, 1.5],
        1,
        {
          rtol: 1e-12,
          atol: 1e-14,
          onStep: (step) => {
            if (step.t > 1e-6 && stop(step.y[0]!, step.y[1]!) <= 0 && step.y[1]! < 0) {
              // Bisect the crossing on the dense output.
              let lo = step.tPrev,
                hi = step.t;
              const y = new Float64Array(2);
              for (let i = 0; i < 100; i++) {
                const mid = (lo + hi) / 2;
                step.eval(mid, y);
                if (stop(y[0]!, y[1]!) > 0) lo = mid;
                else hi = mid;
              }
              exit = -step.eval(hi, y)[1]! / 1.5;
              return 'stop';
            }
          },
        },
      );
      expectClose(e, exit, 1e-7);
      achieved.set(adhesion, e);
    }
    // The pull at the end of an adhesive bounce takes velocity away.
    expect(achieved.get(true)!).toBeLessThan(achieved.get(false)!);
  });
});

/** α = c/k of Hunt–Crossley for restitution e at speed v: from v_out − v_in = ln((1 + αv_out)/(1 + αv_in))/α, δ̇ signs as in the test. */
function targetAlpha(e: number, v: number): number {
  let lo = 1e-9,
    hi = 1 / (e * v) - 1e-12;
  const g = (a: number): number => -e * v - v - Math.log((1 - a * e * v) / (1 + a * v)) / a;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (g(mid) < 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

describe('elastic bounce and energy', () => {
  it('stiffness alone (Hertz): T + V + V_c is conserved through the bounce and e = 1', async () => {
    const mod = await loadGenerated(derived(ball({ stiffness: 'k', exponent: '3/2' })));
    const run = simulate(mod, { q0: [0, 0.1], qd0: [0.4, -1.5], t1: 0.5, params: { ...P, grav: 9.81 }, rtol: 1e-10, atol: 1e-12, samples: 201 });
    const E0 = run.energy![0]!;
    for (const E of run.energy!) expectClose(E, E0, 1e-7);
    const [a, b] = run.events;
    expect([a!.type, b!.type]).toEqual(['contact', 'release']);
    expectClose(-b!.qd[1]! / a!.qd[1]!, 1, 1e-7);
    expect(mod.model.conservative).toBe(true);
  });
});

describe('Hertz contact on a slope', () => {
  // A point bouncing down the slope y = x tan b (Hertz, undamped). The gap
  // −x sin b + y cos b and the penetration computed in another order round
  // to ±1e-17 where the point meets the surface, and δ^{3/2}, δ^{1/2} of a
  // −1e-17 were NaN; 9 of these 20 runs stopped on a non-finite state.
  const slope: ModelSpec = {
    name: 'hertz-slope',
    coordinates: ['x', 'y'],
    parameters: { g: 9.81, k: 1e4, b: 0.3 },
    kinetic: "(x'^2 + y'^2)/2",
    potential: 'g*y',
    unilateral: [{ name: 'slope', constraint: '-x*sin(b) + y*cos(b) >= 0', law: { compliant: { stiffness: 'k', exponent: '3/2' } } }],
    initial: { q: { y: 0.1 }, t1: 1 },
  };

  it('every run stays finite, bounces, and conserves T + V + V_c along the whole trajectory', async () => {
    const mod = await loadGenerated(derived(slope));
    for (const b of [0.3, 0.5])
      for (let i = 0; i < 10; i++) {
        const x0 = 0.1 * i;
        const run = simulate(mod, { q0: [x0, x0 * Math.tan(b) + 0.05 + 0.01 * i], qd0: [0.5, 0], t1: 1, params: { g: 9.81, k: 1e4, b } });
        expect(run.t[run.t.length - 1]).toBe(1);
        expect(run.events.filter((e) => e.type === 'contact').length).toBeGreaterThanOrEqual(2);
        const E0 = run.energy![0]!;
        for (const E of run.energy!) expectClose(E, E0, 1e-5);
      }
  });
});

describe('a gap potential', () => {
  it('V + e^{−Nf} (Kozlov, after Theorem 2): a smooth bounce with no switching events, T + V + e^{−Nf} conserved, the velocity reversed', async () => {
    const mod = await loadGenerated(
      derived({ ...ball({}), unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { potential: 'exp(-k*f/100)' } }] } as ModelSpec),
    );
    const run = simulate(mod, { q0: [0, 0.1], qd0: [0.4, -1.5], t1: 0.5, params: P, rtol: 1e-10, atol: 1e-12, samples: 101 });
    expect(run.events).toEqual([]);
    for (const E of run.energy!) expectClose(E, run.energy![0]!, 1e-7);
    // Far from the floor again: ẏ² = 2(E − e^{−100y})/m − ẋ² ≈ 1.5² + e^{−10} (the potential at the start).
    const y = run.q.at(-1)![1]!;
    expectClose(run.qd.at(-1)![1]!, Math.sqrt((2 * (run.energy![0]! - Math.exp(-100 * y))) / P.m - 0.16), 1e-7);
  });
});

describe('the contact state follows the direction of each located crossing', () => {
  // A hand-written module: y = −1 + t inside the floor f = y (no force on the motion, ÿ = 0), with a
  // normal force that falls to 0 at t = 0.5 and stays exactly 0 (a force that fades out, rounded): the
  // crossing is located where F_n = 0, not F_n < 0, so re-testing "F_n ≥ 0" there would keep the
  // contact until f reaches 0 at t = 1.
  const fading = {
    model: {
      name: 'fading-force',
      title: 'fading force',
      coordinates: ['y'],
      parameters: [],
      constraintCount: 0,
      unilateral: [],
      conservative: true,
      initial: { q0: [-1], qd0: [1], t1: 1.5 },
      compliant: [{ name: 'floor', kind: 'compliant', adhesion: false }],
    },
    rhs: (_t: number, x: Float64Array, _p: unknown, out: Float64Array) => {
      out[0] = x[1]!;
      out[1] = 0;
      return out;
    },
    compliantContacts: (t: number, q: ArrayLike<number>, qd: ArrayLike<number>, _p: unknown, out = new Float64Array(3)) => {
      out[0] = q[0]!;
      out[1] = qd[0]!;
      out[2] = Math.max(0.5 - t, 0);
      return out;
    },
  } as unknown as LoadedModule;

  it('without adhesion, released where F_n falls to exactly 0 (t = 0.5), inside the floor; leaving it at t = 1 is no event', () => {
    const run = simulate(fading, { q0: [-1], qd0: [1], t1: 1.5 });
    expect(run.events.map((e) => e.type)).toEqual(['contact', 'release']);
    expect(run.events[0]!.t).toBe(0);
    expect(Math.abs(run.events[1]!.t - 0.5)).toBeLessThan(1e-12);
    expect(run.events[1]!.q[0]).toBeCloseTo(-0.5, 12);
  });
});

describe('one call for rigid and compliant versions', () => {
  it('simulate runs the rigid kozlov-release event-driven and its elastic realization with the stiff driver', async () => {
    const rigid = await loadGenerated(derived(rigidSpec));
    const elastic = await loadGenerated(derived(elasticSpec));
    const opts = { q0: [-1, 0], qd0: [1, 0], t1: 2.5, params: { g: 1 } };
    const a = simulate(rigid, opts);
    const b = simulate(elastic, { ...opts, params: { g: 1, N: 1e4 } });
    expect(a.events.map((e) => e.type)).toEqual(['contact', 'release']);
    expect(b.events[0]!.type).toBe('contact');
    expect(b.events[b.events.length - 1]!.type).toBe('release');
    // The elastic motion stays within the strip −2g/N ≤ y ≤ 0 while pressed, and ends near the rigid one.
    b.t.forEach((t, k) => {
      if (t < 1) expect(b.q[k]![1]!).toBeGreaterThanOrEqual(-2e-4 - 1e-12);
    });
    expect(Math.abs(b.q[b.q.length - 1]![1]! - a.q[a.q.length - 1]![1]!)).toBeLessThan(0.02);
  });

  it('a model with rigid and compliant contacts goes to the hybrid driver, which integrates the compliant force through rhs: a puck sliding on a rigid floor rebounds from a spring wall with its speed', async () => {
    const spec: ModelSpec = {
      name: 'puck-wall',
      coordinates: ['x', 'y'],
      parameters: { m: 1, g: 9.81, k: 1e4 },
      kinetic: "m*(x'^2 + y'^2)/2",
      potential: 'm*g*y',
      unilateral: [
        { name: 'floor', constraint: 'y >= 0', law: { plastic: true } },
        { name: 'wall', constraint: '1 - x >= 0', law: { compliant: { stiffness: 'k' } } },
      ],
      initial: { qd: { x: 2 }, t1: 1 },
    };
    const mod = await loadGenerated(derived(spec));
    expect(mod.model.unilateral.map((u) => u.name)).toEqual(['floor']);
    const run = simulate(mod, { q0: [0, 0], qd0: [2, 0], t1: 1, params: { m: 1, g: 9.81, k: 1e4 }, rtol: 1e-10, atol: 1e-12 });
    expect(run.events.map((e) => e.type)).toEqual(['contact']);
    expectClose(run.qd.at(-1)![0]!, -2, 1e-6);
    expect(Math.abs(run.q.at(-1)![1]!)).toBeLessThan(1e-12);
  });

  it('simulateHamilton refuses a model with a compliant contact, whose force switches at f = 0, naming it', async () => {
    const elastic = await loadGenerated(derived(elasticSpec));
    const err = thrown(() => simulateHamilton(elastic, { q0: [-1, 0], pm0: [1, 0], t1: 1 }), SimulationError);
    expect(err.code).toBe('unilateral-unsupported');
    expect(err.message).toContain('line');
  });
});

describe('a large angle is integrated reduced (model.periodic) between the restarts of the stiff integrator', () => {
  // A pendulum whose bob strikes the damped spring wall l sin θ ≤ d: θ enters through sin θ, cos θ only. At θ = 10⁴
  // the error scale atol + rtol·|θ| lets θ err by 1e-4 rad; reduced at the start and after each crossing, with its
  // turns added back on output, the run is the one from the reduced angle.
  const TWO_PI = 2 * Math.PI;
  const params = { m: 1, l: 1, g: 9.81, d: 0.5, k: 1e4, c: 20 };
  const pendulum: ModelSpec = {
    name: 'pendulum-soft-wall',
    coordinates: ['th'],
    parameters: params,
    kinetic: "m*l^2*th'^2/2",
    potential: '-m*g*l*cos(th)',
    unilateral: [{ name: 'wall', constraint: 'd - l*sin(th) >= 0', law: { compliant: { stiffness: 'k', damping: 'c' } } }],
    initial: { qd: { th: 4 }, t1: 4 },
  };
  const mod = loadGenerated(derived(pendulum));
  const runFrom = async (theta: number) => simulate(await mod, { q0: [theta], qd0: [4], t1: 4, samples: 401, params });

  it('from θ = 10⁴: θ less its 1592 turns, θ̇, the energy and the events are those from the reduced angle', async () => {
    expect((await mod).model.periodic).toEqual([true]);
    const [base, big] = await Promise.all([runFrom(10_000 - 1592 * TWO_PI), runFrom(10_000)]);
    expect(base.events.length).toBeGreaterThanOrEqual(4);
    expect(big.events.map((e) => e.type)).toEqual(base.events.map((e) => e.type));
    base.events.forEach((e, i) => {
      expect(Math.abs(big.events[i]!.t - e.t)).toBeLessThan(1e-9);
      expect(Math.abs(big.events[i]!.q[0]! - 1592 * TWO_PI - e.q[0]!)).toBeLessThan(1e-9);
    });
    let worst = 0;
    for (let k = 0; k < base.t.length; k++) {
      worst = Math.max(
        worst,
        Math.abs(big.q[k]![0]! - 1592 * TWO_PI - base.q[k]![0]!),
        Math.abs(big.qd[k]![0]! - base.qd[k]![0]!),
        Math.abs(big.energy![k]! - base.energy![k]!),
      );
    }
    expect(worst).toBeLessThan(1e-9);
    // The damped wall takes energy at each strike: the runs are not trivially at rest.
    expect(base.energy!.at(-1)!).toBeLessThan(base.energy![0]! - 0.1);
  });
});
