// Signs of expressions on the assumption box (src/derive/proofs/sign.ts): the
// exact rules (positive symbols, sums, even powers, exp) that need no
// search, the interval proofs for the rest, and the factorization the
// admissibility conditions are reduced with.
import { describe, expect, it } from 'vitest';
import { num } from '../../../src/core/expr.js';
import { toText } from '../../../src/core/print.js';
import * as Q from '../../../src/core/rational.js';
import { assumptionDomain } from '../../../src/derive/proofs/assumptions.js';
import { factorize, signOn } from '../../../src/derive/proofs/sign.js';
import { canonical, hand } from '../../helpers/hand.js';

const domain = assumptionDomain([
  { parameter: 'alpha', lower: num(0), upper: canonical('pi/2'), lowerOpen: true, upperOpen: true, source: 'declared' },
  { parameter: 'm', lower: num(0), lowerOpen: true, upperOpen: false, source: 'positive default' },
  { parameter: 'l', lower: num(0), lowerOpen: true, upperOpen: false, source: 'positive default' },
]);
const sign = (s: string) => signOn(canonical(s), domain);

describe('the sign of an expression on the assumption box', () => {
  it('is positive for products and sums of positive parameters, even powers of them, exp and π', () => {
    expect(sign('m*l^2*(1 + m)')).toBe('positive');
    expect(sign('exp(-l) + pi')).toBe('positive');
    expect(sign('1/(m + l)')).toBe('positive');
  });
  it('is negative when the negation is proved positive: −m, cos α − 2', () => {
    expect(sign('-m')).toBe('negative');
    expect(sign('cos(alpha) - 2')).toBe('negative');
  });
  it('is positive for sin α and cos α on the open quarter turn (interval proofs)', () => {
    expect(sign('sin(alpha)')).toBe('positive');
    expect(sign('cos(alpha)')).toBe('positive');
  });
  it('is positive for a power of a positive base whatever its exponent, and for products of such: (sin α)^{π/α}, cos α^l · m^{1/2}', () => {
    expect(sign('sin(alpha)^(pi/alpha)')).toBe('positive');
    expect(sign('cos(alpha)^l*m^(1/2)')).toBe('positive');
    expect(sign('(1 - 3*sin(alpha)^2)^(pi/alpha)')).toBe('unknown');
  });
  it('is unknown where the sign changes or a symbol has no assumption', () => {
    expect(sign('1 - 3*sin(alpha)^2')).toBe('unknown');
    expect(sign('m - l')).toBe('unknown');
    expect(sign('y^2 + 1 - 2*y')).toBe('unknown');
  });
});

describe('factorize', () => {
  const show = (s: string) => {
    const { coeff, factors } = factorize(hand(s));
    return [Q.toString(coeff), ...factors.map((f) => `${toText(f.base)}^${toText(f.exp)}`)];
  };
  it('pulls the content out of sums and flattens products: (2 − 6 sin²α)/(3 l) = −(2/3)·(3 sin²α − 1)·l⁻¹', () => {
    expect(show('(2 - 6*sin(alpha)^2)/(3*l)').sort()).toEqual(['-2/3', `${toText(canonical('3*sin(alpha)^2 - 1'))}^1`, 'l^-1'].sort());
  });
  it('splits an integer power of a product: (2 m l)² = 4·m²·l²', () => {
    expect(show('(2*m*l)^2').sort()).toEqual(['4', 'l^2', 'm^2'].sort());
  });
  it('keeps a number as the coefficient alone', () => {
    expect(show('-3/4')).toEqual(['-3/4']);
  });
});
