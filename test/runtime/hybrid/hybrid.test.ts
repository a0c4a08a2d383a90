import { describe, expect, it } from 'vitest';
import { deriveSystem } from '../../../src/derive/system.js';
import { buildModel, type ModelSpec } from '../../../src/model/index.js';
import type { LoadedModule } from '../../../src/runtime/contract.js';
import { frictionalImpact } from '../../../src/runtime/contact/friction-impact.js';
import { rimlessWheel } from '../../../derivations/rimless-wheel.js';
import { committedModule } from '../../helpers/examples.js';
import { loadGenerated } from '../../helpers/generated-module.js';
import { SimulationError } from '../../../src/runtime/errors.js';
import { simulate } from '../../../src/runtime/hybrid/simulate.js';
import { bouncingBall } from '../../fixtures/bouncing-ball.js';
import { kozlovRelease } from '../../fixtures/kozlov-release.js';
import * as wheel from '../../../generated/rimless-wheel.js';
import { particleInCorner } from '../../fixtures/particle-in-corner.js';
import { particleOnDome } from '../../fixtures/particle-on-dome.js';
import { thrown as thrownAs } from '../../helpers/thrown.js';

const thrown = (fn: () => unknown): SimulationError => thrownAs(fn, SimulationError);

const tight = { rtol: 1e-10, atol: 1e-12 };

describe('event-driven bouncing ball (drop height h, restitution e)', () => {
  const g = 9.81,
    m = 0.5,
    e = 0.5,
    h = 1;
  const t1 = Math.sqrt((2 * h) / g);
  /** Time of impact k = 0, 1, …: t₁ (1 + 2e(1 − e^k)/(1 − e)). */
  const impactTime = (k: number): number => t1 * (1 + (2 * e * (1 - e ** k)) / (1 - e));
  const accumulation = (t1 * (1 + e)) / (1 - e);
  /** Closed-form height and velocity: parabolic arcs with speeds e^k g t₁ after impact k; at rest after the accumulation. */
  const exact = (t: number): [number, number] => {
    if (t < t1) return [h - (g * t * t) / 2, -g * t];
    if (t >= accumulation) return [0, 0];
    const k = Math.floor(Math.log(1 - ((t / t1 - 1) * (1 - e)) / (2 * e)) / Math.log(e));
    const s = t - impactTime(k);
    const v = e ** (k + 1) * g * t1;
    return [v * s - (g * s * s) / 2, v - g * s];
  };
  const run = simulate(bouncingBall, { q0: [h], qd0: [0], t1: 2, samples: 2001, ...tight });

  it('hits the floor at the geometric sequence of impact times to 1e-12 relative', () => {
    const impacts = run.events.filter((ev) => ev.type === 'impact');
    expect(impacts.length).toBeGreaterThan(15);
    impacts.forEach((ev, k) => {
      expect(ev.contacts).toEqual([0]);
      expect(Math.abs(ev.t - impactTime(k)) / impactTime(k)).toBeLessThan(1e-12);
    });
  });

  it('carries the state at every impact: q = 0, q̇⁻ = −eᵏ√(2gh), q̇⁺ = e^{k+1}√(2gh), impulse m(1 + e)eᵏ√(2gh)', () => {
    const v = Math.sqrt(2 * g * h);
    const impacts = run.events.filter((ev) => ev.type === 'impact');
    expect(Math.abs(impacts[0].q[0])).toBeLessThan(1e-12);
    expect(Math.abs(impacts[0].qd[0] + v) / v).toBeLessThan(1e-12);
    expect(Math.abs(impacts[0].qdPlus![0] - e * v) / v).toBeLessThan(1e-12);
    expect(Math.abs(impacts[0].impulses![0] - m * (1 + e) * v) / v).toBeLessThan(1e-12);
    // Later impacts: the same law on the speeds eᵏ v, each q̇⁻ the reversed q̇⁺ of the flight before it.
    impacts.slice(0, 10).forEach((ev, k) => {
      const vk = e ** k * v;
      expect(Math.abs(ev.q[0])).toBeLessThan(1e-12);
      expect(Math.abs(ev.qd[0] + vk)).toBeLessThan(1e-9);
      expect(ev.qdPlus![0]).toBe(-e * ev.qd[0]);
      expect(Math.abs(ev.impulses![0] - m * (ev.qdPlus![0] - ev.qd[0])) / vk).toBeLessThan(1e-14);
    });
  });

  it('carries the rest state on the floor, q = 0 and q̇ = 0', () => {
    const rest = run.events.at(-1)!;
    expect(rest.type).toBe('rest');
    expect(Math.abs(rest.q[0])).toBeLessThan(1e-15);
    expect(rest.qd[0]).toBe(0);
    expect(rest.qdPlus).toBeUndefined();
    expect(rest.impulses).toBeUndefined();
  });

  it('detects the accumulation of impacts at t₁(1 + e)/(1 − e) and passes to rest', () => {
    const last = run.events.at(-1)!;
    expect(last.type).toBe('rest');
    expect(last.contacts).toEqual([0]);
    expect(Math.abs(last.accumulation! - accumulation) / accumulation).toBeLessThan(1e-10);
    // The rest is recorded at the extrapolated accumulation point itself.
    expect(last.t).toBe(last.accumulation);
    expect(Math.abs(run.q.at(-1)![0])).toBeLessThan(1e-15);
    expect(run.qd.at(-1)![0]).toBe(0);
  });

  it('follows the closed-form parabolas between impacts', () => {
    run.t.forEach((t, i) => {
      const [y, v] = exact(t);
      expect(Math.abs(run.q[i][0] - y)).toBeLessThan(1e-9);
      // Near the accumulation point the velocity of the last, unresolved bounces is below 1e-4.
      expect(Math.abs(run.qd[i][0] - v)).toBeLessThan(t < accumulation - 1e-5 ? 1e-9 : 1e-4);
    });
  });

  it('loses the energy fraction 1 − e² at every impact (mgh e^{2k} in flight k)', () => {
    run.t.forEach((t, i) => {
      if (t >= impactTime(12)) return;
      const k = t < t1 ? 0 : Math.floor(Math.log(1 - ((t / t1 - 1) * (1 - e)) / (2 * e)) / Math.log(e)) + 1;
      expect(Math.abs(run.energy![i] - m * g * h * e ** (2 * k))).toBeLessThan(1e-9);
    });
  });

  it('stops at the first impact and stays on the floor when e = 0 (impact then contact)', () => {
    const r = simulate(bouncingBall, { q0: [h], qd0: [0], t1: 1, samples: 11, params: { e: 0 }, ...tight });
    expect(r.events.map((ev) => ev.type)).toEqual(['impact', 'contact']);
    for (const ev of r.events) expect(Math.abs(ev.t - t1) / t1).toBeLessThan(1e-12);
    expect(Math.abs(r.q.at(-1)![0])).toBeLessThan(1e-15);
    expect(r.qd.at(-1)![0]).toBe(0);
  });

  it('lands after 2v/g when thrown up from the floor (a guard at zero does not fire at the start)', () => {
    const r = simulate(bouncingBall, { q0: [0], qd0: [3], t1: 0.7, ...tight });
    expect(r.events[0].type).toBe('impact');
    expect(Math.abs(r.events[0].t - 6 / g) / (6 / g)).toBeLessThan(1e-12);
  });

  it('treats a ball resting exactly at, or within gapTol above, the floor as in contact from t0', () => {
    for (const y0 of [0, 5e-10]) {
      const r = simulate(bouncingBall, { q0: [y0], qd0: [0], t1: 1, samples: 3 });
      expect(r.events).toEqual([{ t: 0, type: 'contact', contacts: [0], q: [0], qd: [0] }]);
      expect(r.q.map((q) => q[0])).toEqual([0, 0, 0]);
    }
  });

  it('lets a ball start just above the gap tolerance fall: impact at √(2y₀/g)', () => {
    const y0 = 1e-6;
    const r = simulate(bouncingBall, { q0: [y0], qd0: [0], t1: 0.01, ...tight });
    const first = r.events[0];
    expect(first.type).toBe('impact');
    expect(Math.abs(first.t - Math.sqrt((2 * y0) / g)) / Math.sqrt((2 * y0) / g)).toBeLessThan(1e-12);
  });

  it('rejects a start below the floor', () => {
    const err = thrown(() => simulate(bouncingBall, { q0: [-1e-6], qd0: [0], t1: 1 }));
    expect(err).toMatchObject({ code: 'initial-penetration', kind: 'input', where: { model: 'bouncing-ball', field: 'q0' } });
  });
});

describe("Kozlov's release example (force (0, ∓g) for x ≶ 0, constraint y ≥ 0)", () => {
  const g = 9.81;
  const r = simulate(kozlovRelease, { q0: [-1, 0], qd0: [1, 0], t1: 2.5, samples: 251, ...tight });

  it('holds the point on the line from t = 0 and releases it at t = 1 to 1e-12', () => {
    expect(r.events.map((ev) => ev.type)).toEqual(['contact', 'release']);
    expect(r.events[0]).toEqual({ t: 0, type: 'contact', contacts: [0], q: [-1, 0], qd: [1, 0] });
    expect(r.events[1].contacts).toEqual([0]);
    expect(Math.abs(r.events[1].t - 1)).toBeLessThan(1e-12);
    // The release carries the state there: at the origin, still sliding at unit speed.
    const [x, y] = r.events[1].q,
      [xd, yd] = r.events[1].qd;
    expect(Math.abs(x)).toBeLessThan(1e-12);
    expect(y).toBe(0);
    expect(Math.abs(xd - 1)).toBeLessThan(1e-12);
    expect(yd).toBe(0);
  });

  it('slides with x = t − 1, y = 0, then leaves the line along y = g(t − 1)²/2', () => {
    r.t.forEach((t, i) => {
      expect(Math.abs(r.q[i][0] - (t - 1))).toBeLessThan(1e-12);
      const y = t <= 1 ? 0 : (g * (t - 1) ** 2) / 2;
      expect(Math.abs(r.q[i][1] - y)).toBeLessThan(1e-9);
      expect(Math.abs(r.qd[i][1] - (t <= 1 ? 0 : g * (t - 1)))).toBeLessThan(1e-9);
    });
  });
});

describe('particle in a corner (floor held, wall impacts accumulating)', () => {
  const a = 1,
    eWall = 0.5,
    d = 1;
  const tw = Math.sqrt((2 * d) / a);
  const r = simulate(particleInCorner, { q0: [d, 0], qd0: [0, 0], t1: 5, samples: 501, ...tight });

  it('keeps the floor held throughout while the wall impacts form a cascade', () => {
    expect(r.events[0]).toEqual({ t: 0, type: 'contact', contacts: [0], q: [d, 0], qd: [0, 0] });
    expect(r.events.some((ev) => ev.type === 'release')).toBe(false);
    const wall = r.events.filter((ev) => ev.type === 'impact');
    expect(wall.every((ev) => ev.contacts.length === 1 && ev.contacts[0] === 1)).toBe(true);
    // Wall impacts at t_w (1 + 2e(1 − e^k)/(1 − e)).
    wall.forEach((ev, k) => {
      const exact = tw * (1 + (2 * eWall * (1 - eWall ** k)) / (1 - eWall));
      expect(Math.abs(ev.t - exact) / exact).toBeLessThan(1e-12);
    });
    for (const s of r.q) expect(s[1]).toBe(0);
  });

  it('comes to rest in the corner at t_w (1 + e)/(1 − e) with both contacts held', () => {
    const rest = r.events.at(-1)!;
    expect(rest.type).toBe('rest');
    expect(rest.contacts).toEqual([1]);
    const exact = (tw * (1 + eWall)) / (1 - eWall);
    expect(Math.abs(rest.accumulation! - exact) / exact).toBeLessThan(1e-10);
    for (const v of [...r.q.at(-1)!, ...r.qd.at(-1)!]) expect(Math.abs(v)).toBeLessThan(1e-15);
  });
});

describe('event-driven simulation: failures are reported', () => {
  it('names the missing contact functions of an incomplete module', () => {
    const { impact: _impact, contactAccelerations: _ca, ...partial } = bouncingBall;
    const err = thrown(() => simulate(partial as LoadedModule, { q0: [1], qd0: [0], t1: 1 }));
    expect(err).toMatchObject({ code: 'incomplete-module', kind: 'input' });
    expect(err.message).toContain('contactAccelerations, impact');
  });

  it('stops with the impact map’s own status when it cannot choose a mode', () => {
    const ambiguous: LoadedModule = {
      ...bouncingBall,
      impact: (_t, _q, qd) => ({
        qdPlus: Float64Array.from(qd),
        impulses: new Float64Array(1),
        active: [false],
        status: 'several-admissible-modes',
        message: 'two modes',
      }),
    };
    const err = thrown(() => simulate(ambiguous, { q0: [1], qd0: [0], t1: 1 }));
    expect(err).toMatchObject({ code: 'impact-several-admissible-modes', kind: 'model', where: { field: 'impact' } });
    expect(Math.abs(err.t! - Math.sqrt(2 / 9.81))).toBeLessThan(1e-12);
  });

  it('refuses an impact map that leaves the ball approaching the floor', () => {
    const sticky: LoadedModule = {
      ...bouncingBall,
      impact: (_t, _q, qd) => ({ qdPlus: Float64Array.from(qd), impulses: new Float64Array(1), active: [true], status: 'ok' }),
    };
    expect(thrown(() => simulate(sticky, { q0: [1], qd0: [0], t1: 1 })).code).toBe('impact-loop');
  });
});

describe('particle sliding off a dome (smooth release on a curved constraint)', () => {
  const g = 9.81,
    R = 1,
    v0 = 0.5;
  const cosRelease = ((v0 * v0) / (g * R) + 2) / 3;
  const r = simulate(particleOnDome, { q0: [0, R], qd0: [v0, 0], t1: 1, samples: 201, rtol: 1e-11, atol: 1e-13 });
  const release = r.events.find((ev) => ev.type === 'release')!;

  it('leaves the dome where cos θ = (v0²/(gR) + 2)/3', () => {
    expect(r.events.map((ev) => ev.type)).toEqual(['contact', 'release']);
    const i = r.t.findIndex((t) => t > release.t);
    // Height at the first sample after release, against the free-flight continuation from the release point.
    const sinR = Math.sqrt(1 - cosRelease ** 2);
    const speed = Math.sqrt(v0 * v0 + 2 * g * R * (1 - cosRelease));
    const s = r.t[i] - release.t;
    const yExact = R * cosRelease - speed * sinR * s - (g * s * s) / 2;
    expect(Math.abs(r.q[i][1] - yExact)).toBeLessThan(1e-8);
    expect(Math.abs(r.q[i][0] - (R * sinR + speed * cosRelease * s))).toBeLessThan(1e-8);
  });

  it('conserves energy on the dome and in flight, and never re-enters it', () => {
    const E0 = 0.5 * v0 * v0 + g * R;
    for (const E of r.energy!) expect(Math.abs(E - E0) / E0).toBeLessThan(1e-9);
    r.q.forEach(([x, y]) => expect(x * x + y * y - R * R).toBeGreaterThan(-1e-9));
  });
});

describe('a point-mass rimless wheel: I* = 0 makes M = diag(2m, 2m, 0) singular alone, regular standing on a spoke', () => {
  const mod = wheel as unknown as LoadedModule;
  const params = { Istar: 0, gamma: 0.2 };
  const alpha = Math.PI / 6;

  it('rolls through the constrained system: every strike gives ψ̇⁺ = ψ̇⁻ cos 2α ((2.6) at I* = 0), and the hub keeps its distance l from the standing tip', () => {
    // Standing on spoke 0 at ψ = 0.2, tip at rest: y = cos ψ, (ẋ, ẏ) = (−cos ψ, −sin ψ) ψ̇.
    const psi = 0.2,
      w = -1;
    const run = simulate(mod, { q0: [0, Math.cos(psi), psi], qd0: [-Math.cos(psi) * w, -Math.sin(psi) * w, w], t1: 2, params, samples: 201, ...tight });
    const impacts = run.events.filter((e) => e.type === 'impact');
    expect(impacts.length).toBeGreaterThanOrEqual(2);
    for (const e of impacts) expect(e.qdPlus![2]! / e.qd[2]!).toBeCloseTo(Math.cos(2 * alpha), 9);
    // On spoke j (ψ_j = ψ + 2πj/6 in [−α, α]) the hub is at height cos ψ_j.
    run.q.forEach((q) => {
      const psiJ = ((((q[2]! + alpha) % (2 * alpha)) + 2 * alpha) % (2 * alpha)) - alpha;
      expect(q[1]).toBeCloseTo(Math.cos(psiJ), 7);
    });
  });

  it('free flight stays an error: singular-mass-matrix, M has no inertia about the hub', () => {
    const err = thrown(() => simulate(mod, { q0: [0, 1.5, 0], qd0: [0, 0, 0], t1: 1, params }));
    expect(err.code).toBe('singular-mass-matrix');
    expect(err.message).toMatch(/singular mass matrix/);
  });
});

describe('a point-mass rimless wheel with Coulomb spokes (μ = 2): the frictional impact with M singular alone', () => {
  const alpha = Math.PI / 6;
  const spoke = (j: number): string => (j === 0 ? 'psi' : `psi + ${2 * j}*pi/6`);
  const base = rimlessWheel(6);
  const spec: ModelSpec = {
    ...base,
    name: 'coulomb-rimless-wheel',
    parameters: { ...base.parameters, mu: 2 },
    unilateral: Array.from({ length: 6 }, (_, j) => ({
      name: `spoke${j}`,
      constraint: `y - l*cos(${spoke(j)}) >= 0`,
      law: { plastic: true as const, coulomb: 'mu' },
      slip: `x + l*sin(${spoke(j)})`,
    })),
  };

  it('strikes as Rubanovich–Formalsky (2.6), ψ̇⁺/ψ̇⁻ = (cos 2α + I*)/(1 + I*), at I* = 1e-3 (M regular) and I* = 0 (M + ρHᵀH and the fixed point on ΔU), the arriving spoke sticking; a run at I* = 0 strikes so every time', async () => {
    const mod = await loadGenerated(deriveSystem(buildModel(spec)));
    // Standing on spoke 0 at ψ = −α (tip at rest), spoke 1 arriving.
    const psi = -alpha,
      w = -1.5;
    const q = [0, Math.cos(psi), psi],
      qd = [-Math.cos(psi) * w, -Math.sin(psi) * w, w];
    for (const Istar of [1e-3, 0]) {
      const r = frictionalImpact(mod, { Istar, gamma: 0.2 }, 0, q, qd, [true, true, false, false, false, false]);
      expect(r.status).toBe('ok');
      expect(r.qdPlus[2]! / w).toBeCloseTo((Math.cos(2 * alpha) + Istar) / (1 + Istar), 12);
      expect(r.phases.slice(0, 2)).toEqual(['open', 'stick']);
      // The arriving tip stops dead: normal and slip velocities 0 after the plastic, sticking strike.
      expect(Math.abs(mod.gapRates!(0, q, r.qdPlus, { Istar })[1]!)).toBeLessThan(1e-12);
      expect(Math.abs(mod.slipRates!(0, q, r.qdPlus, { Istar })[1]!)).toBeLessThan(1e-12);
    }
    const psi0 = 0.2;
    const run = simulate(mod, { q0: [0, Math.cos(psi0), psi0], qd0: [Math.cos(psi0), Math.sin(psi0), -1], t1: 2, params: { Istar: 0, gamma: 0.2 }, ...tight });
    const strikes = run.events.filter((e) => e.type === 'impact');
    expect(strikes.length).toBeGreaterThanOrEqual(2);
    for (const e of strikes) expect(e.qdPlus![2]! / e.qd[2]!).toBeCloseTo(Math.cos(2 * alpha), 9);
  });
});

describe('a large angle is integrated reduced (model.periodic: the rod enters the equations through sin θ, cos θ only)', () => {
  // At θ = 10⁴ a double carries θ to 1.8e-12 and the error scale atol + rtol·|θ| let θ err by 1e-4 rad: the rod
  // cascaded impacts without coming to rest (thousands of events). Reduced to (−π, π] with its turns added back on
  // output, it runs as from the reduced angle.
  const TWO_PI = 2 * Math.PI;
  const reduced = 10_000 - 1592 * TWO_PI;
  const rod = committedModule('falling-rod').then((mod) => mod!);
  const runFrom = async (theta: number) => simulate(await rod, { q0: [0, 1, theta], qd0: [1, 0, 0], t1: 3, samples: 301, contact: { maxEvents: 200 } });

  it.each([
    [10_000, 1592],
    [10_000 + 3 * TWO_PI, 1595],
    [10_000 - 5 * TWO_PI, 1587],
  ])('from θ = %f: the trajectory (θ less %i turns) and its rest time are those from the reduced angle', async (theta, turns) => {
    const [base, big] = await Promise.all([runFrom(reduced), runFrom(theta)]);
    const rest = (run: typeof base) => run.events.find((e) => e.type === 'rest')!;
    expect(rest(base).accumulation).toBeGreaterThan(0);
    expect(big.events.map((e) => e.type)).toEqual(base.events.map((e) => e.type));
    expect(Math.abs(rest(big).accumulation! - rest(base).accumulation!)).toBeLessThan(1e-9);
    let worst = 0;
    for (let k = 0; k < base.t.length; k++) {
      const [xb, yb, tb] = base.q[k]!,
        [x, y, t] = big.q[k]!;
      worst = Math.max(worst, Math.abs(x - xb), Math.abs(y - yb), Math.abs(t - turns * TWO_PI - tb));
    }
    expect(worst).toBeLessThan(1e-9);
    // Continuous on output: no jump of 2π where the angle is reduced at an event.
    for (let k = 1; k < big.t.length; k++) expect(Math.abs(big.q[k]![2]! - big.q[k - 1]![2]!)).toBeLessThan(0.5);
  });
});
