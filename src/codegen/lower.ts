// Passes over the IR before printing. `lowerKernels` turns every
// kernel-block into plain statements: consts reading the inputs the block
// uses, CSE temporaries (src/core/cse.ts) and the output assignments.
// Dead temporaries cannot arise: inputs are read only when some output uses
// them and CSE binds only nodes used at least twice.
// Tests: test/codegen/print.test.ts (a block lowered), test/codegen/generated.test.ts
// (every block of every example against the interpreted expressions).
import { cancelQuotients } from '../core/cancel.js';
import { collectFactors } from '../core/factor.js';
import { cse } from '../core/cse.js';
import { freeSymbols, type Expr } from '../core/expr.js';
import { expandAngleSums } from './angle-sums.js';
import type { Decl, JsExpr, KernelScope, ModuleIR, Stmt } from './ir.js';

// forCode's results, kept per node (a function of its structure alone): M and
// the forcing are lowered in several kernel blocks (dynamics$, mass$, the
// Jacobian's).
const forCodeMemo = new WeakMap<Expr, Expr>();

/**
 * Prepare an expression for evaluation: quotients cancelled (no division by
 * a factor the numerator carries too, which would be 0/0 where it
 * vanishes), common factors out, angle sums expanded.
 */
function forCode(e: Expr): Expr {
  let r = forCodeMemo.get(e);
  if (!r) forCodeMemo.set(e, (r = expandAngleSums(collectFactors(cancelQuotients(e)))));
  return r;
}

const readsItself = (local: string, read: JsExpr): boolean => read.kind === 'ref' && read.name === local;

/** One kernel block as straight-line statements. Inputs are read in the order of `inputs` (deterministic output). */
export function lowerBlock(block: Stmt & { kind: 'kernel-block' }): Stmt[] {
  const { inputs } = block;
  const prepared = block.outputs.map((o) => ({ ...o, expr: forCode(o.expr) }));
  const used = new Set<string>();
  for (const o of prepared) for (const s of freeSymbols(o.expr)) used.add(s);
  for (const name of used) {
    if (!inputs.has(name) && name !== 'pi') throw new Error(`internal: symbol '${name}' has no input binding in generated code`);
  }
  const out: Stmt[] = [];
  for (const [name, input] of inputs) if (used.has(name) && !readsItself(input.local, input.read)) out.push({ kind: 'const', name: input.local, init: input.read });
  const temporaries = new Map<Expr, string>();
  const scope: KernelScope = (e) => (e.kind === 'sym' ? (e.name === 'pi' ? 'Math.PI' : inputs.get(e.name)?.local) : temporaries.get(e));
  cse(prepared.map((o) => o.expr)).shared.forEach((node, k) => {
    out.push({ kind: 'const', name: `_${k}`, init: { kind: 'kernel', expr: node, scope, self: node } });
    temporaries.set(node, `_${k}`);
  });
  for (const o of prepared) {
    const value: JsExpr = { kind: 'kernel', expr: o.expr, scope };
    if ('return' in o) out.push({ kind: 'return', value });
    else out.push({ kind: 'assign', targets: o.targets, op: '=', value });
  }
  return out;
}

function lowerStmts(body: readonly Stmt[]): Stmt[] {
  return body.flatMap((s): Stmt[] => {
    switch (s.kind) {
      case 'kernel-block':
        return lowerBlock(s);
      case 'for':
      case 'for-of':
        return [{ ...s, body: lowerStmts(s.body) }];
      case 'if':
        return [{ ...s, then: lowerStmts(s.then), ...(s.else ? { else: lowerStmts(s.else) } : {}) }];
      default:
        return [s];
    }
  });
}

/** The module with every kernel block lowered (the pass the printer requires). */
export function lowerKernels(ir: ModuleIR): ModuleIR {
  return { ...ir, decls: ir.decls.map((d): Decl => (d.kind === 'function' ? { ...d, body: lowerStmts(d.body) } : d)) };
}

