// Expressions read against the model's names; no non-smooth function where
// the derivation differentiates.
import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/core/parse.js';
import { sym, mul } from '../../../src/core/expr.js';
import { nonSmoothFunctions } from '../../../src/model/validate/expressions.js';
import { ball, builds, mutate, problems, rodPendulum } from '../spec-cases.js';

describe('non-smooth functions', () => {
  it('finds abs and sign anywhere in an expression, once each', () => {
    expect(nonSmoothFunctions(parseExpr('sin(abs(x)) + y*sign(x) + abs(y)^2'))).toEqual(['abs', 'sign']);
    expect(nonSmoothFunctions(parseExpr('sin(x)^2 + exp(-x*y)'))).toEqual([]);
  });

  it('sign(y) in the potential (it made the ball chatter without end): non-smooth in field potential', () => {
    const err = problems(mutate(ball, { potential: 'm*g*y*sign(y)' }));
    expect(err).toEqual([['non-smooth', 'potential']]);
  });

  it('abs in the kinetic energy, a holonomic constraint, a gap and a stick tangent', () => {
    expect(problems(mutate(ball, { kinetic: "m*abs(y')^2/2" }))).toEqual([['non-smooth', 'kinetic']]);
    expect(problems(mutate(rodPendulum, { holonomic: ['abs(x) + abs(y) - l'] }))).toEqual([['non-smooth', 'holonomic[0]']]);
    expect(problems(mutate(ball, { unilateral: [{ name: 'floor', constraint: 'y - abs(y - 1)/10 >= 0', law: { newton: 'e' } }] }))).toEqual([
      ['non-smooth', 'unilateral[0].constraint'],
    ]);
    const stick = mutate(rodPendulum, { holonomic: [], unilateral: [{ name: 'floor', constraint: 'y + 3 >= 0', law: { stick: 'abs(x)' } }] });
    expect(problems(stick)).toEqual([['non-smooth', 'unilateral[0].law.stick']]);
  });

  it('a non-smooth generalized force is allowed (forces are never differentiated)', () => {
    expect(builds(mutate(ball, { forces: { y: "-sign(y')*0.1" } })).Q).toHaveLength(1);
  });
});

describe('expression inputs of the wrong kind', () => {
  it('true, null, an object or an array where an expression goes: bad-type', () => {
    expect(problems(mutate(ball, { potential: true }))).toEqual([['bad-type', 'potential']]);
    expect(problems(mutate(ball, { kinetic: null }))).toEqual([['bad-type', 'kinetic']]);
    expect(problems(mutate(ball, { forces: { y: { f: 1 } } }))).toEqual([['bad-type', 'forces.y']]);
  });

  it('an infinite number: non-finite-literal', () => {
    expect(problems(mutate(ball, { potential: Infinity }))).toEqual([['non-finite-literal', 'potential']]);
  });

  it("a kernel expression with a foreign symbol: unknown-symbol; with the model's own, accepted", () => {
    expect(problems(mutate(ball, { potential: mul(sym('m'), sym('k')) }))).toEqual([['unknown-symbol', 'potential']]);
    expect(builds(mutate(ball, { potential: mul(sym('m'), sym('g'), sym('y')) })).V).toBe(mul(sym('m'), sym('g'), sym('y')));
  });

  it('a parameter range may use only parameters', () => {
    expect(problems(mutate(ball, { parameters: { m: 1, g: 9.81, e: { default: 0.9, range: [0, 'y'] } } }))).toEqual([['unknown-symbol', 'parameters.e.range']]);
  });
});

describe('an expression built by another copy of the kernel', () => {
  it('is refused with foreign-expression in its field (a second copy interns equal expressions as other objects)', async () => {
    // The same source under another URL: a second module instance, as a model file that bundled its own copy of the toolkit has.
    // A specifier held in a variable: the type checker resolves only literal ones, and a query has no declaration file.
    const secondCopy: string = '../../../src/core/expr.js?second-copy';
    const other = (await import(secondCopy)) as typeof import('../../../src/core/expr.js');
    expect(other.sym).not.toBe(sym);
    const foreignPotential = other.mul(other.sym('m'), other.sym('g'), other.sym('y'));
    expect(problems(mutate(ball, { potential: foreignPotential }))).toEqual([['foreign-expression', 'potential']]);
    // Built with this copy, the same expression is accepted.
    expect(builds(mutate(ball, { potential: mul(sym('m'), sym('g'), sym('y')) })).V).toBeDefined();
  });
});
