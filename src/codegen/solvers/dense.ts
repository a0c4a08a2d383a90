// The vocabulary of the dense solvers' IR builders: row-major entries,
// offset vector entries and the parameters they take, so that a builder
// reads like the loop nest it builds.
// Tests: test/numeric/cholesky.test.ts, test/numeric/lu.test.ts (the
// algorithms), test/codegen/solvers/sources.test.ts (their printed text).
import { idx, plus, ref, times, type JsExpr, type LValue, type Param, type TsType } from '../ir.js';

/** An index or a size: a name, or an expression. */
export type Index = string | JsExpr;
const expr = (e: Index): JsExpr => (typeof e === 'string' ? ref(e) : e);

/** A[i·n + j]: entry (i, j) of the row-major matrix A with n columns. */
export const entry = (A: string, i: Index, j: Index, n: Index = 'n'): JsExpr & LValue => idx(A, plus(times(expr(i), expr(n)), expr(j)));

/** v[off + i]: entry i of the vector stored in v from offset off. */
export const at = (v: string, off: Index, i: Index): JsExpr & LValue => idx(v, plus(expr(off), expr(i)));

export const param = (name: string, type: TsType, optional?: true): Param => ({ name, type, ...(optional ? { optional } : {}) });
