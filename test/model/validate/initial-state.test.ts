// The model's initial state is one the model allows.
import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/core/parse.js';
import { magnitude, RELATIVE_TOLERANCE } from '../../../src/model/validate/initial-state.js';
import { buildModel } from '../../../src/model/index.js';
import { loadExamples } from '../../helpers/examples.js';
import { ball, builds, modelError, mutate, problems, rodPendulum } from '../spec-cases.js';

describe('initial state (its consistency)', () => {
  it('off the rod: initial-violation in field initial.q, naming the constraint', () => {
    expect(problems(mutate(rodPendulum, { initial: { q: { x: 1.9, y: 0 } } }))).toEqual([['initial-violation', 'initial.q']]);
  });

  it('on the rod but moving along it: initial-velocity-violation in field initial.qd', () => {
    expect(problems(mutate(rodPendulum, { initial: { q: { x: 2, y: 0 }, qd: { x: 1 } } }))).toEqual([['initial-velocity-violation', 'initial.qd']]);
  });

  it('a velocity against a non-holonomic constraint: initial-velocity-violation', () => {
    const skate = mutate(rodPendulum, { holonomic: undefined, nonholonomic: [{ name: 'blade', expr: "x' - y'" }], initial: { qd: { x: 1 } } });
    expect(problems(skate)).toEqual([['initial-velocity-violation', 'initial.qd']]);
  });

  it('below the floor: initial-penetration; on it: accepted', () => {
    expect(problems(mutate(ball, { initial: { q: { y: -0.01 } } }))).toEqual([['initial-penetration', 'initial.q']]);
    expect(builds(mutate(ball, { initial: { q: { y: 0 } } })).initial.q0).toEqual([0]);
  });

  it('an initial velocity of −1e300 (NaN energies, no error, in a simulation): bad-initial', () => {
    expect(problems(mutate(ball, { initial: { q: { y: 1 }, qd: { y: -1e300 } } }))).toEqual([['bad-initial', 'initial']]);
  });

  it('an angle beyond 1e-9/ε (4.5e6 rad) inside a sine or cosine: bad-initial naming it; a translation that large, or 4e6 rad: accepted', () => {
    // θ of a pendulum on a cart at x: θ enters only cos θ, x only x'.
    const cart = {
      name: 'cart-pendulum',
      coordinates: ['x', 'theta'],
      parameters: { m: 1, g: 9.81, l: 2 },
      kinetic: "m*(x'^2 + 2*l*x'*theta'*cos(theta) + l^2*theta'^2)/2",
      potential: '-m*g*l*cos(theta)',
    };
    const at = (x: number, theta: number) => mutate(cart, { initial: { q: { x, theta } } });
    expect(problems(at(0, 1e300))).toEqual([['bad-initial', 'initial.q.theta']]);
    expect(problems(at(0, -4.6e6))).toEqual([['bad-initial', 'initial.q.theta']]);
    expect(modelError(at(0, 1e300)).detail).toMatch(/'theta' is 1e\+300.*modulo 2π/);
    expect(builds(at(1e300, 4e6)).initial.q0).toEqual([1e300, 4e6]);
  });

  it('the tolerance scales with the constraint: a rod of 1000 m missed by rounding is accepted, by a micrometre is not', () => {
    const l = 1000;
    const angle = 0.7;
    const onRod = { x: l * Math.sin(angle), y: -l * Math.cos(angle) };
    const long = mutate(rodPendulum, { parameters: { m: 1, g: 9.81, l } });
    expect(builds(mutate(long, { initial: { q: onRod } })).initial.q0).toEqual([onRod.x, onRod.y]);
    expect(problems(mutate(long, { initial: { q: { ...onRod, x: onRod.x + 1e-3 } } }))).toEqual([['initial-violation', 'initial.q']]);
  });

  it('magnitude sums the sizes of the terms: |x²| + |y²| + |l²| for the rod', () => {
    const env = { x: 3, y: -4, l: 5 };
    expect(magnitude(parseExpr('x^2 + y^2 - l^2'), env)).toBe(50);
    expect(RELATIVE_TOLERANCE * magnitude(parseExpr('x^2 + y^2 - l^2'), env)).toBeLessThan(1e-7);
  });

  it('every example of derivations/ starts in an admissible state', async () => {
    for (const { source, spec } of await loadExamples()) expect(() => buildModel(spec), source).not.toThrow();
  });
});
