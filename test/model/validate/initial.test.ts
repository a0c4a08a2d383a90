// initial: values that are numbers or expressions of the parameters, finite at the defaults; a positive finite t1.
import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/core/parse.js';
import { ball, builds, mutate, problems } from '../spec-cases.js';

/** The ball with a declared range for its height parameter h. */
const ballAt = (initial: unknown) => mutate(ball, { parameters: { ...ball.parameters, h: { default: 2, range: [0, 10] } }, initial });

describe('initial state (its form)', () => {
  it('an array, q that is null, a value that is null or NaN: bad-type, bad-type, bad-type, bad-initial', () => {
    expect(problems(mutate(ball, { initial: [] }))).toEqual([['bad-type', 'initial']]);
    expect(problems(mutate(ball, { initial: { q: null } }))).toEqual([['bad-type', 'initial.q']]);
    expect(problems(mutate(ball, { initial: { q: { y: null } } }))).toEqual([['bad-type', 'initial.q.y']]);
    expect(problems(mutate(ball, { initial: { qd: { y: Number.NaN } } }))).toEqual([['bad-initial', 'initial.qd.y']]);
  });

  it('t1 that is not a positive finite number at the defaults: bad-initial in field initial.t1', () => {
    for (const t1 of [0, -1, Infinity, '-g'])
      expect(problems(mutate(ball, { initial: { q: { y: 1 }, t1 } })), String(t1)).toEqual([['bad-initial', 'initial.t1']]);
  });

  it('an initial value for an unknown coordinate: unknown-coordinate', () => {
    expect(problems(mutate(ball, { initial: { q: { y: 1, x: 2 } } }))).toEqual([['unknown-coordinate', 'initial.q.x']]);
  });

  it('missing values are 0 and t1 is 10 by default', () => {
    expect(builds(mutate(ball, { initial: { q: { y: 2 } } })).initial).toEqual({ q0: [2], qd0: [0], t1: 10 });
  });

  it('values written in terms of the parameters are evaluated at the defaults; the expressions are kept', () => {
    const model = builds(ballAt({ q: { y: 'h/2' }, qd: { y: '-sqrt(2*g*h)' }, t1: '2*sqrt(2*h/g)' }));
    expect(model.initial).toEqual({ q0: [1], qd0: [-Math.sqrt(2 * 9.81 * 2)], t1: 2 * Math.sqrt(4 / 9.81) });
    expect(typeof model.initialExprs.q0[0]).toBe('object');
  });

  it('a kernel expression is read like a string: its symbols must be parameters', () => {
    expect(builds(ballAt({ q: { y: parseExpr('h/4') } })).initial.q0).toEqual([0.5]);
    expect(problems(ballAt({ q: { y: parseExpr('y + h') } }))).toEqual([['unknown-symbol', 'initial.q.y']]);
  });

  it('a number is kept as given, however many digits (the exact kernel holds only short decimals)', () => {
    expect(builds(mutate(ball, { initial: { q: { y: Math.cos(0.2) } } })).initial.q0).toEqual([Math.cos(0.2)]);
  });

  it("a coordinate, t or a velocity in an initial value: named errors in the value's field", () => {
    expect(problems(ballAt({ q: { y: 'y + 1' } }))).toEqual([['unknown-symbol', 'initial.q.y']]);
    expect(problems(ballAt({ qd: { y: 't' } }))).toEqual([['unknown-symbol', 'initial.qd.y']]);
    expect(problems(ballAt({ t1: "y'" }))[0]![1]).toBe('initial.t1');
    expect(problems(ballAt({ q: { y: 'k*h' } }))).toEqual([['unknown-symbol', 'initial.q.y']]);
    expect(problems(ballAt({ q: { y: 'h +' } }))).toEqual([['parse-error', 'initial.q.y']]);
  });

  it('a value that is not finite at the defaults: bad-initial naming the coordinate', () => {
    expect(problems(ballAt({ q: { y: 'sqrt(1 - h)' } }))).toEqual([['bad-initial', 'initial.q.y']]);
    expect(problems(ballAt({ q: { y: 1 }, qd: { y: '1/(h - 2)' } }))[0]).toEqual(['bad-initial', 'initial.qd.y']);
  });
});
