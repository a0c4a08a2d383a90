// Product-to-sum linearization of a trigonometric polynomial: its Fourier
// form, the sum of sines and cosines of sums of its angles (cos a cos b =
// ½[cos(a−b) + cos(a+b)], …), unique, so it cancels whatever cancels.
//
// A term of degree d expands into up to 2^(d−1) frequencies before they
// cancel: the bicycle's mass matrix has terms of degree 18 in seven angles.
// Built as expressions (an interned sum for every angle a − b and a + b)
// that took minutes; when every angle is an integer combination of a few
// atoms (ψ, φ, 2θ − δ; no constant, no nested sums), an angle is one
// integer instead, its atoms' coefficients as balanced digits of a mixed
// radix, and a coefficient an integer multiple of 1/(L·2^D) (L the
// denominators' lcm, D the highest degree) while the absolute coefficients
// stay below 2^53, so that doubles add them exactly. Only the frequencies
// that remain become expressions, through the same constructors, so both
// routes give one canonical result (test/core/fourier.test.ts compares them).
import * as Q from './rational.js';
import type { Rational } from './rational.js';
import { add, addFromTerms, cos, ONE, sin, splitCoeff, sub, type Expr, type Factor, type Term } from './expr.js';

/** Fourier form of a trig polynomial: keys are ONE, cos(a) or sin(a) (canonical), values coefficients. */
type Fourier = Map<Expr, Rational>;

/** The terms of a trig polynomial: coefficients times products of positive integer powers of sines and cosines. */
const termsOf = (poly: Expr): readonly Term[] => (poly.kind === 'add' ? poly.terms : [{ expr: splitCoeff(poly)[1], coeff: splitCoeff(poly)[0] }]);

const factorsOf = (term: Expr): readonly Factor[] =>
  term.kind === 'mul' ? term.factors : term.kind === 'pow' ? [{ base: term.base, exp: term.exp }] : [{ base: term, exp: ONE }];

/** The Fourier form of a trig polynomial (every term a product of positive integer powers of sin and cos), multiplied out. */
export function linearize(poly: Expr): Expr {
  return packedLinearize(poly) ?? generalLinearize(poly);
}

function accumulate(out: Fourier, e: Expr, c: Rational): void {
  const [k, key] = splitCoeff(e);
  const v = Q.mul(c, k);
  if (Q.isZero(v)) return;
  const prev = out.get(key);
  out.set(key, prev ? Q.add(prev, v) : v);
}

/** The form from the accumulated Fourier terms: their constant (key ONE) apart. */
function fromFourier(total: Fourier): Expr {
  const constant = total.get(ONE) ?? Q.ZERO;
  total.delete(ONE);
  return addFromTerms(constant, total);
}

// ---------------------------------------------------------------- general route
/** Product-to-sum: (one Fourier term) × f(a) for f ∈ {sin, cos}. */
function timesTrig(acc: Fourier, f: 'sin' | 'cos', a: Expr): Fourier {
  const out: Fourier = new Map();
  for (const [key, c] of acc) {
    if (key === ONE) {
      accumulate(out, f === 'sin' ? sin(a) : cos(a), c);
      continue;
    }
    const g = (key as Expr & { kind: 'fn' }).name as 'sin' | 'cos';
    const b = (key as Expr & { kind: 'fn' }).args[0]!;
    const h = Q.mul(c, Q.HALF);
    const dif = sub(b, a);
    const sum = add(b, a);
    if (g === 'cos' && f === 'cos') {
      accumulate(out, cos(dif), h);
      accumulate(out, cos(sum), h);
    } else if (g === 'sin' && f === 'sin') {
      accumulate(out, cos(dif), h);
      accumulate(out, cos(sum), Q.neg(h));
    } else if (g === 'sin' && f === 'cos') {
      accumulate(out, sin(sum), h);
      accumulate(out, sin(dif), h);
    } else {
      accumulate(out, sin(sum), h);
      accumulate(out, sin(sub(a, b)), h);
    }
  }
  return out;
}

/** The Fourier form by expressions, for any angles: the route linearize falls back to. */
export function generalLinearize(poly: Expr): Expr {
  const total: Fourier = new Map();
  if (poly.kind === 'add' && !Q.isZero(poly.constant)) total.set(ONE, poly.constant);
  for (const t of termsOf(poly)) {
    let acc: Fourier = new Map([[ONE, t.coeff]]);
    for (const f of factorsOf(t.expr)) {
      const base = f.base as Expr & { kind: 'fn' };
      const k = (f.exp as Expr & { kind: 'num' }).value.n;
      for (let i = 0; i < k; i++) acc = timesTrig(acc, base.name as 'sin' | 'cos', base.args[0]!);
    }
    for (const [key, c] of acc) {
      const prev = total.get(key);
      total.set(key, prev ? Q.add(prev, c) : c);
    }
  }
  return fromFourier(total);
}

// ---------------------------------------------------------------- packed route
/** Angles as integers: atom j's coefficient is the balanced digit (|digit| ≤ bound[j]) of radix 2·bound[j] + 1, the first atom's the lowest. */
interface Packing {
  readonly atoms: readonly Expr[];
  readonly bound: readonly number[];
}

/** An angle's atoms and integer coefficients, or undefined when it has a constant, a fraction or a nested sum. */
function atomsOf(angle: Expr): (readonly [Expr, number])[] | undefined {
  const terms = angle.kind === 'add' ? (Q.isZero(angle.constant) ? angle.terms : undefined) : angle.kind === 'num' ? undefined : termsOf(angle);
  if (!terms) return undefined;
  const out: (readonly [Expr, number])[] = [];
  for (const t of terms) {
    if (!Q.isInteger(t.coeff) || t.expr.kind === 'add') return undefined;
    out.push([t.expr, t.coeff.n]);
  }
  return out;
}

/** Largest place value a packed angle may reach, with the sine/cosine bit beside it, inside the safe integers. */
const MAX_PACKED = 2 ** 50;

function packedLinearize(poly: Expr): Expr | undefined {
  const terms = termsOf(poly);
  // Per term and factor: the packed angle (filled once the packing is known), the function and the power.
  const index = new Map<Expr, number>();
  const parsed: { readonly atoms: (readonly [Expr, number])[]; readonly f: 'sin' | 'cos'; readonly k: number }[][] = [];
  const reach: number[][] = [];
  let degree = 0;
  for (const t of terms) {
    const factors = [];
    const r: number[] = [];
    let d = 0;
    for (const f of factorsOf(t.expr)) {
      const base = f.base as Expr & { kind: 'fn' };
      const k = (f.exp as Expr & { kind: 'num' }).value.n;
      const atoms = atomsOf(base.args[0]!);
      if (!atoms) return undefined;
      for (const [atom, c] of atoms) {
        let j = index.get(atom);
        if (j === undefined) index.set(atom, (j = index.size));
        r[j] = (r[j] ?? 0) + Math.abs(c) * k;
      }
      factors.push({ atoms, f: base.name as 'sin' | 'cos', k });
      d += k;
    }
    parsed.push(factors);
    reach.push(r);
    degree = Math.max(degree, d);
  }
  // No partial sum of a term's angles leaves its atoms' reach.
  const bound = [...index.keys()].map((_, j) => Math.max(0, ...reach.map((r) => r[j] ?? 0)));
  const stride: number[] = [];
  let place = 1;
  for (const b of bound) {
    stride.push(place);
    place *= 2 * b + 1;
    if (place > MAX_PACKED) return undefined;
  }
  const packing: Packing = { atoms: [...index.keys()], bound };
  // Coefficients as integers over L·2^D, exact while their absolute sum is a safe integer.
  const constant = poly.kind === 'add' ? poly.constant : Q.ZERO;
  const L = [constant, ...terms.map((t) => t.coeff)].reduce((l, c) => (l / gcd(l, c.d)) * c.d, 1);
  const scale = L * 2 ** degree;
  let mass = Math.abs(constant.n * (L / constant.d)) * 2 ** degree;
  const starts = terms.map((t) => {
    const c = t.coeff.n * (L / t.coeff.d) * 2 ** degree;
    mass += Math.abs(c);
    return c;
  });
  if (!Number.isSafeInteger(scale) || !Number.isSafeInteger(mass)) return undefined;
  // Keys: 2·angle for its cosine, 2·angle + 1 for its sine, the angle ≥ 0 (cos(−a) = cos a, sin(−a) = −sin a).
  const total = new Map<number, number>();
  if (!Q.isZero(constant)) total.set(0, constant.n * (L / constant.d) * 2 ** degree);
  terms.forEach((_, i) => {
    let acc = new Map<number, number>([[0, starts[i]!]]);
    for (const { atoms, f, k } of parsed[i]!) {
      let a = 0;
      for (const [atom, c] of atoms) a += c * stride[index.get(atom)!]!;
      for (let n = 0; n < k; n++) acc = timesPacked(acc, f, a);
    }
    for (const [key, c] of acc) total.set(key, (total.get(key) ?? 0) + c);
  });
  const out: Fourier = new Map();
  for (const [key, c] of total) {
    if (c === 0) continue;
    const angle = unpack(packing, Math.floor(key / 2));
    accumulate(out, key % 2 ? sin(angle) : cos(angle), Q.rat(c, scale));
  }
  return fromFourier(out);
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** Adds c·f(angle) to a packed Fourier form (cos 0 = 1 at key 0, sin 0 = 0 dropped). */
function put(out: Map<number, number>, f: 0 | 1, angle: number, c: number): void {
  if (angle < 0) {
    angle = -angle;
    if (f) c = -c;
  } else if (angle === 0 && f) return;
  const key = 2 * angle + f;
  out.set(key, (out.get(key) ?? 0) + c);
}

/** timesTrig on packed angles; every coefficient halves (the scale 2^D leaves them integers). */
function timesPacked(acc: Map<number, number>, f: 'sin' | 'cos', a: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const [key, c] of acc) {
    const b = Math.floor(key / 2);
    const h = c / 2;
    if (key % 2 === 0) {
      // cos b cos a = ½[cos(b−a) + cos(b+a)];  cos b sin a = ½[sin(b+a) − sin(b−a)]
      if (f === 'cos') {
        put(out, 0, b - a, h);
        put(out, 0, b + a, h);
      } else {
        put(out, 1, b + a, h);
        put(out, 1, b - a, -h);
      }
    } else if (f === 'cos') {
      // sin b cos a = ½[sin(b+a) + sin(b−a)]
      put(out, 1, b + a, h);
      put(out, 1, b - a, h);
    } else {
      // sin b sin a = ½[cos(b−a) − cos(b+a)]
      put(out, 0, b - a, h);
      put(out, 0, b + a, -h);
    }
  }
  return out;
}

/** The angle of a packed integer: Σ digit_j·atom_j as a canonical sum. */
function unpack({ atoms, bound }: Packing, packed: number): Expr {
  const acc = new Map<Expr, Rational>();
  let rest = packed;
  for (let j = 0; j < atoms.length; j++) {
    const radix = 2 * bound[j]! + 1;
    let digit = ((rest % radix) + radix) % radix;
    if (digit > bound[j]!) digit -= radix;
    rest = (rest - digit) / radix;
    if (digit !== 0) acc.set(atoms[j]!, Q.rat(digit));
  }
  return addFromTerms(Q.ZERO, acc);
}
