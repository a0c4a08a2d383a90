// nonholonomic: A(q, t)·q̇ + b(q, t) = 0.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../src/core/evaluate.js';
import { builds, mutate, problems, rodPendulum } from '../spec-cases.js';

const skate = mutate(rodPendulum, { holonomic: undefined, nonholonomic: [{ name: 'blade', expr: "x' - y'" }], initial: { qd: { x: 1, y: 1 } } });

describe('non-holonomic constraints', () => {
  it('a name that is a number and no expr: bad-type for the name, missing-field for expr', () => {
    expect(problems(mutate(skate, { nonholonomic: [{ name: 3 }] }))).toEqual([
      ['bad-type', 'nonholonomic[0].name'],
      ['missing-field', 'nonholonomic[0].expr'],
    ]);
  });

  it('abs in a velocity constraint: non-smooth (its rows are differentiated)', () => {
    expect(problems(mutate(skate, { nonholonomic: ["abs(x)*x' - y'"] }))).toEqual([['non-smooth', 'nonholonomic[0]']]);
  });

  it('splits the constraint into its row A and its rest b', () => {
    const [c] = builds(mutate(skate, { nonholonomic: ["3*x' - y' + 2*t"], initial: { qd: { x: 1, y: 3 } } })).nonholonomic;
    expect(c!.A.map((a) => evaluate(a, {}))).toEqual([3, -1]);
    expect(evaluate(c!.b, { t: 1.5 })).toBe(3);
  });
});
