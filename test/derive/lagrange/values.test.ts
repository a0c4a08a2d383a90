// M, the forcing and the retaining rows' bias by differentiation alone
// (src/derive/lagrange/values.ts) against the derivation's simplified
// entries (lagrange2.ts and lagrange1.ts: expansion and trig simplification) at random states and parameters, and the
// coordinates they are free of, decided from L, against the simplified
// entries' symbols: the heavy top, the rolling disk and the Whipple bicycle
// (whose M is derived here on first access), and a particle on a slope,
// whose ∂L/∂x = m g sin α is constant: its x is free although L holds it.
import { describe, expect, it } from 'vitest';
import bicycle from '../../../derivations/bicycle.js';
import heavyTop from '../../../derivations/heavy-top.js';
import { Tape } from '../../../src/core/tape.js';
import { simplifiedValues, unsimplifiedValues } from '../../../src/derive/lagrange/values.js';
import { buildModel, defineModel, type ModelSpec } from '../../../src/model/index.js';
import rollingDisk from '../../fixtures/rolling-disk.js';
import { derived, randomEnv } from '../../helpers/examples.js';
import { rng } from '../../helpers/random.js';

const slope = defineModel({
  name: 'particle-on-slope',
  coordinates: [{ name: 'x' }, { name: 'y' }],
  parameters: { m: { default: 2 }, g: { default: 9.81 }, alpha: { default: 0.3 }, k: { default: 5 } },
  kinetic: "m*(x'^2 + y'^2)/2",
  potential: '-m*g*sin(alpha)*x + k*y^2/2',
  initial: { q: { x: 0, y: 0.1 }, t1: 1 },
});

const expectNear = (x: number, y: number): void => expect(Math.abs(x - y)).toBeLessThanOrEqual(1e-10 * Math.max(1, Math.abs(y)));

const MODELS: readonly [string, ModelSpec][] = [
  ['the heavy top', heavyTop],
  ['the rolling disk', rollingDisk],
  ['the Whipple bicycle', bicycle],
  ['a particle on a slope', slope],
];

describe('M, the forcing and the bias by differentiation alone', () => {
  it.each(MODELS)('of %s equal the simplified entries at random states', (_, spec) => {
    const system = derived(spec);
    const values = unsimplifiedValues(system.model, system.constraints);
    const { massMatrix, forcing } = system.lagrange2;
    const bias = system.constraints?.bias ?? [];
    // Both as tapes: the unsimplified DAG walked as a tree is exponential.
    const raw = new Tape([...values.massMatrix.flat(), ...values.forcing, ...values.bias]);
    const simplified = new Tape([...massMatrix.flat(), ...forcing, ...bias]);
    const r = rng(7);
    for (let k = 0; k < 4; k++) {
      const env = randomEnv(system.model, r);
      const x = raw.values(env);
      const y = simplified.values(env);
      values.massMatrix.forEach((row, i) => row.forEach((e, j) => expectNear(x(e), y(massMatrix[i]![j]!))));
      values.forcing.forEach((e, i) => expectNear(x(e), y(forcing[i]!)));
      expect(values.bias.length).toBe(bias.length);
      values.bias.forEach((e, a) => expectNear(x(e), y(bias[a]!)));
    }
  });

  it.each(MODELS)('of %s are free of the coordinates the simplified entries are free of', (_, spec) => {
    const { model, lagrange2 } = derived(spec);
    expect(unsimplifiedValues(model, undefined).freeOf).toEqual(simplifiedValues(model, lagrange2, undefined).freeOf);
  });

  it('of a particle on a slope are free of x, not of y', () => {
    expect(unsimplifiedValues(buildModel(slope), undefined).freeOf).toEqual([true, false]);
  });
});
