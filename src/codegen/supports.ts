// Smirnov's support pairs in a generated module (contract: supportRows in
// src/runtime/contract.ts): per pair i (model.supports order) its
// constraint's row ∇φᵢ and acceleration bias (∇φᵢ q̈ + biasᵢ = 0 while it
// holds), each side's slip row ∇sᵢ^±, sliding velocity ṡᵢ^± and slip
// acceleration bias, and each
// side's friction coefficient fᵢ^± (smirnov1981 (1.1), (1.3)). The runtime
// (src/runtime/contact/supports.ts) solves (1.1) per variant from them;
// every expression is the derivation's (DerivedSystem.supports, constraints).
// Tests: test/runtime/contact/supports.test.ts.
import { add, mul, type Expr } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import type { Data, Decl } from './ir.js';
import { callStmt, ref, ret } from './ir.js';
import { into, kernelBlock, outParam, P, Q, QD, T, type Scope } from './scope.js';

/** Length of supportRows' output for k pairs and n coordinates: 3kn rows, then 7k values. */
export const supportRowsLength = (k: number, n: number): number => 3 * k * n + 7 * k;

/** The supportRows export (none without support pairs). */
export function supportDecls(scope: Scope): Decl[] {
  const s = scope.sys.supports;
  const constraints = scope.sys.constraints;
  if (!s || !constraints) return [];
  const qd = scope.sys.model.coordinates.map((c) => c.qd);
  const rate = (row: readonly Expr[]): Expr => add(...row.map((g, c) => mul(g, qd[c]!)));
  const values: Expr[] = [
    ...s.pairs.flatMap((p) => constraints.A[p.constraint]!),
    ...s.pairs.flatMap((p) => p.slipRows.positive),
    ...s.pairs.flatMap((p) => p.slipRows.negative),
    ...s.pairs.map((p) => constraints.bias[p.constraint]!),
    ...s.pairs.flatMap((p) => [rate(p.slipRows.positive), rate(p.slipRows.negative)]),
    ...s.pairs.flatMap((p) => [p.slipBias.positive, p.slipBias.negative]),
    ...s.pairs.flatMap((p) => [p.friction.positive, p.friction.negative]),
  ];
  const k = s.pairs.length;
  const n = scope.n;
  return [
    { kind: 'comment', text: "---- Smirnov's support pairs: constraint rows, slip rows and friction per side" },
    {
      kind: 'function',
      name: 'supportRows',
      doc: `Per support pair (${s.pairs.map((p) => p.name).join(', ')}): normal rows (${k}×${n}), slip rows of side + (${k}×${n}) and − (${k}×${n}), the rows' acceleration bias (${k}), [ṡ⁺, ṡ⁻] (${2 * k}), the slips' acceleration bias [+, −] (${2 * k}), [f⁺, f⁻] (${2 * k}).`,
      exported: true,
      params: [T, Q, QD, P, outParam(supportRowsLength(k, n))],
      returns: 'Float64Array',
      body: [callStmt('load$', ref('q'), ref('qd')), kernelBlock(scope, into('out', values)), ret(ref('out'))],
    },
  ];
}

/** The model record's support pairs: their names, in supportRows' order. */
export const supportInfo = (sys: DerivedSystem): { supports?: Data } => (sys.supports ? { supports: sys.supports.pairs.map((p) => p.name) } : {});
