// The passive compass-gait walker (derivations/compass-walker.ts) walks: its
// period-one gait found by periodicOrbit on the heel strike of foot 2 (one
// stride: foot 1 strikes, then foot 2), checked against
//   - Goswami, Thuilot & Espiau (IJRR 17, 1998): the symmetric gait at
//     a = b = 0.5 m, mH = 10 kg, m = 5 kg, φ = 3°, g = 9.8 starts each step
//     at θ_ns = −0.3234, θ_s = 0.2187, θ̇_ns = −0.3772, θ̇_s = −1.0918 rad, s⁻¹
//     (angles from the vertical, θ = a − γ in the model's slope-normal angles);
//   - Garcia, Chatterjee, Ruina & Coleman (J. Biomech. Eng. 120, 1998), the
//     simplest walking model (leg masses at the feet, m/mH → 0, g = l = 1):
//     at γ = 0.009 the stable gait starts at θ = 0.20031090049483,
//     θ̇ = −0.19983247291764;
//   - passivity: the energy the two heel strikes take equals the potential
//     energy released down the slope over the stride, (mH + 2m) g sin γ · Δx;
//   - activation: the swing foot passes through the ground at mid-stance (its
//     gap is negative there, where it trails) and only heel strikes of the
//     leading foot are impacts.
import { beforeAll, describe, expect, it } from 'vitest';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel, type ModelSpec } from '../../src/model/index.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { SimulationError } from '../../src/runtime/errors.js';
import { simulateMoreauJean } from '../../src/runtime/hybrid/moreau-jean.js';
import { periodicOrbit, type PeriodicOrbit } from '../../src/runtime/analysis/periodic.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import walker from '../../derivations/compass-walker.js';
import { committedModule } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { thrown } from '../helpers/thrown.js';

const GAMMA = Math.PI / 60,
  MH = 10,
  M = 5,
  G = 9.8;

/** Standing on foot 2 at the origin with a2 = −a1 = half, rates (ȧ1, ȧ2), l = 1 (the model's standingOnFoot2). */
const onFoot2 = (half: number, a1d: number, a2d: number) => ({
  q0: [-Math.sin(half), Math.cos(half), -half, half],
  qd0: [-Math.cos(half) * a2d, -Math.sin(half) * a2d, a1d, a2d],
});

let mod: LoadedModule;
let gait: PeriodicOrbit;
beforeAll(async () => {
  mod = (await committedModule('compass-walker'))!;
  gait = periodicOrbit(mod, { ...onFoot2(0.27, -0.38, -1.09), params: { g: G }, section: { contact: 'foot2' } });
});

describe('the compass-gait walker on a 3° slope (Goswami et al. 1998)', () => {
  it('walks a symmetric period-one gait: foot 1 strikes at mid-stride, foot 2 at its end, each at a1 = −a2 ahead of the hip', () => {
    const [a1, a2] = [gait.q[2]!, gait.q[3]!];
    expect(gait.impacts.map((i) => i.contacts)).toEqual([[0], [1]]);
    expect(a1).toBeCloseTo(-a2, 10);
    // The mid-stride strike is the mirror image: legs and rates swapped, half the stride later.
    const mid = gait.impacts[0]!;
    expect(mid.t).toBeCloseTo(gait.period / 2, 8);
    expect(mid.q[2]).toBeCloseTo(a2, 8);
    expect(mid.qdPlus[2]).toBeCloseTo(gait.qd[3]!, 7);
    expect(mid.qdPlus[3]).toBeCloseTo(gait.qd[2]!, 7);
    // The shift: x is cyclic (detected), and advances by two step lengths 2 l sin α per stride.
    expect(gait.periodicity.x).toEqual({ kind: 'free', how: 'detected' });
    expect(gait.shift.x).toBeCloseTo(4 * Math.sin(a2), 9);
    expect(gait.shift.x / 2).toBeCloseTo(0.53545, 4);
  });

  it('starts each step at Goswami et al.’s θ_ns = −0.3234, θ_s = 0.2187, θ̇_ns = −0.3772, θ̇_s = −1.0918 (θ = a − γ)', () => {
    expect(gait.q[2]! - GAMMA).toBeCloseTo(-0.3234, 4);
    expect(gait.q[3]! - GAMMA).toBeCloseTo(0.2187, 4);
    expect(gait.qd[2]).toBeCloseTo(-0.3772, 4);
    expect(gait.qd[3]).toBeCloseTo(-1.0918, 4);
  });

  it('is asymptotically stable: every Floquet multiplier of the stride map inside the unit circle (x and t, free by the shift symmetry, carry the unit ones and are left out)', () => {
    expect(gait.asymptotic).toBe(true);
    const moduli = gait.multipliers.map((z) => Math.hypot(z.re, z.im));
    expect(moduli[0]).toBeLessThan(0.4);
    expect(moduli[0]).toBeGreaterThan(0.3);
    expect(gait.multipliers).toHaveLength(6);
  });

  it('is passive: the two heel strikes take (mH + 2m) g sin γ · Δx, the potential energy released over the stride, to 1e-8', () => {
    const lost = gait.impacts.map((i) => mod.energy!(0, i.q, i.qdMinus, { g: G }) - mod.energy!(0, i.q, i.qdPlus, { g: G }));
    const released = (MH + 2 * M) * G * Math.sin(GAMMA) * gait.shift.x!;
    expect(Math.abs(lost[0]! + lost[1]! - released) / released).toBeLessThan(1e-8);
    expect(lost[0]! / lost[1]!).toBeCloseTo(1, 8);
  });

  it('ignores the swing foot’s scuffing: its gap goes negative at mid-stance, yet the only impacts are the heel strikes, half a stride apart', () => {
    const run = simulate(mod, { q0: gait.q, qd0: gait.qd, t1: 2 * gait.period, params: { g: G }, samples: 801 });
    const impacts = run.events.filter((e) => e.type === 'impact');
    expect(impacts.map((e) => e.contacts[0])).toEqual([0, 1, 0, 1]);
    impacts.forEach((e, k) => expect(e.t).toBeCloseTo(((k + 1) * gait.period) / 2, 6));
    // Foot 1 swings over the first half stride: its gap l(cos a2 − cos a1) dips below 0 while it trails foot 2.
    const swing = run.q.filter((_, s) => run.t[s]! < gait.period / 2).map((q) => Math.cos(q[3]!) - Math.cos(q[2]!));
    expect(Math.min(...swing)).toBeLessThan(-1e-3);
  });

  it('walks under Moreau–Jean too (h = 1e-3): heel strikes of foot 1 then foot 2 within 5h of half a stride and a stride, the stance foot’s O(h²) lifts re-entering unchecked', () => {
    const h = 1e-3;
    const run = simulateMoreauJean(mod, { q0: gait.q, qd0: gait.qd, t1: gait.period + 0.05, h, params: { g: G } });
    // Heel strikes change the legs' rates by O(1); the stance foot's re-landings after its lifts by O(gh).
    const strikes = run.events.filter((e) => e.type === 'impact' && Math.abs(e.qdPlus![2]! - e.qd[2]!) > 0.05);
    expect(strikes.map((e) => e.contacts)).toEqual([[0], [1]]);
    strikes.forEach((e, k) => expect(Math.abs(e.t - ((k + 1) * gait.period) / 2)).toBeLessThan(5 * h));
  });

  it('without when, the same walker stubs its swing foot at mid-stance, behind the hip, where no impact mode is admissible', async () => {
    const unaware: ModelSpec = { ...walker, name: 'compass-walker-unaware', unilateral: walker.unilateral!.map(({ when: _, ...u }) => u) };
    const stubbing = await loadGenerated(deriveSystem(buildModel(unaware)));
    const err = thrown(() => simulate(stubbing, { q0: gait.q, qd0: gait.qd, t1: gait.period / 2, params: { g: G } }), SimulationError);
    expect(err.code).toBe('impact-no-admissible-mode');
    expect(err.t).toBeLessThan(0.5 * (gait.period / 2));
    expect(err.state!.q[2]).toBeLessThan(0);
  });
});

describe('Garcia et al.’s simplest walking model (leg masses at the feet, m/mH → 0, g = l = 1)', () => {
  it('at γ = 0.009 the stable gait starts at θ = 0.2003109, θ̇ = −0.1998325 (the limit m/mH → 0 from 1e-4 and 2e-4, linear in the ratio)', () => {
    const at = (beta: number, start: { q0: readonly number[]; qd0: readonly number[] }): PeriodicOrbit =>
      periodicOrbit(mod, {
        ...start,
        params: { mH: 1, m: beta, l: 1, b: 1, g: 1, gamma: 0.009 },
        section: { contact: 'foot2' },
      });
    const o1 = at(1e-4, onFoot2(0.2, -0.18, -0.2));
    const o2 = at(2e-4, { q0: o1.q, qd0: o1.qd });
    const limit = (k: 'q' | 'qd'): number => 2 * o1[k][3]! - o2[k][3]!;
    expect(limit('q')).toBeCloseTo(0.20031090049483, 6);
    expect(limit('qd')).toBeCloseTo(-0.19983247291764, 6);
    expect(o1.asymptotic).toBe(true);
  });
});
