// Exact rational coefficients. Mechanics coefficients are small (½, 2, 1/3),
// so numerator and denominator are plain safe integers: an order of magnitude
// faster than bigint on the derivation hot path. Leaving the safe range is an
// error, never a silent rounding.
import { MechanicsError } from '../errors.js';

export interface Rational {
  readonly n: number;
  /** Always > 0; gcd(n, d) = 1. */
  readonly d: number;
}

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

function checked(x: number): number {
  if (!Number.isSafeInteger(x)) {
    throw new MechanicsError('coefficient-overflow', 'numeric', `exact rational coefficient overflowed (${x}); rescale the model's numbers`);
  }
  return x;
}

/**
 * An integer as V8's small integer where it fits (|x| < 2³¹), never −0.
 * One value stored in a Rational as a heap double (−0, 100 from 10 ** 2, a
 * quotient the interpreter left boxed) makes V8 store the fields of every
 * Rational as boxed doubles from then on: 32 bytes and two allocations more
 * per coefficient, a sixth of the derivation's heap.
 */
const small = (x: number): number => (x === (x | 0) ? x | 0 : x);

/**
 * Rationals with |n| ≤ SHARED and d = 1 or 2, made once: the coefficients of a
 * derivation are almost all of these (the 40-link pendulum's 368,000
 * coefficients had 6 distinct values: 1, −1, 2, ½, −2, 0), and an object per
 * coefficient was 8 % of its live heap. Rationals are immutable and compared
 * by value (eq, cmp), never by identity, so sharing them is unobservable.
 */
const SHARED = 32;
const INTEGERS: readonly Rational[] = Array.from({ length: 2 * SHARED + 1 }, (_, i) => ({ n: i - SHARED, d: 1 }));
const HALVES: readonly Rational[] = Array.from({ length: 2 * SHARED + 1 }, (_, i) => ({ n: i - SHARED, d: 2 }));

/** The Rational n/d (already in lowest terms, d > 0, n a small integer where it fits): shared when small. */
function of(n: number, d: number): Rational {
  if (n >= -SHARED && n <= SHARED) {
    if (d === 1) return INTEGERS[n + SHARED]!;
    if (d === 2) return HALVES[n + SHARED]!;
  }
  return { n, d };
}

export function rat(n: number, d = 1): Rational {
  if (d === 0) throw new MechanicsError('division-by-zero', 'input', 'division by zero in an exact coefficient');
  checked(n);
  checked(d);
  if (d < 0) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d) || 1;
  return of(small(n / g), small(d / g));
}

export const ZERO: Rational = of(0, 1);
export const ONE: Rational = of(1, 1);
export const MINUS_ONE: Rational = of(-1, 1);
export const HALF: Rational = of(1, 2);

/**
 * Exact value of a decimal literal such as 9.81 (from its shortest decimal
 * form), reduced before it must fit: 0.8414709848078965 is
 * 8414709848078965/10¹⁶, whose denominator alone is past 2⁵³, but is
 * 1682941969615793/(2·10¹⁵) in lowest terms. Digits are read as bigints,
 * since a 17-digit numerator need not be a double.
 */
export function ratFromNumber(x: number): Rational {
  if (!Number.isFinite(x)) throw new MechanicsError('non-finite-literal', 'input', `numeric literal ${x} is not finite`);
  if (Number.isSafeInteger(x)) return rat(x);
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(x.toString());
  if (!m) throw new MechanicsError('bad-literal', 'input', `cannot represent ${x} exactly`);
  const frac = m[3] ?? '';
  const shift = Number(m[4] ?? 0) - frac.length;
  let n = BigInt((m[2] ?? '') + frac) * 10n ** BigInt(Math.max(shift, 0));
  let d = 10n ** BigInt(Math.max(-shift, 0));
  const g = bigGcd(n, d);
  n /= g;
  d /= g;
  const limit = BigInt(Number.MAX_SAFE_INTEGER);
  if (n > limit || d > limit) {
    throw new MechanicsError(
      'coefficient-overflow',
      'numeric',
      `the number ${x} has no exact coefficient within 2^53 (${n}/${d}); rescale the model's numbers`,
    );
  }
  return rat(m[1] ? -Number(n) : Number(n), Number(d));
}

function bigGcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}

export const isZero = (a: Rational): boolean => a.n === 0;
export const isOne = (a: Rational): boolean => a.n === 1 && a.d === 1;
export const isInteger = (a: Rational): boolean => a.d === 1;
export const isNegative = (a: Rational): boolean => a.n < 0;
export const eq = (a: Rational, b: Rational): boolean => a.n === b.n && a.d === b.d;

// Every product and sum is checked on its own: a sum of two overflowed
// products can land back in the safe range with the wrong value.
export function add(a: Rational, b: Rational): Rational {
  if (a.d === b.d) return rat(checked(a.n + b.n), a.d);
  const g = gcd(a.d, b.d);
  const bd = b.d / g;
  return rat(checked(checked(a.n * bd) + checked(b.n * (a.d / g))), checked(a.d * bd));
}
export function sub(a: Rational, b: Rational): Rational {
  return add(a, neg(b));
}
export function mul(a: Rational, b: Rational): Rational {
  if (a.d === 1 && b.d === 1) return of(small(checked(a.n * b.n)), 1);
  // Cancel crosswise first, so only results that really overflow are errors.
  const g1 = gcd(a.n, b.d) || 1;
  const g2 = gcd(b.n, a.d) || 1;
  return rat(checked((a.n / g1) * (b.n / g2)), checked((a.d / g2) * (b.d / g1)));
}
export function div(a: Rational, b: Rational): Rational {
  if (b.n === 0) throw new MechanicsError('division-by-zero', 'input', 'division by zero in an exact coefficient');
  return mul(a, { n: b.n < 0 ? -b.d : b.d, d: Math.abs(b.n) });
}
export const neg = (a: Rational): Rational => of(small(0 - a.n), a.d);
export const abs = (a: Rational): Rational => (a.n < 0 ? neg(a) : a);
export const toNumber = (a: Rational): number => a.n / a.d;
/** Sign of a − b (exact: products beyond 2^53 are compared as bigints). */
export function cmp(a: Rational, b: Rational): number {
  const l = a.n * b.d;
  const r = b.n * a.d;
  if (Number.isSafeInteger(l) && Number.isSafeInteger(r)) return l - r;
  const d = BigInt(a.n) * BigInt(b.d) - BigInt(b.n) * BigInt(a.d);
  return d > 0n ? 1 : d < 0n ? -1 : 0;
}

/** gcd(a/b, c/d) = gcd(a, c) / lcm(b, d), positive. */
export function gcdOf(x: Rational, y: Rational): Rational {
  return rat(gcd(x.n, y.n), (x.d / gcd(x.d, y.d)) * y.d);
}

/** a^k for integer k. */
export function powInt(a: Rational, k: number): Rational {
  if (k < 0) return powInt(div(ONE, a), -k);
  let r = ONE;
  for (let i = 0; i < k; i++) r = mul(r, a);
  return r;
}

/** Exact a^(p/q) when it is rational (perfect powers), else undefined. */
export function powRational(a: Rational, e: Rational): Rational | undefined {
  if (e.d === 1) return a.n === 0 && e.n < 0 ? undefined : powInt(a, e.n);
  if (a.n < 0) return undefined;
  const root = (x: number): number | undefined => {
    const r = Math.round(x ** (1 / e.d));
    return r ** e.d === x ? r : undefined;
  };
  const rn = root(a.n);
  const rd = root(a.d);
  if (rn === undefined || rd === undefined) return undefined;
  return powInt(rat(rn, rd), e.n);
}

// biome-ignore lint/suspicious/noShadowRestrictedNames: called as Q.toString through the namespace import, never bare
export function toString(a: Rational): string {
  return a.d === 1 ? `${a.n}` : `${a.n}/${a.d}`;
}
