// model.periodic: the coordinates that occur only in sin and cos of integer
// multiples of them, derived in src/derive/periodicity.ts, printed by codegen.
import { describe, expect, it } from 'vitest';
import { sym } from '../../src/core/expr.js';
import { parseExpr } from '../../src/core/parse.js';
import { periodicCoordinates, periodicIn } from '../../src/derive/periodicity.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel, type ModelSpec } from '../../src/model/index.js';
import fallingRod from '../../derivations/falling-rod.js';
import pendulumOnCart from '../../derivations/pendulum-on-cart.js';
import { loadGenerated } from '../helpers/generated-module.js';

describe('periodicIn: θ only in integer-affine arguments of sin and cos', () => {
  const theta = sym('theta');
  it.each([
    ['l*sin(theta)*cos(2*theta) + y', true],
    ['cos(theta - phi)^2 + sin(3*theta + phi/2)', true],
    ['sin(-theta)', true],
    ['exp(cos(theta))', true],
    ['phi^2 + x', true],
    ['k*theta^2/2', false],
    ['sin(theta/2)', false],
    ['sin(theta^2)', false],
    ['theta*sin(theta)', false],
    ['sin(theta*phi)', false],
  ])('%s → %s', (text, periodic) => {
    expect(periodicIn(parseExpr(text), theta)).toBe(periodic);
  });
});

describe('periodic coordinates of a model', () => {
  const rod = fallingRod as ModelSpec;

  it('the falling rod: θ only in sin θ, cos θ (gap y − l sin θ, slip x − l cos θ); x and y not', async () => {
    const sys = deriveSystem(buildModel(rod));
    expect(sys.periodic).toEqual([false, false, true]);
    expect((await loadGenerated(sys)).model.periodic).toEqual([false, false, true]);
  });

  it('a torsion spring k θ²/2 in the potential makes θ not periodic, and the module says nothing', async () => {
    const spring = { ...rod, parameters: { ...rod.parameters, k: { default: 1 } }, potential: 'm*g*y + k*theta^2/2' };
    const sys = deriveSystem(buildModel(spring));
    expect(sys.periodic).toEqual([false, false, false]);
    expect((await loadGenerated(sys)).model.periodic).toBeUndefined();
  });

  it('a half angle sin(θ/2) in a contact (4π-periodic) makes θ not periodic', () => {
    const half = { ...rod, unilateral: [{ ...rod.unilateral![0]!, constraint: 'y - l*sin(theta/2) >= 0' }] };
    expect(deriveSystem(buildModel(half)).periodic).toEqual([false, false, false]);
  });

  it('a cyclic coordinate that occurs nowhere (the cart’s x) is a translation, not marked; the pendulum’s θ is', () => {
    expect(periodicCoordinates(buildModel(pendulumOnCart as ModelSpec))).toEqual([false, true]);
  });
});
