// The limit of an end oscillating in the fast time √N(t − t₀)
// (src/derive/motion/fast-root.ts): the start where the oscillation
// outweighs the constant term for every phase, a root then lying within a
// period; undefined where it does not, where some phase leaves no root.
import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/core/parse.js';
import { fastRootLimit } from '../../../src/derive/motion/fast-root.js';
import type { Domain } from '../../../src/derive/proofs/sign.js';

/** g > 0. */
const domain: Domain = { variables: new Map([['g', { bounds: { lo: 0, hi: Number.POSITIVE_INFINITY } }]]) };
const limit = (condition: string) => fastRootLimit(parseExpr(condition), 'N', parseExpr('1'), domain);

describe('the limit of an oscillating end', () => {
  it.each([
    // kozlov1988 §2: the strip's y after x = 0, (2 − cos √N)² + sin² √N ≥ 1.
    ['the elastic strip', 'g*(1 - 2*cos(sqrt(N)*(t - 1)) + cos(sqrt(N)*t))/N'],
    ['an amplitude 2 about 1', '(1 + 2*sin(sqrt(N)*(t - 1)))/N^2'],
    ['a phase in the amplitude, 3 + sin √N ≥ 2 > 1', 'g*(1 + (3 + sin(sqrt(N)))*cos(sqrt(N)*(t - 1)))/sqrt(N)'],
  ])('%s: the start, 1', (_, c) => {
    expect(limit(c)).toBe(parseExpr('1'));
  });
  it.each([
    ['never zero, 3 + cos θ', '(3 + cos(sqrt(N)*(t - 1)))/N'],
    ['no root where cos √N = 0, 1 + 2cos √N cos θ', '(1 + 2*cos(sqrt(N))*cos(sqrt(N)*(t - 1)))/N'],
    ['two frequencies, cos 2θ', '(1 + 2*cos(2*sqrt(N)*(t - 1)))/N'],
    ['a slow part, t − 2 + cos θ/√N', 't - 2 + cos(sqrt(N)*(t - 1))/sqrt(N)'],
  ])('%s: undefined', (_, c) => {
    expect(limit(c)).toBeUndefined();
  });
});
