// forces: generalized forces by coordinate.
import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/core/parse.js';
import { ball, builds, mutate, problems } from '../spec-cases.js';

describe('forces', () => {
  it('null or a list instead of an object: bad-type in field forces', () => {
    expect(problems(mutate(ball, { forces: null }))).toEqual([['bad-type', 'forces']]);
    expect(problems(mutate(ball, { forces: ['1'] }))).toEqual([['bad-type', 'forces']]);
  });

  it('a force on something that is not a coordinate: unknown-coordinate in field forces.<name>', () => {
    expect(problems(mutate(ball, { forces: { x: '1' } }))).toEqual([['unknown-coordinate', 'forces.x']]);
  });

  it('a damping force in the velocity is read into Q', () => {
    const model = builds(mutate(ball, { forces: { y: "-m*y'" } }));
    expect(model.Q[0]).toBe(
      parseExpr("-m*y'", { symbol: (n) => model.parameters.find((p) => p.name === n)?.symbol, velocity: () => model.coordinates[0]!.qd }),
    );
  });
});
