// Positive factors taken out of sgn's argument (src/core/sign-arguments.ts):
// checked by value at random points where the assumptions hold, and by form.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { toText } from '../../src/core/print.js';
import { dropPositiveSignFactors } from '../../src/core/sign-arguments.js';
import { canonical } from '../helpers/hand.js';

const positive = new Set(['m', 'l']);
const drop = (s: string) => toText(dropPositiveSignFactors(canonical(s), positive));

describe('positive factors in a sign', () => {
  it('takes parameters assumed > 0, numbers and their powers out: sgn(p/m) = sgn p', () => {
    expect(drop('sign(p/m)')).toBe(toText(canonical('sign(p)')));
    expect(drop('F - Phi*sign(3*p*l^2/m)')).toBe(toText(canonical('F - Phi*sign(p)')));
    expect(drop('sign(-2*p*q/m)')).toBe(toText(canonical('-sign(p*q)')));
  });
  it('keeps factors of unknown sign and signs of sums', () => {
    expect(drop('sign(p*k)')).toBe(toText(canonical('sign(p*k)')));
    expect(drop('sign(p/m + q)')).toBe(toText(canonical('sign(p/m + q)')));
  });
  it('is the same function wherever m, l > 0', () => {
    const e = canonical('sign(p*l/m) * q + sign(-q*k/(m*l^3)) - sign(p - q/m)');
    const d = dropPositiveSignFactors(e, positive);
    const real = fc.double({ min: -5, max: 5, noNaN: true }).filter((x) => Math.abs(x) > 1e-3);
    const pos = fc.double({ min: 1e-2, max: 5, noNaN: true });
    fc.assert(
      fc.property(real, real, real, pos, pos, (p, q, k, m, l) => {
        const env = { p, q, k, m, l };
        expect(evaluate(d, env)).toBe(evaluate(e, env));
      }),
    );
  });
});
