// Printing kernel expressions as arithmetic, with operation counts: in
// JavaScript, or in C or Python through a Dialect (their operators and float
// literals are JavaScript's; only the names of the functions differ).
// Tests: test/codegen/generated.test.ts, test/codegen/module.test.ts,
// test/codegen/target-c.test.ts, test/codegen/target-python.test.ts.
import * as Q from '../core/rational.js';
import { neg, unreachable, type Expr, type Factor, type FnName } from '../core/expr.js';

/** How a node prints when it is bound to a name (a symbol's local, or a CSE temporary). */
export type NameOf = (e: Expr) => string | undefined;

export interface Printed {
  readonly code: string;
  /** Arithmetic operations and function calls. */
  readonly ops: number;
}

/** How a language names the functions a kernel expression calls, and π. */
export interface Dialect {
  readonly fn: Readonly<Record<FnName | 'sqrt' | 'pow', string>>;
  readonly pi: string;
}

export const JS: Dialect = {
  fn: {
    sin: 'Math.sin',
    cos: 'Math.cos',
    tan: 'Math.tan',
    asin: 'Math.asin',
    acos: 'Math.acos',
    atan: 'Math.atan',
    exp: 'Math.exp',
    log: 'Math.log',
    abs: 'Math.abs',
    sign: 'Math.sign',
    sqrt: 'Math.sqrt',
    pow: 'Math.pow',
  },
  pi: 'Math.PI',
};

export function literal(r: Q.Rational): string {
  return numberLiteral(Q.toNumber(r));
}

/** A JavaScript number literal that reads as a float: 1.0, 0.5, 2e+30 (never "2e+30.0"). */
export function numberLiteral(v: number): string {
  const s = `${v}`;
  return /[.e]/.test(s) ? s : `${s}.0`;
}

/** Print e; nodes with a name print as that name (except `self`, the node being bound), π as the dialect names it. */
export function printJs(e: Expr, nameOf: NameOf, self?: Expr, dialect: Dialect = JS): Printed {
  const FN = dialect.fn;
  let ops = 0;
  const go = (u: Expr, prec: number): string => {
    if (u !== self) {
      const n = nameOf(u);
      if (n) return n;
    }
    switch (u.kind) {
      case 'num': {
        const s = literal(u.value);
        return u.value.n < 0 && prec > 0 ? `(${s})` : s;
      }
      case 'sym':
        if (u.name === 'pi') return dialect.pi;
        throw new Error(`internal: no local name for symbol ${u.name}`);
      case 'add': {
        const pos: string[] = [];
        const negs: string[] = [];
        for (const t of u.terms) {
          const a = Q.abs(t.coeff);
          let s = go(t.expr, Q.isOne(a) ? 1 : 2);
          if (!Q.isOne(a)) {
            s = `${literal(a)} * ${s}`;
            ops++;
          }
          (Q.isNegative(t.coeff) ? negs : pos).push(s);
        }
        if (!Q.isZero(u.constant)) (Q.isNegative(u.constant) ? negs : pos).push(literal(Q.abs(u.constant)));
        let s = pos.length ? pos.join(' + ') : `-${negs.shift()!}`;
        if (negs.length) s += ` - ${negs.join(' - ')}`;
        ops += pos.length + negs.length - 1 + (pos.length ? 0 : 1);
        return prec > 0 ? `(${s})` : s;
      }
      case 'mul': {
        if (Q.isNegative(u.coeff)) {
          // Reads neg(u), a temporary perhaps: CSE orders by this edge (printedChildAt).
          ops++;
          const s = `-${go(neg(u), 2)}`;
          return prec > 0 ? `(${s})` : s;
        }
        const num: string[] = [];
        const den: string[] = [];
        if (!Q.isOne(u.coeff)) num.push(literal(u.coeff));
        for (const f of u.factors) pushPower(f, num, den);
        ops += Math.max(0, num.length - 1) + den.length;
        let s = num.length ? num.join(' * ') : '1.0';
        if (den.length) s += ` / ${den.length === 1 ? den[0] : `(${den.join(' * ')})`}`;
        return prec > 1 ? `(${s})` : s;
      }
      case 'pow': {
        const num: string[] = [];
        const den: string[] = [];
        pushPower({ base: u.base, exp: u.exp }, num, den);
        ops += Math.max(0, num.length - 1) + den.length;
        let s = num.length ? num.join(' * ') : '1.0';
        if (den.length) s += ` / ${den.length === 1 ? den[0] : `(${den.join(' * ')})`}`;
        return prec > 1 ? `(${s})` : s;
      }
      case 'fn':
        ops++;
        return `${FN[u.name]}(${u.args.map((a) => go(a, 0)).join(', ')})`;
      default:
        return unreachable(u);
    }
  };
  // Integer powers as repeated products (up to 4), square roots as sqrt.
  const pushPower = (f: Factor, num: string[], den: string[]): void => {
    const b = go(f.base, 3);
    if (f.exp.kind === 'num') {
      const k = f.exp.value;
      const target = Q.isNegative(k) ? den : num;
      const a = Q.abs(k);
      if (a.d === 1 && a.n <= 4) {
        for (let i = 0; i < a.n; i++) target.push(b);
        return;
      }
      if (a.n === 1 && a.d === 2) {
        ops++;
        target.push(`${FN.sqrt}(${go(f.base, 0)})`);
        return;
      }
      ops++;
      target.push(`${FN.pow}(${go(f.base, 0)}, ${literal(a)})`);
      return;
    }
    ops++;
    num.push(`${FN.pow}(${go(f.base, 0)}, ${go(f.exp, 0)})`);
  };
  const code = go(e, 0);
  return { code, ops };
}
