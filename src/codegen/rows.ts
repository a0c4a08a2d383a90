// The two exports every family of contact rows has (gaps' normal rows, the
// slip rows of friction): the rows' Jacobian copied out of the buffer the
// rows' kernel fills, and the rows' velocities r·q̇ + ∂r/∂t evaluated
// symbolically (∂/∂t from the derivation, never a difference quotient).
// Tests: test/codegen/exports.test.ts (gapJacobian, gapRates), test/codegen/friction.test.ts (slipJacobian, slipRates).
import { add, mul, type Expr } from '../core/expr.js';
import type { ContactRow } from '../derive/unilateral/unilateral-types.js';
import { assign, callStmt, forRange, idx, ref, ret, type Decl } from './ir.js';
import { into, kernelBlock, outParam, P, Q, QD, T, type Scope } from './scope.js';

/** The velocity of a row: r·q̇ + ∂r/∂t. */
export function velocity(scope: Scope, row: ContactRow): Expr {
  const qd = scope.sys.model.coordinates.map((c) => c.qd);
  return add(row.rate, ...row.row.map((g, col) => mul(g, qd[col]!)));
}

/** `name(t, q, p, out?)`: the count×n rows that `fill` writes into `buffer`, copied out. */
export function rowJacobianExport(scope: Scope, name: string, doc: string, fill: string, buffer: string, count: number): Decl {
  const size = count * scope.n;
  return {
    kind: 'function',
    name,
    doc,
    exported: true,
    params: [T, Q, P, outParam(size)],
    returns: 'Float64Array',
    body: [
      callStmt('load$', ref('q')),
      callStmt(fill, ref('t'), ref('p')),
      forRange('k', 0, size, [assign(idx('out', ref('k')), idx(buffer, ref('k')))]),
      ret(ref('out')),
    ],
  };
}

/** `name(t, q, qd, p, out?)`: the velocities of the rows. */
export function rowRatesExport(scope: Scope, name: string, doc: string, rows: readonly ContactRow[]): Decl {
  return {
    kind: 'function',
    name,
    doc,
    exported: true,
    params: [T, Q, QD, P, outParam(rows.length)],
    returns: 'Float64Array',
    body: [
      callStmt('load$', ref('q'), ref('qd')),
      kernelBlock(
        scope,
        into(
          'out',
          rows.map((r) => velocity(scope, r)),
        ),
      ),
      ret(ref('out')),
    ],
  };
}
