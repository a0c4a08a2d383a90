// Operation count of an expression tree: the measure simplification
// minimizes and benchmarks report (before CSE; codegen counts after CSE).
import * as Q from './rational.js';
import { unreachable, type Expr } from './expr.js';

/** Arithmetic operations and function calls needed to evaluate e as a tree. */
export function opCount(e: Expr): number {
  switch (e.kind) {
    case 'num':
    case 'sym':
      return 0;
    case 'add': {
      let n = e.terms.length - (Q.isZero(e.constant) ? 1 : 0);
      for (const t of e.terms) n += opCount(t.expr) + (Q.isOne(Q.abs(t.coeff)) ? 0 : 1);
      return n;
    }
    case 'mul': {
      let n = e.factors.length - 1 + (Q.isOne(Q.abs(e.coeff)) ? 0 : 1);
      for (const f of e.factors) n += opCount(f.base) + powCost(f.exp);
      return n;
    }
    case 'pow':
      return opCount(e.base) + powCost(e.exp);
    case 'fn':
      return 1 + e.args.reduce((s, a) => s + opCount(a), 0);
    default:
      return unreachable(e);
  }
}

function powCost(exp: Expr): number {
  if (exp.kind !== 'num') return 1 + opCount(exp);
  const k = Math.abs(exp.value.n);
  if (exp.value.d !== 1) return 1;
  return k === 1 ? (exp.value.n < 0 ? 1 : 0) : Math.min(k - 1, 2);
}
