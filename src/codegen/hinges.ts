// Hinges with journal friction in a generated module (contract: hingeRows in
// src/runtime/contract.ts): per hinge (model.hinges order) the pin's two
// rows J and their acceleration bias (J q̈ + bias = 0), the moment row
// w = ∂θ/∂q, the joint's rate ω = w q̇ and its acceleration bias
// (θ̈ = w q̈ + that bias), and the journal's r, f, f_r (smirnov1981 §2,
// examples 3 and 4). The runtime (src/runtime/contact/hinges.ts) solves the
// round journal's (★) from them; every expression is the derivation's
// (DerivedSystem.hinges, constraints).
// Tests: test/codegen/friction.test.ts, test/runtime/hybrid/hinges.test.ts.
import { add, mul, type Expr } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import type { Data, Decl } from './ir.js';
import { callStmt, ref, ret } from './ir.js';
import { into, kernelBlock, outParam, P, Q, QD, T, type Scope } from './scope.js';

/** Length of hingeRows' output per hinge for n coordinates: J (2n), w (n), then 7 values. */
export const hingeRowsLength = (n: number): number => 3 * n + 7;

/** The hingeRows export (none without hinges). */
export function hingeDecls(scope: Scope): Decl[] {
  const hinges = scope.sys.hinges;
  const constraints = scope.sys.constraints;
  if (hinges.length === 0 || !constraints) return [];
  const qd = scope.sys.model.coordinates.map((c) => c.qd);
  const names = constraints.names;
  const values: Expr[] = hinges.flatMap((h) => {
    const pins = h.hinge.constraints.map((c) => names.indexOf(scope.sys.model.holonomic[c]!.name));
    return [
      ...h.rows[0],
      ...h.rows[1],
      ...h.moment,
      ...pins.map((i) => constraints.bias[i]!),
      add(...h.moment.map((w, c) => mul(w, qd[c]!))),
      h.momentBias,
      h.hinge.radius,
      h.hinge.friction,
      h.hinge.reduced,
    ];
  });
  return [
    { kind: 'comment', text: "---- Hinges with journal friction: pin rows, moment row, the journal's r, f, f_r" },
    {
      kind: 'function',
      name: 'hingeRows',
      doc: `Per hinge (${hinges.map((h) => h.hinge.name).join(', ')}): pin rows J (2×${scope.n}), moment row w (${scope.n}), the pin rows' acceleration bias (2), ω = w q̇, its acceleration bias, r, f, f_r.`,
      exported: true,
      params: [T, Q, QD, P, outParam(hinges.length * hingeRowsLength(scope.n))],
      returns: 'Float64Array',
      body: [callStmt('load$', ref('q'), ref('qd')), kernelBlock(scope, into('out', values)), ret(ref('out'))],
    },
  ];
}

/** The model record's hinges: their names, in hingeRows' order. */
export const hingeInfo = (sys: DerivedSystem): { hinges?: Data } => (sys.hinges.length ? { hinges: sys.hinges.map((h) => h.hinge.name) } : {});
