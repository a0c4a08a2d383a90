// Passes over the IR before printing. `lowerKernels` turns every
// kernel-block into plain statements: consts reading the inputs the block
// uses, CSE temporaries (src/core/cse.ts, with the common parts of sums and
// products of src/core/share.ts) and the output assignments.
// Dead temporaries cannot arise: inputs are read only when some output uses
// them, and CSE binds only nodes used at least twice or printed through a
// name (a part's placeholder, an output rewritten over parts); a rewritten
// node read once prints in place.
// Tests: test/codegen/print.test.ts (a block lowered), test/codegen/generated.test.ts
// (every block of every example against the interpreted expressions).
import { cancelQuotients } from '../core/cancel.js';
import { collectFactors } from '../core/factor.js';
import { childAt, cse, printedChildAt, printedForms, representative } from '../core/cse.js';
import { isNegative } from '../core/rational.js';
import { shareParts } from '../core/share.js';
import { freeSymbols, literalValue, numberAtomValue, type Expr, type Sym } from '../core/expr.js';
import { expandAngleSums, isAngleSum } from './angle-sums.js';
import { numberLiteral } from './js-expr.js';
import { assign, callStmt, idx, ref, type Decl, type JsExpr, type KernelInputs, type KernelScope, type ModuleIR, type Stmt } from './ir.js';
import { kernelOps } from './print.js';

/** A number atom (numberExpr) as its JavaScript literal; undefined for a symbol that names something. */
const numberAtom = (s: Sym): string | undefined => {
  const v = literalValue(s);
  return v === undefined ? undefined : numberLiteral(v);
};

// forCode's results, kept per node (a function of its structure alone): M and
// the forcing are lowered in several kernel blocks (dynamics$, mass$, the
// Jacobian's).
const forCodeMemo = new WeakMap<Expr, Expr>();

/**
 * Prepare an expression for evaluation: quotients cancelled (no division by
 * a factor the numerator carries too, which would be 0/0 where it
 * vanishes), common factors out.
 */
export function forCode(e: Expr): Expr {
  let r = forCodeMemo.get(e);
  if (!r) forCodeMemo.set(e, (r = collectFactors(cancelQuotients(e))));
  return r;
}

/**
 * A block's outputs with angle sums expanded (angle-sums.ts) where that
 * leaves fewer distinct calls of sin and cos: the n-link pendulum's
 * n(n − 1) sines and cosines of qᵢ − qⱼ become products of the 2n sines and
 * cosines of the qᵢ. Where it does not (the double pendulum: sin q₁, sin q₂,
 * sin(q₁ − q₂), cos(q₁ − q₂) against the sines and cosines of q₁ and q₂)
 * the expansion only adds products, and the block stays as it is. One walk
 * of the block as it is tells: expanding removes the calls of angle sums
 * and adds sin x, cos x of each of their symbols x not called already.
 */
function withAngleSums(exprs: readonly Expr[]): readonly Expr[] {
  const seen = new Set<Expr>();
  const stack = [...exprs];
  let angleCalls = 0;
  const inAngles = new Set<Expr>();
  const called = { sin: new Set<Expr>(), cos: new Set<Expr>() };
  while (stack.length > 0) {
    const u = stack.pop()!;
    if (u.kind === 'num' || u.kind === 'sym') continue;
    const known = seen.size;
    if (seen.add(u).size === known) continue;
    if (u.kind === 'fn' && (u.name === 'sin' || u.name === 'cos')) {
      const x = u.args[0]!;
      if (x.kind === 'sym') called[u.name].add(x);
      else if (isAngleSum(x)) {
        angleCalls++;
        for (const t of x.terms) inAngles.add(t.expr);
      }
    }
    // Numbers and symbols are never calls: not pushed (a third of the children).
    for (let p = 0, c = childAt(u, 0); c !== undefined; c = childAt(u, ++p)) if (c && c.kind !== 'num' && c.kind !== 'sym') stack.push(c);
  }
  let added = 0;
  for (const x of inAngles) added += (called.sin.has(x) ? 0 : 1) + (called.cos.has(x) ? 0 : 1);
  return added < angleCalls ? exprs.map(expandAngleSums) : exprs;
}

const readsItself = (local: string, read: JsExpr): boolean => read.kind === 'ref' && read.name === local;

/** One statement of a lowered block: a CSE temporary's const or an output. */
interface Item {
  readonly stmt: Stmt;
  /** The kernel expression it prints (a temporary's prints in full). */
  readonly expr: Expr;
  /** A temporary's node (the key of `temporaries`). */
  readonly bound?: Expr;
}

/** A kernel block after cancelling, factoring and CSE, before it becomes statements. */
interface Plan {
  readonly inputs: KernelInputs;
  /** Input symbols some output reads, in the order of `inputs`. */
  readonly used: readonly string[];
  readonly items: readonly Item[];
  /** Temporaries by the node they bind and by the placeholders and nodes standing for it; `key` gives the node bound. */
  readonly temporaries: ReadonlyMap<Expr, string>;
  readonly key: (e: Expr) => Expr;
  readonly hasReturn: boolean;
}

function plan(block: Stmt & { kind: 'kernel-block' }): Plan {
  const { inputs } = block;
  const exprs = withAngleSums(block.outputs.map((o) => forCode(o.expr)));
  const prepared = block.outputs.map((o, i) => ({ ...o, expr: exprs[i]! }));
  const rewrites = shareParts(prepared.map((o) => o.expr));
  const result = cse(
    prepared.map((o) => o.expr),
    rewrites,
  );
  const { shared, firstOutput, symbols: used } = result;
  const unbound = (name: string): boolean => !inputs.has(name) && name !== 'pi' && numberAtomValue(name) === undefined;
  if ([...used].some(unbound)) {
    // The first in the outputs' structural order, whatever order the walk met them in.
    const name = prepared.flatMap((o) => [...freeSymbols(o.expr)]).find(unbound);
    throw new Error(`internal: symbol '${name}' has no input binding in generated code`);
  }
  const temporaries = new Map<Expr, string>();
  const key = rewrites.size === 0 ? (e: Expr) => e : (e: Expr) => representative(e, rewrites);
  const printedAs = printedForms(result, rewrites);
  // Temporaries by node, and (below) by every placeholder or node standing for one: one lookup per node printed.
  const scope: KernelScope = (e) => temporaries.get(e) ?? (e.kind === 'sym' ? (inputs.get(e.name)?.local ?? numberAtom(e)) : undefined);
  const items: Item[] = [];
  // Each output right after the temporaries it is the first to read: a
  // value lives from its statement to its last use, and the n-link
  // pendulum's mass entries, bound over shared parts, all lived to the end of
  // the block when every temporary came first (register spills: mass$ 20 %
  // slower at n = 10).
  let next = 0;
  let hasReturn = false;
  prepared.forEach((o, i) => {
    for (; next < shared.length && firstOutput[next] === i; next++) {
      const node = shared[next]!;
      const expr = printedAs(node);
      items.push({ stmt: { kind: 'const', name: `_${next}`, init: { kind: 'kernel', expr, scope, self: expr } }, expr, bound: node });
      temporaries.set(node, `_${next}`);
    }
    const value: JsExpr = { kind: 'kernel', expr: o.expr, scope };
    if ('return' in o) hasReturn = true;
    items.push({ stmt: 'return' in o ? { kind: 'return', value } : { kind: 'assign', targets: o.targets, op: '=', value }, expr: o.expr });
  });
  for (const e of rewrites.keys()) {
    const name = temporaries.get(key(e));
    if (name !== undefined && !temporaries.has(e)) temporaries.set(e, name);
  }
  return { inputs, used: [...inputs.keys()].filter((name) => used.has(name)), items, temporaries, key, hasReturn };
}

/** The consts reading the named inputs (a block's or a chunk's). */
function inputConsts(inputs: KernelInputs, names: Iterable<string>): Stmt[] {
  const wanted = new Set(names);
  const out: Stmt[] = [];
  for (const [name, input] of inputs)
    if (wanted.has(name) && !readsItself(input.local, input.read)) out.push({ kind: 'const', name: input.local, init: input.read });
  return out;
}

/** One kernel block as straight-line statements. Inputs are read in the order of `inputs` (deterministic output). */
export function lowerBlock(block: Stmt & { kind: 'kernel-block' }): Stmt[] {
  return lowerPlan(plan(block));
}

const lowerPlan = (p: Plan): Stmt[] => [...inputConsts(p.inputs, p.used), ...p.items.map((it) => it.stmt)];

// ---------------------------------------------------------------- chunks
// V8 optimizes no function with more than 60 KB of bytecode
// (--max-optimized-bytecode-size): from the 25-link pendulum on, dynamics$
// ran in the interpreter, 30–50× slower. A block larger than CHUNK_OPS is
// split into functions of at most about CHUNK_OPS operations each, called in
// order with the parameters of the function that held the block; a
// temporary one chunk makes and a later one reads passes through a module
// buffer. Blocks that return a value are not split (energy, Lagrangian:
// off the hot path).
export const CHUNK_OPS = 2000;

export interface LowerOptions {
  /** Split kernel blocks larger than this into chunk functions (tests set it low). */
  readonly chunkOps?: number;
}

/**
 * What printing `item` costs (nodes it prints in full), walking it until
 * the cost passes `budget`; the temporaries and input symbols it reads go
 * into `seen` when given (only a block that is split needs them).
 */
function printCost(item: Item, p: Plan, budget: number, seen?: { temps: Set<Expr>; syms: Set<string> }): number {
  let cost = 0;
  const stack: Expr[] = [item.expr];
  while (stack.length > 0 && cost <= budget) {
    const u = stack.pop()!;
    if ((item.bound === undefined || u !== item.expr) && p.temporaries.has(u)) {
      seen?.temps.add(p.key(u));
      continue;
    }
    if (u.kind === 'sym') seen?.syms.add(u.name);
    else if (u.kind !== 'num') {
      // A negative product is a negation of its negation (printedChildAt), which may be a temporary.
      cost += u.kind === 'add' ? u.terms.length : u.kind === 'mul' && !isNegative(u.coeff) ? u.factors.length : 1;
      for (let p = 0, c = printedChildAt(u, 0); c !== undefined; c = printedChildAt(u, ++p)) if (c) stack.push(c);
    }
  }
  return cost;
}

/** Whether the block costs more than `limit`, walked only as far as needed. */
function overLimit(p: Plan, limit: number): boolean {
  let total = 0;
  for (const it of p.items) {
    total += printCost(it, p, limit - total);
    if (total > limit) return true;
  }
  return false;
}

/**
 * The block as calls of chunk functions `${name}${k}` (same parameters as
 * the function `name`), with their declarations and the buffer of the
 * temporaries they hand on; undefined when the block is small enough.
 */
function chunked(p: Plan, fn: Decl & { kind: 'function' }, limit: number): { calls: Stmt[]; decls: Decl[] } | undefined {
  if (p.hasReturn || !overLimit(p, limit)) return undefined;
  // Consecutive items, each chunk at most `limit` (a larger item alone), in
  // one walk of the items: a temporary is made before every item that reads
  // it, so its chunk is known when a later chunk reads it (two sets per item,
  // kept until every chunk was formed, were a third of chunking at n = 10).
  const chunks: { members: number[]; syms: Set<string>; earlier: Set<Expr> }[] = [];
  const chunkOf = new Map<Expr, number>();
  // Temporaries read in a later chunk than their own get a buffer slot.
  const handed = new Set<Expr>();
  const seen = { temps: new Set<Expr>(), syms: new Set<string>() };
  let size = 0;
  p.items.forEach((it, i) => {
    seen.temps.clear();
    seen.syms.clear();
    const cost = printCost(it, p, Infinity, seen);
    if (chunks.length === 0 || size + cost > limit) {
      chunks.push({ members: [], syms: new Set(), earlier: new Set() });
      size = 0;
    }
    const c = chunks.length - 1;
    const chunk = chunks[c]!;
    chunk.members.push(i);
    size += cost;
    for (const name of seen.syms) chunk.syms.add(name);
    for (const t of seen.temps) {
      if (chunkOf.get(t)! < c) {
        handed.add(t);
        chunk.earlier.add(t);
      }
    }
    if (it.bound) chunkOf.set(it.bound, c);
  });
  // Slots in the order the temporaries are made.
  const slot = new Map<Expr, number>();
  for (const it of p.items) if (it.bound && handed.has(it.bound)) slot.set(it.bound, slot.size);
  const buffer = `${fn.name}t`;
  const args = fn.params.map((q) => ref(q.name));
  const decls: Decl[] = [
    { kind: 'buffer', name: buffer, array: 'Float64Array', length: Math.max(1, slot.size), doc: `Temporaries the chunks of ${fn.name} hand on.` },
  ];
  const calls: Stmt[] = [];
  chunks.forEach(({ members, syms, earlier }, c) => {
    const body: Stmt[] = inputConsts(p.inputs, syms);
    for (const t of [...earlier].sort((a, b) => slot.get(a)! - slot.get(b)!))
      body.push({ kind: 'const', name: p.temporaries.get(t)!, init: idx(buffer, slot.get(t)!) });
    for (const i of members) {
      const it = p.items[i]!;
      body.push(it.stmt);
      if (it.bound && slot.has(it.bound)) body.push(assign(idx(buffer, slot.get(it.bound)!), ref(p.temporaries.get(it.bound)!)));
    }
    const name = `${fn.name}${c}`;
    decls.push({
      kind: 'function',
      name,
      doc: `Part ${c + 1} of ${chunks.length} of ${fn.name}'s block.`,
      params: fn.params.map((q) => ({ name: q.name, type: q.type, ...(q.optional ? { optional: true } : {}) })),
      returns: 'void',
      body,
    });
    calls.push(callStmt(name, ...args));
  });
  return { calls, decls };
}

/** Operations of the kernel blocks of function `name` and of its chunks (the figure the bench reports). */
export function functionOps(ir: ModuleIR, name: string): number {
  let ops = 0;
  for (const d of ir.decls)
    if (d.kind === 'function' && (d.name === name || (d.name.startsWith(name) && /^\d+$/.test(d.name.slice(name.length))))) ops += kernelOps(d.body);
  return ops;
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

/**
 * The module with every kernel block lowered (the pass the printer
 * requires); a large block at the top of a function body becomes calls of
 * chunk functions declared right after it.
 */
export function lowerKernels(ir: ModuleIR, opts: LowerOptions = {}): ModuleIR {
  const decls: Decl[] = [];
  for (const d of ir.decls) {
    if (d.kind !== 'function') {
      decls.push(d);
      continue;
    }
    const extra: Decl[] = [];
    const body = d.body.flatMap((s): Stmt[] => {
      if (s.kind !== 'kernel-block') return lowerStmts([s]);
      const p = plan(s);
      const split = chunked(p, d, opts.chunkOps ?? CHUNK_OPS);
      if (!split) return lowerPlan(p);
      for (const x of split.decls) extra.push(x);
      return split.calls;
    });
    decls.push({ ...d, body });
    for (const x of extra) decls.push(x);
  }
  return { ...ir, decls };
}
