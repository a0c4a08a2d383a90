// The canonical-form invariants written at the top of src/core/expr.ts, as a
// checker, and a rebuild of any node through the smart constructors. Every
// pass must return nodes that pass `canonicalProblems`, and rebuilding a
// canonical node must give back the same object.
import { add, compare, fn, hasNegativeSign, mul, num, ONE, pow, sym, ZERO, type Expr } from '../../src/core/expr.js';
import { powRational } from '../../src/core/rational.js';
import type { Rational } from '../../src/core/rational.js';

const isInt = (e: Expr): boolean => e.kind === 'num' && e.value.d === 1;

function ratProblems(r: Rational, where: string): string[] {
  const out: string[] = [];
  const g = (a: number, b: number): number => (b ? g(b, a % b) : Math.abs(a));
  if (!Number.isSafeInteger(r.n) || !Number.isSafeInteger(r.d)) out.push(`${where}: unsafe integer in ${r.n}/${r.d}`);
  if (r.d <= 0) out.push(`${where}: denominator ${r.d} ≤ 0`);
  if (g(r.n, r.d) !== 1 && r.n !== 0) out.push(`${where}: ${r.n}/${r.d} not in lowest terms`);
  if (r.n === 0 && r.d !== 1) out.push(`${where}: zero with denominator ${r.d}`);
  return out;
}

/** Every violation of the canonical form in e and its subexpressions (empty when canonical). */
export function canonicalProblems(e: Expr): string[] {
  const out: string[] = [];
  const seen = new Set<Expr>();
  const visit = (u: Expr): void => {
    if (seen.has(u)) return;
    seen.add(u);
    const at = `${u.kind}#${u.id}`;
    switch (u.kind) {
      case 'num':
        out.push(...ratProblems(u.value, at));
        break;
      case 'sym':
        break;
      case 'add': {
        out.push(...ratProblems(u.constant, at));
        if (u.terms.length === 0) out.push(`${at}: no terms`);
        if (u.terms.length === 1 && u.constant.n === 0) out.push(`${at}: a lone term with constant 0`);
        u.terms.forEach((t, i) => {
          out.push(...ratProblems(t.coeff, `${at} term ${i}`));
          if (t.coeff.n === 0) out.push(`${at}: term ${i} has coefficient 0`);
          if (t.expr.kind === 'num') out.push(`${at}: term ${i} is a number`);
          if (t.expr.kind === 'add' && Math.abs(t.coeff.n) === 1 && t.coeff.d === 1) out.push(`${at}: term ${i} is a sum with coefficient ±1 (not flattened)`);
          if (t.expr.kind === 'mul' && !(t.expr.coeff.n === 1 && t.expr.coeff.d === 1)) out.push(`${at}: term ${i} carries its own coefficient`);
          if (i > 0 && compare(u.terms[i - 1]!.expr, t.expr) >= 0) out.push(`${at}: terms ${i - 1}, ${i} not strictly sorted`);
          visit(t.expr);
        });
        break;
      }
      case 'mul': {
        out.push(...ratProblems(u.coeff, at));
        if (u.coeff.n === 0) out.push(`${at}: coefficient 0`);
        if (u.factors.length === 0) out.push(`${at}: no factors`);
        if (u.factors.length === 1 && u.coeff.n === 1 && u.coeff.d === 1) out.push(`${at}: a single factor with coefficient 1`);
        if (u.factors.length === 1 && u.factors[0]!.exp === ONE && u.factors[0]!.base.kind === 'add' && u.coeff.n === -1 && u.coeff.d === 1) {
          out.push(`${at}: −(a+b) kept as a product instead of −a−b`);
        }
        if (u.factors.length === 1 && u.factors[0]!.exp === ONE && hasNegativeSign(u.factors[0]!.base)) {
          out.push(`${at}: c·(−a−b) kept instead of −c·(a+b)`);
        }
        u.factors.forEach((f, i) => {
          if (f.exp === ZERO) out.push(`${at}: factor ${i} has exponent 0`);
          if (isInt(f.exp) && f.base.kind === 'mul') out.push(`${at}: factor ${i} is a product under an integer exponent`);
          if (isInt(f.exp) && f.base.kind === 'pow') out.push(`${at}: factor ${i} is a power under an integer exponent`);
          if (f.base.kind === 'num' && f.exp.kind === 'num' && (isInt(f.exp) || powRational(f.base.value, f.exp.value))) {
            out.push(`${at}: factor ${i} is a number power that folds`);
          }
          if (f.base === ONE) out.push(`${at}: factor ${i} has base 1`);
          if (i > 0 && compare(u.factors[i - 1]!.base, f.base) >= 0) out.push(`${at}: factors ${i - 1}, ${i} not strictly sorted by base`);
          visit(f.base);
          visit(f.exp);
        });
        break;
      }
      case 'pow':
        if (u.exp === ZERO || u.exp === ONE) out.push(`${at}: exponent ${u.exp === ZERO ? 0 : 1}`);
        if (u.base === ONE) out.push(`${at}: base 1`);
        if (isInt(u.exp) && u.base.kind === 'mul') out.push(`${at}: product under an integer exponent`);
        if (isInt(u.exp) && u.base.kind === 'pow') out.push(`${at}: power under an integer exponent`);
        if (u.base.kind === 'num' && u.exp.kind === 'num' && powRational(u.base.value, u.exp.value)) out.push(`${at}: number power that folds`);
        visit(u.base);
        visit(u.exp);
        break;
      case 'fn': {
        const [x] = u.args as [Expr];
        if (u.args.length !== 1) out.push(`${at}: ${u.args.length} arguments`);
        if ((u.name === 'sin' || u.name === 'tan' || u.name === 'cos') && x === ZERO) out.push(`${at}: ${u.name}(0) not folded`);
        if (u.name !== 'exp' && u.name !== 'log' && hasNegativeSign(x)) out.push(`${at}: ${u.name} of a negative-looking argument`);
        if (u.name === 'exp' && (x === ZERO || (x.kind === 'fn' && x.name === 'log'))) out.push(`${at}: exp not folded`);
        if (u.name === 'log' && (x === ONE || (x.kind === 'fn' && x.name === 'exp'))) out.push(`${at}: log not folded`);
        if ((u.name === 'abs' || u.name === 'sign') && x.kind === 'num') out.push(`${at}: ${u.name} of a number`);
        u.args.forEach(visit);
        break;
      }
    }
  };
  visit(e);
  return out;
}

/**
 * e rebuilt bottom-up through the smart constructors: canonicalizing a node
 * again. For canonical e the result is e itself.
 */
export function rebuild(e: Expr): Expr {
  switch (e.kind) {
    case 'num':
      return num(e.value);
    case 'sym':
      return sym(e.name);
    case 'add':
      return add(num(e.constant), ...e.terms.map((t) => mul(num(t.coeff), rebuild(t.expr))));
    case 'mul':
      return mul(num(e.coeff), ...e.factors.map((f) => pow(rebuild(f.base), rebuild(f.exp))));
    case 'pow':
      return pow(rebuild(e.base), rebuild(e.exp));
    case 'fn':
      return fn(e.name, ...e.args.map(rebuild));
  }
}

/**
 * A deep plain copy of the public structure of e (ids included), to check
 * that nothing was mutated. Only the fields of the Expr types are copied:
 * whatever else a pass may cache on a node is not part of its value.
 */
export function snapshot(e: Expr): unknown {
  const rat = (r: Rational): [number, number] => [r.n, r.d];
  switch (e.kind) {
    case 'num':
      return { kind: e.kind, id: e.id, value: rat(e.value) };
    case 'sym':
      return { kind: e.kind, id: e.id, name: e.name };
    case 'add':
      return { kind: e.kind, id: e.id, constant: rat(e.constant), terms: e.terms.map((t) => [snapshot(t.expr), rat(t.coeff)]) };
    case 'mul':
      return { kind: e.kind, id: e.id, coeff: rat(e.coeff), factors: e.factors.map((f) => [snapshot(f.base), snapshot(f.exp)]) };
    case 'pow':
      return { kind: e.kind, id: e.id, base: snapshot(e.base), exp: snapshot(e.exp) };
    case 'fn':
      return { kind: e.kind, id: e.id, name: e.name, args: e.args.map(snapshot) };
  }
}
