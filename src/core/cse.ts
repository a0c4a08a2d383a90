// Common-subexpression elimination over interned nodes. Since equal
// subexpressions are the same object, finding them is counting references
// in the DAG; no hashing of trees is needed. Parts of sums and products
// (share.ts) come in as rewrites: the walk reads a rewritten node's new
// form and follows a placeholder symbol to the node it stands for.
import { neg, unreachable, type Expr } from './expr.js';
import { isNegative } from './rational.js';
import { mapChildren } from './traverse.js';

/**
 * How some nodes of a block are computed instead of as they are written
 * (share.ts): a sum or product → its form over placeholder symbols, and a
 * placeholder symbol → the node it stands for.
 */
export type Rewrites = ReadonlyMap<Expr, Expr>;

/**
 * The node that stands for e in a rewritten block: a placeholder followed
 * to its node, a node rewritten as a lone placeholder likewise. Such nodes
 * are bound to a temporary (a placeholder prints as a name).
 */
export function representative(e: Expr, rewrites: Rewrites): Expr {
  for (let steps = 0; steps <= rewrites.size; steps++) {
    const r = rewrites.get(e);
    if (r === undefined || (e.kind !== 'sym' && !(r.kind === 'sym' && rewrites.has(r)))) return e;
    e = r;
  }
  throw new Error('internal: the rewrites of a block form a cycle');
}

/** What a representative node is computed as: its rewritten form, or itself. */
export const computedAs = (u: Expr, rewrites: Rewrites): Expr => rewrites.get(u) ?? u;

const NO_REWRITES: Rewrites = new Map();

/** Nodes worth binding to a temporary, in an order where each comes after the nodes it uses. */
export interface CseResult {
  /** Representative nodes (see `representative`); each prints as `computedAs` it. */
  readonly shared: readonly Expr[];
  /**
   * For each shared node, the index of the first output that reads it (the
   * walk meets every node it needs while walking that output, so the
   * shared nodes of output k are a run of `shared`, after those of k − 1).
   */
  readonly firstOutput: readonly number[];
  /**
   * Rewritten nodes read once (not through a placeholder, not an output):
   * printed in place, as their new form, inside the one expression that
   * reads them rather than bound (a statement each was half of the 40-link
   * pendulum's temporaries). `through` holds the unbound nodes between such a
   * node and the bound node or output that prints it: those print rebuilt.
   * An output holding one is bound, so that outputs print as they are.
   */
  readonly inlined: ReadonlySet<Expr>;
  readonly through: ReadonlySet<Expr>;
  /** The bound nodes (outputs included) that print such a node in place: the only ones whose printed form is not `computedAs` them. */
  readonly printsInPlace: ReadonlySet<Expr>;
  /** Names of the symbols the outputs read (the free symbols of them all), in the order first met. */
  readonly symbols: ReadonlySet<string>;
}

/**
 * The p-th direct subexpression of u in the order of `children(u)`:
 * undefined past the last, null for a slot without one (a product's
 * numeric exponent). Read in place, so a walk over a block's DAG allocates
 * no child list per node (those lists were a tenth of codegen at n = 40);
 * codegen's chunking walks kernel trees with it too.
 */
export function childAt(u: Expr, p: number): Expr | null | undefined {
  switch (u.kind) {
    case 'num':
    case 'sym':
      return undefined;
    case 'add':
      return u.terms[p]?.expr;
    case 'mul': {
      // Slot 2k is factor k's base, 2k + 1 its exponent when symbolic.
      const f = u.factors[p >> 1];
      if (!f) return undefined;
      return (p & 1) === 0 ? f.base : f.exp.kind === 'num' ? null : f.exp;
    }
    case 'pow':
      return p === 0 ? u.base : p === 1 ? u.exp : undefined;
    case 'fn':
      return u.args[p];
    default:
      return unreachable(u);
  }
}

/**
 * The p-th subexpression of u as codegen prints it (js-expr.ts): a product
 * with a negative coefficient prints as − (its negation), and reads that
 * node, bound or not; any other node reads its children (`childAt`). The
 * walks that order temporaries and hand them between chunks read this, so
 * that −y² after a bound y² comes after it.
 */
export function printedChildAt(u: Expr, p: number): Expr | null | undefined {
  if (u.kind === 'mul' && isNegative(u.coeff)) return p === 0 ? neg(u) : undefined;
  return childAt(u, p);
}

/**
 * Find the non-atomic nodes used more than once across `outputs`, and the
 * symbols they read; with `rewrites`, also every node rewritten or standing
 * for a placeholder, read as it is computed. Deterministic: post-order of
 * first visit. One walk with an explicit stack (expressions may be deeper
 * than the call stack): each node is entered once, and counts one use per
 * output and per edge from a node entered.
 */
export function cse(outputs: readonly Expr[], rewrites: Rewrites = NO_REWRITES): CseResult {
  // Nodes entered, numbered in the order entered: their uses and parents in
  // arrays, one map lookup per edge (the maps per node were most of this
  // walk on the 40-link pendulum's blocks).
  const slot = new Map<Expr, number>();
  const node: Expr[] = [];
  const uses: number[] = [];
  // The node whose form first read each node (−1 for an output).
  const parent: number[] = [];
  const order: number[] = [];
  const orderOutput: number[] = [];
  const symbols = new Set<string>();
  const stack: number[] = [];
  const bodies: Expr[] = [];
  const next: number[] = [];
  const rewritten = rewrites.size > 0;
  // Nodes bound whatever their uses: a placeholder's (it prints as a name) and outputs rewritten (they print as they are).
  const named = new Set<Expr>();
  const rewrittenNodes: number[] = [];
  const enter = (e: Expr, count: number): void => {
    const s = node.length;
    slot.set(e, s);
    node.push(e);
    uses.push(count);
    parent.push(count === 0 ? -1 : stack[stack.length - 1]!);
    stack.push(s);
    const body = rewritten ? computedAs(e, rewrites) : e;
    if (body !== e) rewrittenNodes.push(s);
    bodies.push(body);
    next.push(0);
  };
  const use = (e: Expr, count: number): void => {
    const r = rewritten ? representative(e, rewrites) : e;
    // Numbers and symbols are never bound: only the names of symbols are kept.
    if (r.kind === 'num') return;
    if (r.kind === 'sym') {
      symbols.add(r.name);
      return;
    }
    if (r !== e) named.add(r);
    const s = slot.get(r);
    if (s === undefined) enter(r, count);
    else uses[s] += count;
  };
  outputs.forEach((o, k) => {
    use(o, 0);
    while (stack.length > 0) {
      const top = stack.length - 1;
      const c = printedChildAt(bodies[top]!, next[top]!);
      if (c === undefined) {
        order.push(stack[top]!);
        orderOutput.push(k);
        stack.pop();
        bodies.pop();
        next.pop();
        continue;
      }
      next[top]!++;
      if (c !== null) use(c, 1);
    }
    use(o, 1);
  });
  const roots = new Set(rewritten ? outputs.map((o) => representative(o, rewrites)) : outputs);
  const inlined = new Set<Expr>();
  const isInlined = new Uint8Array(node.length);
  for (const s of rewrittenNodes) {
    const e = node[s]!;
    if (uses[s] === 1 && !named.has(e) && !roots.has(e)) {
      inlined.add(e);
      isInlined[s] = 1;
    }
  }
  const bound = (s: number): boolean => !isInlined[s] && (uses[s]! > 1 || named.has(node[s]!) || (rewritten && computedAs(node[s]!, rewrites) !== node[s]));
  // From each node printed in place up to the expression that prints it.
  const through = new Set<Expr>();
  const printsInPlace = new Set<Expr>();
  for (const e of inlined) {
    let p = parent[slot.get(e)!]!;
    while (p >= 0 && !bound(p) && !roots.has(node[p]!) && !isInlined[p]) {
      through.add(node[p]!);
      p = parent[p]!;
    }
    // Read once, each node of the chain has one reader: the chain ends at the node that prints it (or at an inlined node, whose own chain goes on).
    if (p >= 0 && !isInlined[p]) printsInPlace.add(node[p]!);
    if (p >= 0 && roots.has(node[p]!)) named.add(node[p]!);
  }
  const shared: Expr[] = [];
  const firstOutput: number[] = [];
  order.forEach((s, i) => {
    if (!bound(s)) return;
    shared.push(node[s]!);
    firstOutput.push(orderOutput[i]!);
  });
  return { shared, firstOutput, symbols, inlined, through, printsInPlace };
}

/**
 * What each shared node of `result` prints as: its form (`computedAs`), with
 * the rewritten nodes it alone reads in place (`inlined`, rebuilt through
 * `through`). Only the nodes of `printsInPlace` are rebuilt: looking up
 * every child of every shared node was most of this at n = 10.
 */
export function printedForms(result: CseResult, rewrites: Rewrites): (u: Expr) => Expr {
  const { inlined, through, printsInPlace } = result;
  if (inlined.size === 0) return (u) => computedAs(u, rewrites);
  const inPlace = new Map<Expr, Expr>();
  const form = (e: Expr): Expr => {
    const k = representative(e, rewrites);
    if (!inlined.has(k) && !through.has(k)) return e;
    let f = inPlace.get(k);
    if (!f) inPlace.set(k, (f = mapChildren(computedAs(k, rewrites), form)));
    return f;
  };
  return (u) => (printsInPlace.has(u) ? mapChildren(computedAs(u, rewrites), form) : computedAs(u, rewrites));
}
