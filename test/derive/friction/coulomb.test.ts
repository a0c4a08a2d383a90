// Coulomb contacts in the derivation (src/derive/friction/coulomb.ts): the friction
// force per unit reaction and the sliding determinant, against hand
// derivations (the block on an incline, Painlevé's rod).
import { describe, expect, it } from 'vitest';
import block from '../../../derivations/block-on-incline.js';
import rod from '../../../derivations/falling-rod.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { slipSignSymbol } from '../../../src/model/names.js';
import { derived } from '../../helpers/examples.js';
import { expectClose } from '../../helpers/numeric.js';
import { rng, uniform } from '../../helpers/random.js';

describe('Coulomb contacts', () => {
  it('block on an incline: force −μk sgn(ṡ) (1, 0), determinant 1/m', () => {
    const [c] = derived(block).unilateral!.coulomb;
    const env = { m: 2, muk: 0.4, mus: 0.6, [slipSignSymbol('slope').name]: -1 };
    expect(c!.force!.map((e) => evaluate(e, env))).toEqual([0.4, 0]);
    expect(evaluate(c!.slidingDeterminant!, env)).toBe(0.5);
  });
  it("Painlevé's rod: the sliding determinant is (1 + 3cos²θ + 3μ sgn(ṡ) sin θ cos θ)/m at 200 random states", () => {
    const [c] = derived(rod).unilateral!.coulomb;
    const r = rng(77);
    for (let k = 0; k < 200; k++) {
      const m = uniform(r, 0.5, 3),
        mu = uniform(r, 0, 3),
        th = uniform(r, -3, 3),
        d = r() < 0.5 ? -1 : 1;
      const env = { m, l: uniform(r, 0.2, 2), mu, theta: th, [slipSignSymbol('endA').name]: d };
      expectClose(evaluate(c!.slidingDeterminant!, env), (1 + 3 * Math.cos(th) ** 2 + 3 * mu * d * Math.sin(th) * Math.cos(th)) / m, 1e-12);
    }
  });
  it('frictionless and sticking contacts carry no Coulomb data', () => {
    const compass = derived({
      name: 'slider',
      coordinates: ['x', 'y'],
      parameters: { m: 1, g: 1 },
      kinetic: "m*(x'^2+y'^2)/2",
      potential: 'm*g*y',
      unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { stick: 'x' } }],
      initial: { q: { y: 1 } },
    });
    expect(compass.unilateral!.coulomb).toEqual([]);
  });
});
