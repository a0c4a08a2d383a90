// The vocabulary of the dense solvers' IR builders: row-major entries,
// offset vector entries and the parameters they take, so that a builder
// reads like the loop nest it builds.
// Tests: test/numeric/cholesky.test.ts, test/numeric/lu.test.ts (the
// algorithms), test/codegen/solvers/sources.test.ts (their printed text).
import { assign, constVar, forRange, idx, letVar, member, plus, ref, times, type JsExpr, type LValue, type Param, type Stmt, type TsType } from '../ir.js';

/** An index or a size: a name, or an expression. */
export type Index = string | JsExpr;
const expr = (e: Index): JsExpr => (typeof e === 'string' ? ref(e) : e);

/** A[i·n + j]: entry (i, j) of the row-major matrix A with n columns. */
export const entry = (A: string, i: Index, j: Index, n: Index = 'n'): JsExpr & LValue => idx(A, plus(times(expr(i), expr(n)), expr(j)));

/** v[off + i]: entry i of the vector stored in v from offset off. */
export const at = (v: string, off: Index, i: Index): JsExpr & LValue => idx(v, plus(expr(off), expr(i)));

/** `let v = init; for (q = 0; q < to; q++) v op= term;` (term reads q). */
export const accumulate = (v: string, init: JsExpr, q: string, to: Index | number, op: '+=' | '-=', term: JsExpr): Stmt[] => [
  letVar(v, init),
  forRange(q, 0, typeof to === 'number' ? to : expr(to), [assign(ref(v), term, op)]),
];

/** One const per field of a record argument: `const n = s.n;` (the IR has no destructuring). */
export const unpack = (record: string, fields: readonly string[]): Stmt[] => fields.map((f) => constVar(f, member(record, f)));

export const param = (name: string, type: TsType, optional?: true): Param => ({ name, type, ...(optional ? { optional } : {}) });
