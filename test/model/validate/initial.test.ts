// initial: finite values for coordinates, a positive finite t1.
import { describe, expect, it } from 'vitest';
import { ball, builds, mutate, problems } from '../spec-cases.js';

describe('initial state (its form)', () => {
  it('an array, q that is null, a value that is a string or NaN: bad-type, bad-type, bad-initial', () => {
    expect(problems(mutate(ball, { initial: [] }))).toEqual([['bad-type', 'initial']]);
    expect(problems(mutate(ball, { initial: { q: null } }))).toEqual([['bad-type', 'initial.q']]);
    expect(problems(mutate(ball, { initial: { q: { y: '1' } } }))).toEqual([['bad-initial', 'initial.q.y']]);
    expect(problems(mutate(ball, { initial: { qd: { y: Number.NaN } } }))).toEqual([['bad-initial', 'initial.qd.y']]);
  });

  it('t1 that is not a positive finite number: bad-initial in field initial.t1', () => {
    for (const t1 of [0, -1, Infinity, '5']) expect(problems(mutate(ball, { initial: { q: { y: 1 }, t1 } })), String(t1)).toEqual([['bad-initial', 'initial.t1']]);
  });

  it('an initial value for an unknown coordinate: unknown-coordinate', () => {
    expect(problems(mutate(ball, { initial: { q: { y: 1, x: 2 } } }))).toEqual([['unknown-coordinate', 'initial.q.x']]);
  });

  it('missing values are 0 and t1 is 10 by default', () => {
    expect(builds(mutate(ball, { initial: { q: { y: 2 } } })).initial).toEqual({ q0: [2], qd0: [0], t1: 10 });
  });
});
