import { describe, expect, it } from 'vitest';
import type { LoadedModule } from '../../../src/runtime/contract.js';
import { SimulationError } from '../../../src/runtime/errors.js';
import { simulateMoreauJean } from '../../../src/runtime/hybrid/moreau-jean.js';
import { simulate } from '../../../src/runtime/hybrid/simulate.js';
import { bouncingBall } from '../../fixtures/bouncing-ball.js';
import { particleInCorner } from '../../fixtures/particle-in-corner.js';
import { roughBlock, roughDisk, stickingDisk } from '../../fixtures/rough-disk.js';
import { committedModule } from '../../helpers/examples.js';
import { thrown as thrownAs } from '../../helpers/thrown.js';

const thrown = (fn: () => unknown): SimulationError => thrownAs(fn, SimulationError);

describe('Moreau–Jean bouncing ball against the closed form and the event-driven run', () => {
  const g = 9.81,
    e = 0.5,
    hDrop = 1;
  const t1 = Math.sqrt((2 * hDrop) / g);
  const accumulation = (t1 * (1 + e)) / (1 - e);
  const exactImpacts = [t1, t1 * (1 + 2 * e), t1 * (1 + 2 * e + 2 * e * e)];
  const eventDriven = simulate(bouncingBall, { q0: [hDrop], qd0: [0], t1: 2, samples: 201, rtol: 1e-10, atol: 1e-12 });

  for (const h of [1e-2, 1e-3]) {
    const mj = simulateMoreauJean(bouncingBall, { q0: [hDrop], qd0: [0], t1: 2, h, samples: 201 });

    it(`finds the first impacts within 3h (h = ${h})`, () => {
      // The velocity-level law bounces from where the step lands, up to h·v off the floor: an O(h) phase shift per impact.
      const impacts = mj.events.filter((ev) => ev.type === 'impact');
      exactImpacts.forEach((t, k) => expect(Math.abs(impacts[k].t - t)).toBeLessThanOrEqual(3 * h));
    });

    it(`comes to rest at t₁(1 + e)/(1 − e) to O(h), like the event-driven run (h = ${h})`, () => {
      const rest = mj.events.filter((ev) => ev.type === 'rest');
      expect(rest).toHaveLength(1);
      expect(rest[0].contacts).toEqual([0]);
      const edRest = eventDriven.events.at(-1)!;
      expect(Math.abs(rest[0].t - accumulation)).toBeLessThan(15 * h);
      expect(Math.abs(rest[0].t - edRest.t)).toBeLessThan(15 * h);
      // Resting position: penetration O(g h²) from the last step's impulse; velocity exactly zero.
      expect(Math.abs(mj.q.at(-1)![0] - eventDriven.q.at(-1)![0])).toBeLessThan(g * h * h);
      expect(Math.abs(mj.qd.at(-1)![0])).toBeLessThan(1e-12);
    });

    it(`stays within O(h) of the event-driven heights on the output grid (h = ${h})`, () => {
      // Impact times are shifted by a few h at the largest speed g·t₁.
      const worst = Math.max(...mj.q.map((q, i) => Math.abs(q[0] - eventDriven.q[i][0])));
      expect(worst).toBeLessThan(3 * g * t1 * h);
    });

    it(`conserves energy in free flight and never exceeds the initial energy (h = ${h})`, () => {
      // θ = 1/2 integrates uniform gravity exactly. After an impact the energy
      // need not decrease step by step: with e > 0 a contact still in the index
      // set while separating receives work (Acary, "Energy conservation and
      // dissipation properties of time-integration methods for nonsmooth
      // elastodynamics with contact", ZAMM 2016),
      // but never above what the drop started with.
      const E0 = mj.energy![0];
      mj.t.forEach((t, i) => {
        if (t < t1 - 2 * h) expect(Math.abs(mj.energy![i] - E0)).toBeLessThan(1e-12);
        expect(mj.energy![i]).toBeLessThanOrEqual(E0 + 1e-12);
      });
    });
  }

  it("reports each event with the state at the end of its step; an impact with v_k, v_{k+1} = −e v_k and the step's impulse", () => {
    const h = 1e-3,
      m = 0.5;
    const mj = simulateMoreauJean(bouncingBall, { q0: [hDrop], qd0: [0], t1: 2, h, samples: 11 });
    const impacts = mj.events.filter((ev) => ev.type === 'impact');
    expect(impacts.length).toBeGreaterThan(3);
    // Before the first impact the flight is exact (θ = ½ on a constant force): v_k = −g t_k.
    const first = impacts[0];
    expect(Math.abs(first.qd[0] + g * (first.t - h))).toBeLessThan(1e-12);
    for (const ev of impacts) {
      // Newton's law at velocity level, and M(v_{k+1} − v_k) = h F + P with F = −m g.
      expect(Math.abs(ev.qdPlus![0] + e * ev.qd[0])).toBeLessThan(1e-12);
      expect(Math.abs(ev.impulses![0] - m * (ev.qdPlus![0] - ev.qd[0]) - m * g * h)).toBeLessThan(1e-12);
      // q_{k+1} = q_k + h(v_k + v_{k+1})/2 from a q_k within h|v_k|/2 of the floor (the predictive index set).
      expect(Math.abs(ev.q[0])).toBeLessThan(h * Math.abs(ev.qd[0]));
    }
    const rest = mj.events.find((ev) => ev.type === 'rest')!;
    // The rest dates from the first step of its run of impulsive steps, the
    // step that reported the last impact: same time, same state after it.
    const start = mj.events.filter((ev) => ev.type === 'impact' && ev.t === rest.t);
    expect(start).toHaveLength(1);
    expect(rest.q).toEqual(start[0].q);
    expect(rest.qd).toEqual(start[0].qdPlus);
    // That step may still bounce by −e v_k from an arrival below the speed g h of one step of falling.
    expect(Math.abs(rest.qd[0])).toBeLessThan(e * g * h);
    expect(Math.abs(rest.q[0])).toBeLessThan(g * h * h);
    expect(rest.qdPlus).toBeUndefined();
  });

  it('keeps the ball on the floor after the first impact with e = 0 given per contact', () => {
    const mj = simulateMoreauJean(bouncingBall, { q0: [hDrop], qd0: [0], t1: 1, h: 1e-3, restitution: [0] });
    expect(mj.events.map((ev) => ev.type)).toEqual(['impact', 'rest']);
    expect(Math.abs(mj.events[0].t - t1)).toBeLessThan(2e-3);
  });
});

describe('Moreau–Jean particle in a corner (two contacts)', () => {
  const a = 1,
    eWall = 0.5;
  const tw = Math.sqrt(2 / a);
  const h = 1e-3;
  const mj = simulateMoreauJean(particleInCorner, { q0: [1, 0], qd0: [0, 0], t1: 5, h, samples: 51 });

  it('holds the floor from the start and never releases it', () => {
    expect(mj.events.filter((ev) => ev.type === 'rest' && ev.contacts.includes(0))).toHaveLength(1);
    expect(mj.events.some((ev) => ev.type === 'release')).toBe(false);
    for (const q of mj.q) expect(Math.abs(q[1])).toBeLessThan(1e-12);
  });

  it('comes to rest against the wall at t_w(1 + e)/(1 − e) to O(h)', () => {
    const wallRest = mj.events.filter((ev) => ev.type === 'rest' && ev.contacts.includes(1));
    expect(wallRest).toHaveLength(1);
    expect(Math.abs(wallRest[0].t - (tw * (1 + eWall)) / (1 - eWall))).toBeLessThan(15 * h);
    expect(Math.abs(mj.q.at(-1)![0])).toBeLessThan(a * h * h);
    for (const v of mj.qd.at(-1)!) expect(Math.abs(v)).toBeLessThan(1e-12);
  });
});

describe('Moreau–Jean input checks', () => {
  it('reports a bad step, θ and restitution length together', () => {
    const err = thrown(() => simulateMoreauJean(bouncingBall, { q0: [1], qd0: [0], t1: 1, h: 0, theta: 2, restitution: [0.5, 0.5] }));
    expect(err.problems.map((p) => (p as SimulationError).where.field).sort()).toEqual(['h', 'restitution', 'theta']);
  });

  it("refuses a 'stick' contact law without explicit restitution", () => {
    const stick: LoadedModule = { ...bouncingBall, model: { ...bouncingBall.model, unilateral: [{ name: 'floor', law: { kind: 'stick' } }] } };
    expect(thrown(() => simulateMoreauJean(stick, { q0: [1], qd0: [0], t1: 1, h: 1e-2 })).code).toBe('unsupported-impact-law');
  });
});

describe('Moreau–Jean with Coulomb friction: a block and a disk on a rough incline (hand fixture)', () => {
  // x along the slope (uphill positive), gravity (−g sin α, −g cos α); the
  // contact rests from the start (y = r, at rest). θ = ½ integrates a
  // constant force exactly, so the closed forms hold to rounding.
  const g = 9.81,
    r = 0.5,
    h = 1e-3,
    t1 = 1;
  const run = (mod: LoadedModule, params: Record<string, number>, qd0: number[]) =>
    simulateMoreauJean(mod, { q0: [0, r, 0].slice(0, qd0.length), qd0, t1, h, params, samples: 11 });

  it('slides at g(sin α − μ cos α) when tan α > μ, with the contact held (y = r, ẏ = 0) and every residual ≤ 1e-12', () => {
    const alpha = 0.5,
      mu = 0.3;
    const mj = run(roughBlock, { alpha, mu }, [0, 0]);
    const a = -g * (Math.sin(alpha) - mu * Math.cos(alpha));
    mj.t.forEach((t, i) => {
      expect(Math.abs(mj.q[i]![0]! - 0.5 * a * t * t)).toBeLessThan(1e-12);
      expect(Math.abs(mj.qd[i]![0]! - a * t)).toBeLessThan(1e-12);
      expect(mj.q[i]![1]).toBe(r);
      expect(mj.qd[i]![1]).toBe(0);
    });
    expect(mj.stats.lcp!.solves).toBeGreaterThanOrEqual(1000);
    expect(mj.stats.lcp!.worstResidual).toBeLessThanOrEqual(1e-12);
  });

  it('stays at rest when tan α < μ (static friction holds m g sin α)', () => {
    const mj = run(roughBlock, { alpha: 0.25, mu: 0.3 }, [0, 0]);
    for (const q of mj.q) expect(Math.abs(q[0]!)).toBeLessThan(1e-15);
    expect(mj.events.map((e) => e.type)).toEqual(['contact', 'rest']);
  });

  it('between μ_k and μ_s: held at rest by μ_s, but once sliding it keeps accelerating at g(sin α − μ_k cos α)', () => {
    const alpha = 0.3,
      params = { alpha, mu: 0.2, mus: 0.4 };
    expect(Math.tan(alpha)).toBeGreaterThan(0.2);
    expect(Math.tan(alpha)).toBeLessThan(0.4);
    const held = run(roughBlock, params, [0, 0]);
    for (const q of held.q) expect(Math.abs(q[0]!)).toBeLessThan(1e-15);
    const pushed = run(roughBlock, params, [-1, 0]);
    const a = -g * (Math.sin(alpha) - 0.2 * Math.cos(alpha));
    pushed.t.forEach((t, i) => expect(Math.abs(pushed.qd[i]![0]! - (-1 + a * t))).toBeLessThan(1e-12));
  });

  it('decelerates a pushed block at g(μ_k cos α − sin α) to rest at v₀/that and holds it there (tan α < μ_k)', () => {
    const alpha = 0.1,
      mu = 0.5,
      v0 = -2;
    const decel = g * (mu * Math.cos(alpha) - Math.sin(alpha));
    const stop = -v0 / decel;
    const mj = run(roughBlock, { alpha, mu }, [v0, 0]);
    mj.t.forEach((t, i) => {
      const expected = t < stop ? v0 * t + 0.5 * decel * t * t : v0 * stop + 0.5 * decel * stop * stop;
      // The stop falls inside a step: the position there is off by at most |v| h over that step.
      expect(Math.abs(mj.q[i]![0]! - expected)).toBeLessThan(t < stop - h ? 1e-12 : decel * h * h);
      if (t > stop + h) expect(mj.qd[i]![0]).toBe(0);
    });
  });

  it('rolls a disk when tan α ≤ 3μ (ẍ = −(2/3) g sin α, ṡ = 0) and slides it when tan α > 3μ (r φ̈ = μ g cos α / k)', () => {
    const k = 0.5,
      mu = 0.2;
    const rolling = run(roughDisk, { alpha: 0.5, mu }, [0, 0, 0]);
    expect(Math.tan(0.5)).toBeLessThan(3 * mu);
    rolling.t.forEach((t, i) => {
      expect(Math.abs(rolling.qd[i]![0]! + (2 / 3) * g * Math.sin(0.5) * t)).toBeLessThan(1e-12);
      expect(Math.abs(rolling.qd[i]![0]! + r * rolling.qd[i]![2]!)).toBeLessThan(1e-12);
    });
    const alpha = 0.7;
    expect(Math.tan(alpha)).toBeGreaterThan(3 * mu);
    const sliding = run(roughDisk, { alpha, mu }, [0, 0, 0]);
    sliding.t.forEach((t, i) => {
      expect(Math.abs(sliding.qd[i]![0]! + g * (Math.sin(alpha) - mu * Math.cos(alpha)) * t)).toBeLessThan(1e-12);
      expect(Math.abs(r * sliding.qd[i]![2]! - ((mu * g * Math.cos(alpha)) / k) * t)).toBeLessThan(1e-12);
    });
  });

  it("rolls a disk with the 'stick' law at any slope: ẍ = −g sin α/(1 + k)", () => {
    const alpha = 1.2;
    const mj = run(stickingDisk, { alpha }, [0, 0, 0]);
    mj.t.forEach((t, i) => expect(Math.abs(mj.qd[i]![0]! + ((g * Math.sin(alpha)) / 1.5) * t)).toBeLessThan(1e-12));
  });

  it('reports a landing with its tangential impulse and the contact modes after it (frictionPhase codes)', () => {
    // Dropped from y = r + 0.05 while sliding uphill (ṡ > 0): it lands sliding (mode +1) at μ = 0.1 and sticks (2) at μ = 5 (sticking needs |Λ_T| = 3m = 6 ≤ μΛ_N, Λ_N ≈ m√(2g·0.05) = 1.98).
    for (const [mu, mode] of [
      [0.1, 1],
      [5, 2],
    ] as const) {
      const mj = simulateMoreauJean(roughBlock, { q0: [0, r + 0.05], qd0: [3, 0], t1: 0.3, h, params: { alpha: 0, mu, e: 0 } });
      const landing = mj.events.find((e) => e.type === 'impact')!;
      expect(landing.modes).toEqual([mode]);
      expect(landing.tangentImpulses).toHaveLength(1);
      expect(landing.tangentImpulses![0]).toBeLessThan(0);
      if (mode === 1) expect(landing.tangentImpulses![0]).toBeCloseTo(-mu * landing.impulses![0]!, 14);
    }
  });
});

describe('Moreau–Jean named failures with friction', () => {
  it('stops the hinged compass where its legs cross with a foot stuck (t ≈ 0.73, past its declared t1 = 0.7): contact-inconsistent with the state', async () => {
    const hinged = (await import('../../../generated/hinged-compass.js')) as unknown as LoadedModule;
    const { q0, qd0 } = hinged.model.initial;
    const err = thrown(() => simulateMoreauJean(hinged, { q0, qd0, t1: 1, h: 1e-3 }));
    expect(err.code).toBe('contact-inconsistent');
    expect(err.t!).toBeGreaterThan(0.7);
    expect(err.t!).toBeLessThan(0.76);
    expect(err.state!.q).toHaveLength(4);
    expect(err.message).toContain('foot1, foot2');
  });
});

describe('Moreau–Jean step budget', () => {
  it('refuses (t1 − t0)/h above maxSteps (default 1e7) before the first step, on field maxSteps', () => {
    const tiny = thrown(() => simulateMoreauJean(bouncingBall, { q0: [1], qd0: [0], t1: 10, h: 1e-12 }));
    expect(tiny.code).toBe('max-steps');
    expect(tiny.where.field).toBe('maxSteps');
    expect(tiny.detail).toBe('h = 1e-12 over t1 − t0 = 10 takes 1.00e+13 steps, more than maxSteps = 10000000; take a larger h or raise maxSteps');
    expect(thrown(() => simulateMoreauJean(bouncingBall, { q0: [1], qd0: [0], t1: 1, h: 0.01, maxSteps: 99 })).code).toBe('max-steps');
    expect(thrown(() => simulateMoreauJean(bouncingBall, { q0: [1], qd0: [0], t1: 1, h: 0.01, maxSteps: 0.5 })).code).toBe('invalid-option');
    expect(simulateMoreauJean(bouncingBall, { q0: [1], qd0: [0], t1: 1, h: 0.01, maxSteps: 100 }).stats.steps).toBe(100);
  });
});

describe('samples between step points', () => {
  it('never carry more energy than the run started with: the bouncing ball and the block on the incline, on a grid coarser than h', async () => {
    const ball = (await import('../../../generated/bouncing-ball.js')) as unknown as LoadedModule;
    const block = (await import('../../../generated/block-on-incline.js')) as unknown as LoadedModule;
    for (const [mod, qd0] of [
      [ball, [0]],
      [block, [1, -2]],
    ] as const) {
      const { q0 } = mod.model.initial;
      for (const h of [1e-3, 1e-2]) {
        const run = simulateMoreauJean(mod, { q0, qd0, t1: 3, h, samples: 200 });
        const e0 = run.energy![0]!;
        for (const e of run.energy!) expect(e, `${mod.model.name}, h = ${h}`).toBeLessThanOrEqual(e0 * (1 + 1e-12) + 1e-12);
      }
    }
  });
});

describe('a large angle is stepped reduced (model.periodic: the rod enters the equations through sin θ, cos θ only)', () => {
  // Stepped from θ = 10⁴, q_k + h(…) rounds θ to 1.8e-12 each step and the index set's tolerance 8ε·max|q| is
  // 1.8e-11: over 1.5·10⁴ steps the energy drifted 1.3e-8 from the run from the reduced angle.
  // Reduced to (−π, π] after every step, with its turns added back on output, the run is that from the reduced angle.
  it('falling on its end with friction from θ = 10⁴: x, y, θ less 1592 turns, the gap, the energy and the events as from the reduced angle', async () => {
    const TWO_PI = 2 * Math.PI;
    const turns = 1592,
      reduced = 10_000 - turns * TWO_PI;
    const rod = (await committedModule('falling-rod'))!;
    const run = (theta: number) => simulateMoreauJean(rod, { q0: [0, 1, theta], qd0: [1, 0, 0], t1: 1.5, h: 1e-4, samples: 301 });
    const base = run(reduced),
      big = run(10_000);
    expect(base.events.filter((e) => e.type === 'impact').length).toBeGreaterThan(5);
    expect(big.events.map((e) => [e.type, e.t])).toEqual(base.events.map((e) => [e.type, e.t]));
    const gap = (k: number, q: readonly number[]) => rod.gaps!(base.t[k]!, q, {})[0]!;
    let worst = 0;
    for (let k = 0; k < base.t.length; k++) {
      const [xb, yb, tb] = base.q[k]!,
        [x, y, t] = big.q[k]!;
      worst = Math.max(worst, Math.abs(x - xb), Math.abs(y - yb), Math.abs(t - turns * TWO_PI - tb));
      worst = Math.max(worst, Math.abs(gap(k, big.q[k]!) - gap(k, base.q[k]!)), Math.abs(big.energy![k]! - base.energy![k]!));
    }
    expect(worst).toBeLessThan(1e-10);
    // Continuous on output: no jump of 2π where the angle is reduced.
    for (let k = 1; k < big.t.length; k++) expect(Math.abs(big.q[k]![2]! - big.q[k - 1]![2]!)).toBeLessThan(0.5);
  });
});
