// The constrained solve as straight-line code (src/codegen/unrolled-kkt.ts,
// the Schur complement on M) against the LU factorization of the whole KKT
// matrix that kkt$ runs: accelerations() takes the first, and the q̈ that
// constraintAccelerations() returns the second, in the same module; they
// must agree to 1e-10 at random states and parameters.
import { describe, expect, it } from 'vitest';
import knifeEdge from '../../derivations/knife-edge.js';
import rollingDisk from '../../derivations/rolling-disk.js';
import rollingSphere from '../../derivations/rolling-sphere.js';
import { generateModule } from '../../src/codegen/module.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel, type ModelSpec } from '../../src/model/index.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { rng, uniform } from '../helpers/random.js';

async function expectSameAccelerations(spec: ModelSpec, seed: number): Promise<void> {
  const sys = deriveSystem(buildModel(spec));
  const { source } = generateModule(sys, `test/${spec.name}.ts`);
  expect(source).toContain('function qddSchur$(');
  const mod = await loadGenerated(sys);
  const r = rng(seed);
  const n = sys.model.coordinates.length;
  for (let trial = 0; trial < 20; trial++) {
    const q = Array.from({ length: n }, () => (r() < 0.5 ? -1 : 1) * uniform(r, 0.1, 1));
    const qd = Array.from({ length: n }, () => uniform(r, -2, 2));
    const p = Object.fromEntries(sys.model.parameters.map((x) => [x.name, x.default * uniform(r, 0.7, 1.3)]));
    const t = uniform(r, 0, 5);
    const schur = mod.accelerations(t, q, qd, p);
    const lu = mod.constraintAccelerations!(t, q, qd, p);
    const scale = Math.max(1, ...Array.from(lu.slice(0, n), Math.abs));
    for (let i = 0; i < n; i++) expect(Math.abs(schur[i]! - lu[i]!)).toBeLessThanOrEqual(1e-10 * scale);
  }
}

describe('the unrolled Schur-complement solve gives kkt$’s q̈', () => {
  it('the knife edge (derivations/knife-edge.ts): one non-holonomic row', async () => {
    await expectSameAccelerations(knifeEdge, 2);
  });

  it('the rolling disk (derivations/rolling-disk.ts): two rows', async () => {
    await expectSameAccelerations(rollingDisk, 3);
  });

  it('the rolling sphere (derivations/rolling-sphere.ts)', async () => {
    await expectSameAccelerations(rollingSphere, 5);
  });
});
