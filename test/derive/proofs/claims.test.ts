// A paper's inequalities proved on a parameter box (src/derive/proofs/claims.ts):
// Rubanovich–Formalsky (2.9) typed from the paper, ν = [(I* + cos(2π/k))/(I* + 1)]^k
// with α = π/k, proved < 1, increasing in k and squeezed to 1 as k → ∞ for
// k ≥ 5 (α ∈ (0, π/5]) and every I* ∈ [0, 1]; claims that are false stay unproved.
import { describe, expect, it } from 'vitest';
import { num } from '../../../src/core/expr.js';
import { subs } from '../../../src/core/subs.js';
import { assumptionDomain } from '../../../src/derive/proofs/assumptions.js';
import { proveClaim } from '../../../src/derive/proofs/claims.js';
import { canonical } from '../../helpers/hand.js';

const domain = assumptionDomain([
  { parameter: 'Istar', lower: num(0), upper: num(1), lowerOpen: false, upperOpen: false, source: 'declared' },
  { parameter: 'alpha', lower: num(0), upper: canonical('pi/5'), lowerOpen: true, upperOpen: false, source: 'declared' },
]);
/** (2.9) as the paper prints it, k = π/α. */
const nu = subs(canonical('((Istar + cos(2*pi/k))/(Istar + 1))^k'), new Map([['k', canonical('pi/alpha')]]));
const rate = { parameter: 'alpha', of: canonical('pi/alpha') };

describe('Rubanovich–Formalsky (2.9) for k ≥ 5', () => {
  it('ν < 1: by logarithms, −(π/α) ln((I* + cos 2α)/(1 + I*)) > 0', () => {
    const proof = proveClaim(num(1), nu, domain);
    expect(proof).toMatchObject({ holds: true, via: 'logarithms' });
  });
  it('ν increases with k: d ln ν/dk > 0', () => {
    expect(proveClaim(nu, num(0), domain, rate)).toMatchObject({ holds: true, via: 'logarithms' });
  });
  it('ν > exp(−16π/k), so with ν < 1, ν → 1 as k → ∞', () => {
    expect(proveClaim(nu, subs(canonical('exp(-16*pi/k)'), new Map([['k', canonical('pi/alpha')]])), domain).holds).toBe(true);
  });
  it('false claims stay unproved: ν > 1, ν decreasing in k, ν > exp(−π/k)', () => {
    expect(proveClaim(nu, num(1), domain).holds).toBe(false);
    expect(proveClaim(num(0), nu, domain, rate).holds).toBe(false);
    expect(proveClaim(nu, subs(canonical('exp(-pi/k)'), new Map([['k', canonical('pi/alpha')]])), domain).holds).toBe(false);
  });
  it('a claim without logarithms compares the difference where a side may vanish: 2 + I* > cos 4α', () => {
    expect(proveClaim(canonical('Istar'), canonical('cos(2*alpha)'), domain).holds).toBe(false);
    expect(proveClaim(canonical('2 + Istar'), canonical('cos(4*alpha)'), domain)).toMatchObject({ holds: true, via: 'difference' });
  });
});
