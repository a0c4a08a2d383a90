import { describe, expect, it } from 'vitest';
import { deriveSystem } from '../../../src/derive/system.js';
import { defineModel, buildModel } from '../../../src/model/index.js';
import { simulateMoreauJean } from '../../../src/runtime/hybrid/moreau-jean.js';
import { committedModule } from '../../helpers/examples.js';
import { loadGenerated } from '../../helpers/generated-module.js';

// A ball on two floors with the same normal direction (y ≥ 0 and 2y ≥ 0):
// W_II = [1 2; 2 4] is singular, the pivoting solver cannot factor it, and
// Lemke's method (friction-lcp) takes the step.
const twoFloors = defineModel({
  name: 'ball-on-two-floors',
  title: 'Ball on two coincident floors',
  coordinates: ['y'],
  parameters: { m: { default: 1, description: 'mass' }, g: { default: 9.81, description: 'gravity' }, e: { default: 0.5, description: 'restitution' } },
  kinetic: "m*y'^2/2",
  potential: 'm*g*y',
  unilateral: [
    { name: 'floor', constraint: 'y >= 0', law: { newton: 'e' } },
    { name: 'double', constraint: '2*y >= 0', law: { newton: 'e' } },
  ],
  initial: { q: { y: 1 }, t1: 1 },
});

describe('the frictionless contact problem of a Moreau–Jean step (NormalContacts)', () => {
  it('hands dependent contacts to Lemke and still bounces at √(2/g) with v⁺ = −e v⁻ (e = ½)', async () => {
    const mod = await loadGenerated(deriveSystem(buildModel(twoFloors)));
    const h = 1e-3;
    const run = simulateMoreauJean(mod, { q0: [1], qd0: [0], t1: 0.6, h, constant: { massMatrix: true, forcing: true, gapJacobian: true } });
    const { lcp } = run.stats;
    // The impact step (both contacts approach) goes to Lemke; a solve where nothing approaches needs no factor.
    expect(lcp.fallbacks).toBeGreaterThan(0);
    expect(lcp.worstResidual).toBeLessThanOrEqual(1e-12);
    const impact = run.events.find((ev) => ev.type === 'impact')!;
    // Reported at the end of the step whose impulse closes it, the index set predicted half a step ahead: within 2h.
    expect(Math.abs(impact.t - Math.sqrt(2 / 9.81))).toBeLessThanOrEqual(2 * h);
    expect(impact.qdPlus![0]).toBeCloseTo(-0.5 * impact.qd[0]!, 12);
  });
});

describe("the law's ladder on the normals (impact-law.ts)", () => {
  it('a ball 1 mm inside the floor, rising at 0.05 m/s that gravity turns within the step, takes no impulse: v⁺ = v − gh, T + V kept', async () => {
    const ball = (await committedModule('bouncing-ball'))!;
    const [h, g, y0, v0] = [1e-2, 9.81, -1e-3, 0.05];
    // Predicted gap y0 + h v0/2 < 0: in the index set. Newton's e = ½ would leave it at −e v0 with P_N = m(gh − (1 + e)v0) > 0 and
    // the work ½(1 − e)v0 P_N > 0; the midpoint rung (e = 1 on a contact separating at U_k) asks v⁺ ≥ −v0 = −0.05, which v0 − gh already meets.
    const run = simulateMoreauJean(ball, { q0: [y0], qd0: [v0], t1: h, h, params: { m: 1, g, e: 0.5 }, restitution: [0.5], samples: 2 });
    expect(run.qd[1]![0]).toBeCloseTo(v0 - g * h, 15);
    expect(run.q[1]![0]).toBeCloseTo(y0 + (h * (2 * v0 - g * h)) / 2, 15);
    expect(run.energy![1]! - run.energy![0]!).toBeLessThanOrEqual(1e-15);
    // In the index set: Newton's solve and the midpoint's; Glocker's e* is the one contact's e, so its b and its answer are Newton's, not solved again.
    expect(run.stats.lcp.solves).toBe(2);
  });
});
