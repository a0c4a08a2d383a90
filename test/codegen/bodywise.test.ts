// M and the forcing assembled body by body (src/codegen/bodywise.ts, Kane's
// form from each body's velocity Jacobians and bias accelerations) against
// the dense route (M and the forcing formed from T and V by Lagrange II):
// both must give the same M, forcing, q̈ and multipliers, to 1e-10, at
// random states and parameters, on models whose bodies make T; the rolling
// bodies' constraint rows are assembled too.
import { describe, expect, it } from 'vitest';
import bicycle from '../../derivations/bicycle.js';
import heavyTop from '../../derivations/heavy-top.js';
import rollingDisk from '../../derivations/rolling-disk.js';
import tumblingBox from '../../derivations/tumbling-box.js';
import { generateModule } from '../../src/codegen/module.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel, type ModelSpec } from '../../src/model/index.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { rng, uniform } from '../helpers/random.js';
import { handTop } from '../model/geometry/same-equations.js';

const close = (a: ArrayLike<number>, b: ArrayLike<number>): void => {
  const scale = Math.max(1, ...Array.from(b, Math.abs));
  for (let i = 0; i < b.length; i++) expect(Math.abs(a[i]! - b[i]!)).toBeLessThanOrEqual(1e-10 * scale);
};

/** Random states (coordinates 0.1 to 0.6 in size, of either sign) and parameters (within ±30 % of the defaults): M, forcing and q̈ of both routes agree. */
async function expectSameDynamics(spec: ModelSpec, seed: number): Promise<void> {
  // The worker's one derivation of the example (the bicycle's takes seconds), shared with the other files.
  const sys = derived(spec);
  expect(sys.bodywise).toBeDefined();
  const bodywise = await loadGenerated(sys, undefined, { accelerations: 'bodywise' });
  const dense = await loadGenerated(sys, undefined, { accelerations: 'dense' });
  const r = rng(seed);
  const n = sys.model.coordinates.length;
  for (let trial = 0; trial < 10; trial++) {
    const q = Array.from({ length: n }, () => (r() < 0.5 ? -1 : 1) * uniform(r, 0.1, 0.6));
    const qd = Array.from({ length: n }, () => uniform(r, -2, 2));
    const p = Object.fromEntries(sys.model.parameters.map((x) => [x.name, x.default * uniform(r, 0.7, 1.3)]));
    const t = uniform(r, 0, 5);
    close(bodywise.massMatrix(t, q, p), dense.massMatrix(t, q, p));
    close(bodywise.forcing(t, q, qd, p), dense.forcing(t, q, qd, p));
    close(bodywise.accelerations(t, q, qd, p), dense.accelerations(t, q, qd, p));
    // With constraints, the multipliers too: the rolling bodies' rows are assembled from their kinematics.
    if (dense.constraintAccelerations) close(bodywise.constraintAccelerations!(t, q, qd, p), dense.constraintAccelerations(t, q, qd, p));
  }
}

describe('M and forcing assembled body by body equal Lagrange II’s', () => {
  it('the heavy top (derivations/heavy-top.ts): one body on Euler angles under gravity', async () => {
    await expectSameDynamics(heavyTop, 3);
  });

  it('the tumbling box (derivations/tumbling-box.ts): a free body, its centre by coordinates', async () => {
    await expectSameDynamics(tumblingBox, 5);
  });

  it('the rolling disk (derivations/rolling-disk.ts): two no-slip rows', async () => {
    await expectSameDynamics(rollingDisk, 7);
  });

  it('the Whipple bicycle (derivations/bicycle.ts): four bodies, a tilted steer axis, five constraints', { timeout: 240_000 }, async () => {
    await expectSameDynamics(bicycle, 11);
  });
});

describe('which models take the route', () => {
  it('a model written by T and V has no bodies’ pieces', () => {
    expect(deriveSystem(buildModel(handTop)).bodywise).toBeUndefined();
  });

  it('the bicycle’s module assembles M and never prints its entries', () => {
    const { source } = generateModule(derived(bicycle), 'derivations/bicycle.ts');
    const dynamics = source.slice(source.indexOf('function dynamics$('), source.indexOf('function mass$('));
    expect(dynamics).toContain('dynamics$bw0(');
  });
});
