// Stick–slip with Coulomb friction in the event-driven driver, against
// closed forms: a block on a rough incline (sliding, stopping, sticking or
// sliding back on both sides of tan α = μs), the belt oscillator (breakaway
// at the cone's edge, the stick–slip cycle, a slip that depends on t), the
// rough disk (frictional bounces, then rolling at the speed its angular
// momentum about the contact fixes), and a puck on a rough table (a spatial
// contact: straight stop, breakaway from rest).
import { describe, expect, it } from 'vitest';
import * as belt from '../../generated/belt-oscillator.js';
import * as block from '../../generated/block-on-incline.js';
import * as rod from '../../generated/falling-rod.js';
import * as disk from '../../generated/rough-disk.js';
import { defineModel } from '../../src/model/index.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { simulateMoreauJean } from '../../src/runtime/hybrid/moreau-jean.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import type { Trajectory } from '../../src/runtime/hybrid/trajectory.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';

const tight = { rtol: 1e-10, atol: 1e-12 };
const g = 9.81;

/** The events of a run as [type, contacts, modes], for comparing sequences. */
const sequence = (run: Trajectory): [string, number[], number[] | undefined][] => run.events.map((e) => [e.type, e.contacts, e.modes]);

/** x(t) sampled on the run's grid, against a closed form, worst absolute difference. */
function worstError(run: Trajectory, exact: (t: number) => number, from = -Infinity, to = Infinity, coordinate = 0): number {
  let worst = 0;
  run.t.forEach((t, k) => {
    if (t >= from && t <= to) worst = Math.max(worst, Math.abs(run.q[k]![coordinate]! - exact(t)));
  });
  return worst;
}

/** T + V never rises between consecutive samples by more than the integration error. */
function energyRise(run: Trajectory): number {
  const E = run.energy!;
  let rise = -Infinity;
  for (let k = 1; k < E.length; k++) rise = Math.max(rise, E[k]! - E[k - 1]!);
  return rise;
}

describe('block on a rough incline (μs = 0.6, μk = 0.4, x down the slope)', () => {
  const muk = 0.4,
    mus = 0.6;

  it('with tan α > μs slides from rest at ẍ = g(sin α − μk cos α), x(t) to 1e-8', () => {
    const alpha = 0.7;
    const run = simulate(block, { q0: [0, 0], qd0: [0, 0], t1: 3, params: { alpha }, samples: 301, ...tight });
    expect(sequence(run)).toEqual([
      ['contact', [0], [1]],
      ['slip', [0], [1]],
    ]);
    const a = g * (Math.sin(alpha) - muk * Math.cos(alpha));
    expect(worstError(run, (t) => (a * t * t) / 2)).toBeLessThan(1e-8);
    expect(worstError(run, () => 0, -Infinity, Infinity, 1)).toBeLessThan(1e-12);
    expect(energyRise(run)).toBeLessThan(0);
  });

  it('with tan α < μk, launched downhill at v, stops at t* = v/(g(μk cos α − sin α)) (within 1e-9) and stays', () => {
    const alpha = 0.3,
      v = 2;
    const a = g * (muk * Math.cos(alpha) - Math.sin(alpha));
    const tStop = v / a,
      xStop = (v * v) / (2 * a);
    const run = simulate(block, { q0: [0, 0], qd0: [v, 0], t1: 5, params: { alpha }, samples: 501, ...tight });
    expect(sequence(run)).toEqual([
      ['contact', [0], [1]],
      ['slip', [0], [1]],
      ['stick', [0], [2]],
    ]);
    const stop = run.events[2]!;
    expect(Math.abs(stop.t - tStop)).toBeLessThan(1e-9);
    expect(Math.abs(stop.q[0]! - xStop)).toBeLessThan(1e-9);
    expect(stop.qd).toEqual([0, 0]);
    expect(worstError(run, (t) => (t < tStop ? v * t - (a * t * t) / 2 : xStop))).toBeLessThan(1e-8);
    // Stuck: the block does not creep (q̇ = 0 exactly after the stop).
    run.t.forEach((t, k) => {
      if (t > tStop) expect(run.qd[k]).toEqual([0, 0]);
    });
    expect(energyRise(run)).toBeLessThanOrEqual(0);
  });

  // Uphill at v: friction and gravity both pull down the slope until the stop at
  // t* = v/(g(sin α + μk cos α)); then it sticks if tan α ≤ μs, else slides down.
  for (const [factor, sticks] of [
    [0.99, true],
    [1.01, false],
  ] as const) {
    it(`launched uphill at α = ${factor}·atan μs it stops at t* and then ${sticks ? 'sticks' : 'slides back down'}`, () => {
      const alpha = factor * Math.atan(mus),
        v = 2;
      const up = g * (Math.sin(alpha) + muk * Math.cos(alpha));
      const down = g * (Math.sin(alpha) - muk * Math.cos(alpha));
      const tStop = v / up,
        xStop = -(v * v) / (2 * up);
      const run = simulate(block, { q0: [0, 0], qd0: [-v, 0], t1: 2, params: { alpha }, samples: 201, ...tight });
      expect(sequence(run)).toEqual([['contact', [0], [-1]], ['slip', [0], [-1]], sticks ? ['stick', [0], [2]] : ['slip', [0], [1]]]);
      expect(Math.abs(run.events[2]!.t - tStop)).toBeLessThan(1e-9);
      const after = (t: number): number => (sticks ? xStop : xStop + (down * (t - tStop) ** 2) / 2);
      expect(worstError(run, (t) => (t < tStop ? -v * t + (up * t * t) / 2 : after(t)))).toBeLessThan(1e-8);
    });
  }

  // Landing at t_l = √(2h/(g cos α)) with ẏ⁻ = −g cos α t_l: the plastic
  // normal impulse m|ẏ⁻| brings the Coulomb impulse −μk m|ẏ⁻| with it while
  // the block keeps sliding, so ẋ⁺ = ẋ⁻ − μk|ẏ⁻| (friction-impact.ts).
  it('lands plastically from a height with a velocity along the slope, loses μk|ẏ⁻| of it and slides from the landing', () => {
    const alpha = 0.5,
      h = 0.2,
      v = 1,
      m = 1;
    const tLand = Math.sqrt((2 * h) / (g * Math.cos(alpha)));
    const vy = g * Math.cos(alpha) * tLand,
      vx = v + g * Math.sin(alpha) * tLand;
    const run = simulate(block, { q0: [0, h], qd0: [v, 0], t1: 1, params: { alpha }, samples: 201, ...tight });
    expect(sequence(run).map(([type]) => type)).toEqual(['impact', 'contact', 'slip']);
    for (const e of run.events) expect(Math.abs(e.t - tLand)).toBeLessThan(1e-12);
    const impact = run.events[0]!;
    expect(Math.abs(impact.qd[0]! - vx)).toBeLessThan(1e-9);
    expect(Math.abs(impact.qd[1]! + vy)).toBeLessThan(1e-9);
    expect(Math.abs(impact.qdPlus![0]! - (vx - muk * vy))).toBeLessThan(1e-9);
    expect(Math.abs(impact.qdPlus![1]!)).toBeLessThan(1e-12);
    expect(Math.abs(impact.impulses![0]! - m * vy)).toBeLessThan(1e-9);
    expect(Math.abs(impact.tangentImpulses![0]! + muk * m * vy)).toBeLessThan(1e-9);
    expect(impact.modes).toEqual([1]); // sliding on after the impact
    expect(run.events[2]!.modes).toEqual([1]);
    // After the landing: ẍ = g(sin α − μk cos α) from the post-impact state.
    const x0 = run.events[2]!.q[0]!,
      v0 = run.events[2]!.qd[0]!;
    const a = g * (Math.sin(alpha) - muk * Math.cos(alpha));
    expect(worstError(run, (t) => x0 + v0 * (t - tLand) + (a * (t - tLand) ** 2) / 2, tLand)).toBeLessThan(1e-8);
  });
});

// Moreau–Jean (moreau-jean.ts) resolves a stop within its step: its 'stick'
// event is at the end of the step in which ẋ reaches 0, so it lies in
// [t*, t* + h), and the stopped position is within a·h² of the event-driven
// one (a the deceleration: the slide's last step is cut at the grid),
// shrinking ~100× from h = 1e-3 to 1e-4 (measured: downhill at 1 m/s,
// t* = 1.1769037: stop +9.6e-5 at both h, position 3.7e-8 → 1.5e-10;
// uphill at 2 m/s, t* = 0.2387395: stop +2.6e-4 → +6.1e-5, position
// 8.1e-7 → 1.0e-8).
describe('block on the incline: the stop, event-driven against Moreau–Jean at h = 1e-3 and 1e-4', () => {
  const muk = 0.4;
  for (const [name, alpha, v] of [
    ['downhill, tan α < μk', 0.3, 1],
    ['uphill, tan α = 0.99 μs', 0.99 * Math.atan(0.6), -2],
  ] as const) {
    it(`${name}: the stop time within one step, the stopped position within a·h²`, () => {
      const a = g * Math.abs(Math.sin(alpha) - Math.sign(v) * muk * Math.cos(alpha));
      const ed = simulate(block, { q0: [0, 0], qd0: [v, 0], t1: 3, params: { alpha }, ...tight });
      const stop = ed.events.find((e) => e.type === 'stick')!;
      const gaps = [1e-3, 1e-4].map((h) => {
        const mj = simulateMoreauJean(block, { q0: [0, 0], qd0: [v, 0], t1: stop.t + 0.1, h, params: { alpha } });
        const sticks = mj.events.filter((e) => e.type === 'stick');
        expect(sticks).toHaveLength(1);
        expect(sticks[0]!.t - stop.t).toBeGreaterThanOrEqual(0);
        expect(sticks[0]!.t - stop.t).toBeLessThan(h * (1 + 1e-9));
        const dx = Math.abs(mj.q.at(-1)![0]! - stop.q[0]!);
        expect(dx).toBeLessThan(a * h * h);
        return dx;
      });
      expect(gaps[0]! / gaps[1]!).toBeGreaterThan(50);
    });
  }
});

// The belt oscillator (derivations/belt-oscillator.ts): a block held by a
// spring k to a wall on a belt moving at v, slip s = x − vt. Stuck, ẋ = v,
// until the spring force reaches μs m g at x_b = μs m g/k; sliding back
// (ṡ < 0, d = −1) the friction μk m g pushes it along the belt:
//   m ẍ = −k x + μk m g,  x = x_e + Δ cos ωτ + (v/ω) sin ωτ,
// x_e = μk m g/k, Δ = x_b − x_e, ω² = k/m, τ from the breakaway; it sticks
// again when ẋ = v, at ωτ = π + 2 atan(v/(ωΔ)), where x = x_e − Δ, and
// rides the belt back to x_b: a period τ_slide + 2Δ/v.
describe('belt oscillator (m = 1, k = 10, v = 0.2, μs = 0.5, μk = 0.3): the stick–slip cycle', () => {
  const m = 1,
    k = 10,
    v = 0.2,
    omega = Math.sqrt(k / m);

  it('breaks away at x_b = μs m g/k, slides back, sticks again at x_e − Δ; three periods, events within 1e-9, x(t) to 1e-8', () => {
    const mus = 0.5,
      muk = 0.3;
    const xb = (mus * m * g) / k,
      xe = (muk * m * g) / k,
      delta = xb - xe;
    const tauSlide = (Math.PI + 2 * Math.atan(v / (omega * delta))) / omega;
    const period = tauSlide + (2 * delta) / v;
    const tb = xb / v;
    const exact = (t: number): number => {
      if (t < tb) return v * t;
      const phase = (t - tb) % period;
      return phase < tauSlide ? xe + delta * Math.cos(omega * phase) + (v / omega) * Math.sin(omega * phase) : xe - delta + v * (phase - tauSlide);
    };
    const run = simulate(belt, { q0: [0, 0], qd0: [v, 0], t1: tb + 3 * period - 0.1, samples: 1001, ...tight });
    const cycle: [string, number[], number[]][] = [
      ['slip', [0], [-1]],
      ['stick', [0], [2]],
    ];
    expect(sequence(run)).toEqual([['contact', [0], [2]], ['stick', [0], [2]], ...cycle, ...cycle, ...cycle]);
    run.events.slice(2).forEach((e, i) => {
      const expected = tb + Math.floor(i / 2) * period + (i % 2) * tauSlide;
      expect(Math.abs(e.t - expected)).toBeLessThan(1e-9);
      expect(Math.abs(e.q[0]! - (i % 2 ? xe - delta : xb))).toBeLessThan(1e-9);
      expect(Math.abs(e.qd[0]! - v)).toBeLessThan(1e-9);
    });
    expect(worstError(run, exact)).toBeLessThan(1e-8);
  });

  it('with μs = μk breaks away at μ m g/k with zero slip acceleration, then x = x_b + (v/ω) sin ωτ', () => {
    const mu = 0.3,
      xb = (mu * m * g) / k,
      tb = xb / v;
    const run = simulate(belt, { q0: [0, 0], qd0: [v, 0], t1: tb + Math.PI / omega, samples: 401, params: { mus: mu, muk: mu }, ...tight });
    expect(sequence(run)).toEqual([
      ['contact', [0], [2]],
      ['stick', [0], [2]],
      ['slip', [0], [-1]],
    ]);
    expect(Math.abs(run.events[2]!.t - tb)).toBeLessThan(1e-9);
    expect(worstError(run, (t) => (t < tb ? v * t : xb + (v / omega) * Math.sin(omega * (t - tb))))).toBeLessThan(1e-8);
  });
});

// The rough disk (derivations/rough-disk.ts, r = 0.1, e = 0.5, μ = 0.3)
// dropped with ẋ₀ and spin θ̇₀: the floor's forces and impulses act at the
// point P under the centre and gravity passes through P, so the angular
// momentum about P, L_P = m r (rθ̇/2 − ẋ), is kept through the flights, the
// frictional impacts and the slide; rolling (ẋ = −rθ̇) it is −3m r ẋ/2, so
// the disk rolls at ẋ = (2ẋ₀ − rθ̇₀)/3.
describe('rough disk bouncing with spin, then rolling', () => {
  const r = 0.1;
  for (const spin of [10, 40]) {
    it(`θ̇₀ = ${spin}: bounces, rests on the floor, sticks at the contact and rolls at ẋ = (2ẋ₀ − rθ̇₀)/3 = ${((2 - r * spin) / 3).toFixed(4)}`, () => {
      const run = simulate(disk, { q0: [0, 0.5, 0], qd0: [1, 0, spin], t1: 2, samples: 401, ...tight });
      const types = run.events.map((e) => e.type);
      expect(types.filter((t) => t === 'impact').length).toBeGreaterThan(10);
      expect(types.slice(-2)).toEqual(['stick', 'rest']);
      for (const e of run.events.filter((e) => e.type === 'impact')) expect(e.tangentImpulses).toHaveLength(1);
      const roll = (2 - r * spin) / 3;
      const [xd, yd, thd] = run.qd.at(-1)!;
      expect(Math.abs(xd! - roll)).toBeLessThan(1e-9);
      expect(Math.abs(yd!)).toBeLessThan(1e-12);
      expect(Math.abs(xd! + r * thd!)).toBeLessThan(1e-12);
      expect(energyRise(run)).toBeLessThanOrEqual(1e-12);
    });
  }
});

// Friction on a fixed surface only takes energy: T + V never rises along the
// examples' own runs (impacts, slides, sticks, rests), to the integrator's
// tolerance (rtol 1e-8 by default). The belt oscillator is left out: its
// belt does work on the block.
describe('energy along the default runs of the examples with friction on fixed surfaces', () => {
  // The kinds of event each run has: bounces accumulating into a rest (rod, disk), a plastic landing (block).
  // The rod from its declared state strikes on A, then on B, and comes to rest lying on both ends; thrown
  // steeper (θ = 1.2) and faster (ẋ = 5, θ̇ = 3), it rests on A, slides, lifts off (release) and lands again.
  const thrown = { q0: [0, 1, 1.2], qd0: [5, 0, 3], t1: 3 };
  for (const [mod, state, kinds] of [
    [rod, rod.model.initial, ['impact', 'rest', 'stick']],
    [rod, thrown, ['impact', 'release', 'rest', 'slip', 'stick']],
    [block, block.model.initial, ['contact', 'impact', 'slip']],
    [disk, disk.model.initial, ['impact', 'rest', 'stick']],
  ] as const) {
    it(`${mod.model.name} from q0 = [${state.q0.join(', ')}] (${kinds.join(', ')}): T + V never rises by more than 1e-8 of its size`, () => {
      const { q0, qd0, t1 } = state;
      const run = simulate(mod, { q0, qd0, t1, samples: 2001 });
      expect([...new Set(run.events.map((e) => e.type))].sort()).toEqual(kinds);
      const scale = Math.max(...run.energy!.map(Math.abs));
      expect(energyRise(run)).toBeLessThan(1e-8 * scale);
      expect(run.energy!.at(-1)!).toBeLessThan(run.energy![0]!);
    });
  }
});

// A point on a horizontal table with a spatial contact (slip along x and z),
// pulled along x by a constant force m a: friction −μ m g ṡ/|ṡ|.
const puck = (await loadGenerated(
  derived(
    defineModel({
      name: 'puck',
      title: 'Puck on a rough table',
      coordinates: [{ name: 'x' }, { name: 'z' }, { name: 'y' }],
      parameters: { m: { default: 1 }, g: { default: g }, mu: { default: 0.3 }, a: { default: 0 } },
      kinetic: "m*(x'^2 + y'^2 + z'^2)/2",
      potential: 'm*g*y - m*a*x',
      unilateral: [{ name: 'table', constraint: 'y >= 0', slip: ['x', 'z'], law: { plastic: true, coulomb: 'mu' } }],
      initial: { q: {}, qd: {}, t1: 3 },
    }),
  ),
)) as LoadedModule;

describe('puck on a rough table (spatial contact, μ = 0.3)', () => {
  const mu = 0.3;

  it('slides straight along its velocity and stops at t* = |v|/(μg), |v|²/(2μg) away', () => {
    const v = [3, 4],
      speed = 5;
    const tStop = speed / (mu * g),
      dist = (speed * speed) / (2 * mu * g);
    const run = simulate(puck, { q0: [0, 0, 0], qd0: [v[0]!, v[1]!, 0], t1: 3, samples: 301, ...tight });
    expect(sequence(run)).toEqual([
      ['contact', [0], [1]],
      ['slip', [0], [1]],
      ['stick', [0], [2]],
    ]);
    const stop = run.events[2]!;
    expect(Math.abs(stop.t - tStop)).toBeLessThan(1e-9);
    expect(Math.abs(stop.q[0]! - (dist * v[0]!) / speed)).toBeLessThan(1e-9);
    expect(Math.abs(stop.q[1]! - (dist * v[1]!) / speed)).toBeLessThan(1e-9);
    const along = (t: number): number => (t < tStop ? speed * t - (mu * g * t * t) / 2 : dist);
    expect(worstError(run, (t) => (along(t) * v[0]!) / speed)).toBeLessThan(1e-8);
    expect(worstError(run, (t) => (along(t) * v[1]!) / speed, -Infinity, Infinity, 1)).toBeLessThan(1e-8);
    expect(energyRise(run)).toBeLessThanOrEqual(1e-12);
  });

  it('pulled from rest by a force above μ m g breaks away along it: x = (a − μg)t²/2, z = 0', () => {
    const a = 5;
    const run = simulate(puck, { q0: [0, 0, 0], qd0: [0, 0, 0], t1: 2, samples: 201, params: { a }, ...tight });
    expect(sequence(run)).toEqual([
      ['contact', [0], [1]],
      ['slip', [0], [1]],
    ]);
    expect(worstError(run, (t) => ((a - mu * g) * t * t) / 2)).toBeLessThan(1e-8);
    expect(worstError(run, () => 0, -Infinity, Infinity, 1)).toBeLessThan(1e-8);
  });

  it('pulled from rest by a force below μ m g stays stuck', () => {
    const run = simulate(puck, { q0: [0, 0, 0], qd0: [0, 0, 0], t1: 2, samples: 21, params: { a: 2.9 }, ...tight });
    expect(sequence(run)).toEqual([
      ['contact', [0], [2]],
      ['stick', [0], [2]],
    ]);
    for (const q of run.q) expect(q).toEqual([0, 0, 0]);
  });
});
