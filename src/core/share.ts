// Common parts of sums and of products across a block of expressions, for
// codegen's CSE. cse.ts binds whole nodes used more than once; a sum that
// holds some of another sum's terms, or a product some of another's
// factors, computes them again: the suffix sums of masses m₂ + m₃ + m₄ and
// m₃ + m₄, or Sⱼ·lⱼ·q̇ⱼ² in every forcing row i < j of the n-link pendulum.
// Here such a part becomes a placeholder symbol standing for a node of its
// own, and the sums and products holding it are rewritten over it:
// m₂ + m₃ + m₄ → m₂ + #0 with #0 → m₃ + m₄ (the kernel flattens a sum of
// sums and a product of products, so the nesting is written with a
// placeholder). An integer power in several products (q̇ⱼ², printed
// q̇ⱼ·q̇ⱼ at every use) becomes a placeholder too. The result is cse.ts's
// Rewrites; the expressions themselves are not changed.
//
// The idea is the one of SymPy's cse (opt_cse, match_common_args). The
// procedure: the sums (products) of the block are taken smallest first;
// each is compared with the larger ones that share at least two of its
// arguments — a term with its coefficient, or a factor with its exponent —
// found through an index from argument to the nodes holding it, largest
// overlap first. Each overlap of two or more arguments becomes a part (or,
// when it is all of one node, that node itself), replaced in both and in
// every other candidate holding all of it; the part is an argument like
// any other afterwards, so parts nest (m₂ + #0 inside m₁ + m₂ + #0).
// A part of k arguments used by r nodes saves (r − 1)(k − 1) operations or
// more. Deterministic: nodes and arguments are numbered in the order a walk
// of the outputs meets them, never by node id.
// Tests: test/core/share.test.ts.
import * as Q from './rational.js';
import { addFromTerms, compare, makeFactor, makeMul, MINUS_ONE, ONE, pow, sym, type Add, type Expr, type Factor, type Mul } from './expr.js';
import type { Rational } from './rational.js';
import { childAt, type Rewrites } from './cse.js';

/** The rewrites that share common parts of the sums and products of `outputs` (cse.ts computes with them). */
export function shareParts(outputs: readonly Expr[]): Rewrites {
  const { adds, muls } = sumsAndProducts(outputs);
  const rewrites = new Map<Expr, Expr>();
  // Placeholder symbols #c_0, #c_1, … of this call c alone. A node over them
  // is registered on its youngest child, a placeholder made after the
  // block's nodes: a placeholder that lived on (kept by the module, or asked
  // for again by a later block, which moves an atom back to the intern
  // table's young generation) kept every block that made it, and its model.
  const prefix = `#${calls++}_`;
  let placeholders = 0;
  const fresh = (): Expr => sym(`${prefix}${placeholders++}`);
  shareFamily(muls, PRODUCTS, fresh, rewrites);
  shareFamily(adds, SUMS, fresh, rewrites);
  return rewrites;
}

/** shareParts calls so far: the first part of each call's placeholder names. */
let calls = 0;

/** The sums and the products reachable from `outputs`, in post-order of first visit (explicit stack). */
function sumsAndProducts(outputs: readonly Expr[]): { adds: Add[]; muls: Mul[] } {
  const adds: Add[] = [];
  const muls: Mul[] = [];
  const seen = new Set<Expr>();
  const nodes: Expr[] = [];
  const next: number[] = [];
  for (const o of outputs) {
    if (seen.has(o)) continue;
    seen.add(o);
    nodes.push(o);
    next.push(0);
    while (nodes.length > 0) {
      const top = nodes.length - 1;
      const u = nodes[top]!;
      const c = childAt(u, next[top]!);
      if (c === undefined) {
        if (u.kind === 'add') adds.push(u);
        else if (u.kind === 'mul') muls.push(u);
        nodes.pop();
        next.pop();
        continue;
      }
      next[top]!++;
      if (c === null || c.kind === 'num' || c.kind === 'sym') continue;
      const known = seen.size;
      if (seen.add(c).size === known) continue;
      nodes.push(c);
      next.push(0);
    }
  }
  return { adds, muls };
}

/** Sums or products as sets of arguments (base, weight): a term and its coefficient, a factor and its exponent. */
interface Family<N extends Expr, W> {
  /** u's arguments as ids (`id` numbers each distinct base and weight). */
  argsOf(u: N, id: (base: Expr, weight: W) => number): number[];
  /** Whether w is the weight of a plain argument (exponent 1, coefficient 1), which most are. */
  isUnit(w: W): boolean;
  /** A key telling other weights apart (interned exponents are their own key). */
  key(w: W): unknown;
  /** The weight of a placeholder standing for one of the nodes. */
  readonly unit: W;
  /** Whether u is its arguments alone (a product's coefficient 1, a sum's constant 0), so that a placeholder can stand for it as a part. */
  plain(u: N): boolean;
  /**
   * u with the given arguments instead of its own (u's coefficient or
   * constant kept). In `rebuild` and `part`, args are the placeholders in the
   * order made (the first `placeholders` of them), then the other arguments
   * in the canonical order of the node holding them.
   */
  rebuild(u: N, args: readonly Arg<W>[], placeholders: number): Expr;
  /** The weight a part's placeholder enters with, and the part's node given that weight. */
  partWeight(args: readonly Arg<W>[]): W;
  part(args: readonly Arg<W>[], weight: W, placeholders: number): Expr;
  /** For an argument held twice or more: its node and its placeholder's weight, when binding it alone saves operations (q̇², not q̇). */
  alone?(arg: Arg<W>): { node: Expr; weight: W } | undefined;
}

interface Arg<W> {
  readonly base: Expr;
  readonly weight: W;
}

const PRODUCTS: Family<Mul, Expr> = {
  argsOf: (u, id) => {
    const list: number[] = [];
    for (const f of u.factors) list.push(id(f.base, f.exp));
    return list;
  },
  isUnit: (w) => w === ONE,
  key: (w) => w,
  unit: ONE,
  plain: (u) => Q.isOne(u.coeff),
  rebuild: (u, args, placeholders) => makeMul(u.coeff, canonicalFactors(args, placeholders)),
  partWeight: () => ONE,
  part: (args, _weight, placeholders) => makeMul(Q.ONE, canonicalFactors(args, placeholders)),
  // b^k for an integer |k| ≥ 2 prints as |k| − 1 products at every use; bound once, each use is one factor.
  alone: (arg) => {
    if (arg.weight.kind !== 'num' || !Q.isInteger(arg.weight.value) || Math.abs(arg.weight.value.n) < 2) return undefined;
    const k = arg.weight.value.n;
    return { node: pow(arg.base, Math.abs(k)), weight: k < 0 ? MINUS_ONE : ONE };
  },
};

/**
 * The factors args^weights in canonical order (sorted by base): args are two
 * sorted runs, the placeholders (symbols #k, in the order made, which is
 * their order) and the other bases in a node's order, merged. Sorting them
 * with compare was a sixth of shareParts on the n-link pendulum; a
 * placeholder against another base mostly compares kinds.
 */
function canonicalFactors(args: readonly Arg<Expr>[], placeholders: number): Factor[] {
  const out: Factor[] = [];
  let i = 0;
  let j = placeholders;
  while (i < placeholders && j < args.length) out.push(compare(args[i]!.base, args[j]!.base) < 0 ? factorOf(args[i++]!) : factorOf(args[j++]!));
  while (i < placeholders) out.push(factorOf(args[i++]!));
  while (j < args.length) out.push(factorOf(args[j++]!));
  return out;
}

const factorOf = (a: Arg<Expr>): Factor => makeFactor(a.base, a.weight);

const SUMS: Family<Add, Rational> = {
  argsOf: (u, id) => {
    const list: number[] = [];
    for (const t of u.terms) list.push(id(t.expr, t.coeff));
    return list;
  },
  isUnit: (w) => w.n === 1 && w.d === 1,
  key: (w) => (w.d === 1 ? w.n : Q.toString(w)),
  unit: Q.ONE,
  plain: (u) => Q.isZero(u.constant),
  rebuild: (u, args) => addFromTerms(u.constant, new Map(args.map((a) => [a.base, a.weight]))),
  // A part whose terms all subtract is bound as their sum and subtracted: − #0, not + #0 with #0 = −a − b (one operation less).
  partWeight: (args) => (args.every((a) => Q.isNegative(a.weight)) ? Q.MINUS_ONE : Q.ONE),
  part: (args, weight) => addFromTerms(Q.ZERO, new Map(args.map((a) => [a.base, Q.div(a.weight, weight)]))),
};

/**
 * Find the common parts of `nodes` (one family) and add to `rewrites`: each
 * node whose arguments changed → its new form, each placeholder → its node.
 */
function shareFamily<N extends Expr, W>(nodes: readonly N[], family: Family<N, W>, fresh: () => Expr, rewrites: Map<Expr, Expr>): void {
  // Arguments, numbered as first met; a placeholder is an argument too.
  const args: Arg<W>[] = [];
  const unitIds = new Map<Expr, number>();
  const otherIds = new Map<Expr, Map<unknown, number>>();
  const argId = (base: Expr, weight: W): number => {
    let byWeight: Map<unknown, number> | undefined;
    let key: unknown;
    let id: number | undefined;
    if (family.isUnit(weight)) id = unitIds.get(base);
    else {
      byWeight = otherIds.get(base);
      if (!byWeight) otherIds.set(base, (byWeight = new Map()));
      id = byWeight.get((key = family.key(weight)));
    }
    if (id === undefined) {
      id = args.length;
      if (byWeight) byWeight.set(key, id);
      else unitIds.set(base, id);
      args.push({ base, weight });
    }
    return id;
  };
  // Each node's arguments as a sorted list of ids. The nodes are numbered
  // smallest first (then in walk order), the order they are compared in: a
  // part found between small nodes is an argument when the larger ones are.
  const inOrder = nodes.map((u) => family.argsOf(u, argId));
  const byWalk = inOrder.map((list) => sortSmall(list.slice()));
  const order = bySize(byWalk);
  const node = order.map((u) => nodes[u]!);
  const held = order.map((u) => byWalk[u]!);
  // Ids from here on are placeholders'; each node's own ids in its canonical order.
  const firstPlaceholder = args.length;
  const own = order.map((u) => inOrder[u]!);
  // The nodes holding each argument now, in increasing order (arrays of their final size: most hold one or two).
  const count = new Int32Array(args.length);
  for (const list of held) for (const a of list) count[a]++;
  const holders: number[][] = [];
  for (let a = 0; a < args.length; a++) holders.push(new Array<number>(count[a]!));
  count.fill(0);
  held.forEach((list, u) => {
    for (const a of list) holders[a]![count[a]!++] = u;
  });
  const changed = new Uint8Array(nodes.length);
  // Placeholders standing for one of the nodes (by node), and the parts' arguments (by placeholder).
  const ownArg = new Map<number, number>();
  const parts = new Map<Expr, { readonly weight: W; list: number[]; readonly from: number }>();
  const newPlaceholder = (weight: W, stands?: Expr): { p: Expr; id: number } => {
    const p = fresh();
    if (stands) rewrites.set(p, stands);
    const id = argId(p, weight);
    holders.push([]);
    return { p, id };
  };
  const placeholderOf = (u: number): number => {
    let id = ownArg.get(u);
    if (id === undefined) ownArg.set(u, (id = newPlaceholder(family.unit, node[u]!).id));
    return id;
  };
  const replace = (u: number, part: readonly number[], id: number): void => {
    const list = difference(held[u]!, part);
    list.splice(lowerBound(list, id), 0, id);
    held[u] = list;
    for (const a of part) holders[a]!.splice(lowerBound(holders[a]!, u), 1);
    holders[id]!.splice(lowerBound(holders[id]!, u), 0, u);
    changed[u] = 1;
  };

  // overlap[v]: arguments v shares with u, valid where seenBy[v] is u (no reset between nodes).
  const overlap = new Int32Array(nodes.length);
  const seenBy = new Int32Array(nodes.length).fill(-1);
  for (let u = 0; u < node.length; u++) {
    if (held[u]!.length < 2) continue;
    // Later nodes sharing two or more arguments with u, largest overlap first.
    // The argument with the most later holders is not walked: a node sharing
    // two or more with u shares another one too and is met there, and then
    // asked whether it holds this one (scanning every holder of the
    // block's most common factors was three quarters of the walk at n = 40).
    let most = -1;
    let mostLater = 0;
    for (const a of held[u]!) {
      const later = holders[a]!.length - lowerBound(holders[a]!, u + 1);
      if (later > mostLater) {
        most = a;
        mostLater = later;
      }
    }
    const met: number[] = [];
    for (const a of held[u]!) {
      if (a === most) continue;
      const list = holders[a]!;
      for (let k = lowerBound(list, u + 1); k < list.length; k++) {
        const v = list[k]!;
        if (seenBy[v] !== u) {
          seenBy[v] = u;
          overlap[v] = 1;
          met.push(v);
        } else overlap[v]++;
      }
    }
    const candidates: number[] = [];
    for (const v of met) {
      if (most >= 0 && holds(held[v]!, most)) overlap[v]++;
      if (overlap[v]! >= 2) candidates.push(v);
    }
    if (candidates.length > 1) candidates.sort((a, b) => overlap[b]! - overlap[a]! || a - b);
    for (let c = 0; c < candidates.length; c++) {
      const v = candidates[c]!;
      const common = intersection(held[u]!, held[v]!);
      if (common.length < 2) continue;
      // A part that is all of u or v (with no coefficient or constant of its own) is that node.
      const isAll = (w: number): boolean => common.length === held[w]!.length && family.plain(node[w]!);
      // Or of a later candidate: a part built anew would then be that very (interned) node, rewritten as its own placeholder, a cycle (3l²m, 2l²m and l²m of an n-link pendulum with one l and m).
      const whole = isAll(u) ? u : isAll(v) ? v : (candidates.slice(c + 1).find((w) => isAll(w) && includes(held[w]!, common)) ?? -1);
      let id: number;
      if (whole >= 0) id = placeholderOf(whole);
      else {
        const weight = family.partWeight(common.map((a) => args[a]!));
        const made = newPlaceholder(weight);
        parts.set(made.p, { weight, list: common, from: u });
        id = made.id;
      }
      if (whole !== u) replace(u, common, id);
      if (whole !== v) replace(v, common, id);
      for (let d = c + 1; d < candidates.length; d++) {
        const w = candidates[d]!;
        if (w !== whole && includes(held[w]!, common)) replace(w, common, id);
      }
    }
  }

  if (family.alone) {
    // Arguments bound alone (integer powers) where the nodes and parts hold them twice or more.
    const inParts = new Map<number, number>();
    for (const part of parts.values()) for (const a of part.list) inParts.set(a, (inParts.get(a) ?? 0) + 1);
    const swap = new Map<number, number>();
    for (let a = 0, known = args.length; a < known; a++) {
      if (family.isUnit(args[a]!.weight) || holders[a]!.length + (inParts.get(a) ?? 0) < 2) continue;
      const alone = family.alone(args[a]!);
      if (!alone) continue;
      const id = newPlaceholder(alone.weight, alone.node).id;
      swap.set(a, id);
      for (const u of holders[a]!) {
        held[u] = held[u]!.map((x) => (x === a ? id : x)).sort(byNumber);
        changed[u] = 1;
      }
    }
    if (swap.size > 0) for (const part of parts.values()) part.list = part.list.map((a) => swap.get(a) ?? a).sort(byNumber);
  }
  // The arguments of sorted `list`, held by node `from`: placeholders first, then the others in from's order (see Family.rebuild).
  const stamp = new Int32Array(firstPlaceholder).fill(-1);
  let stamps = 0;
  const ordered = (list: readonly number[], from: number): { args: Arg<W>[]; placeholders: number } => {
    const out: Arg<W>[] = [];
    const mark = stamps++;
    for (const a of list) {
      if (a >= firstPlaceholder) out.push(args[a]!);
      else stamp[a] = mark;
    }
    const placeholders = out.length;
    for (const a of own[from]!) if (stamp[a] === mark) out.push(args[a]!);
    return { args: out, placeholders };
  };
  for (const [p, part] of parts) {
    const o = ordered(part.list, part.from);
    rewrites.set(p, family.part(o.args, part.weight, o.placeholders));
  }
  held.forEach((list, u) => {
    if (!changed[u]) return;
    const o = ordered(list, u);
    rewrites.set(node[u]!, family.rebuild(node[u]!, o.args, o.placeholders));
  });
}

const byNumber = (a: number, b: number): number => a - b;

/** list sorted in place (insertion sort: a node's arguments are few). */
function sortSmall(list: number[]): number[] {
  for (let i = 1; i < list.length; i++) {
    const x = list[i]!;
    let j = i - 1;
    for (; j >= 0 && list[j]! > x; j--) list[j + 1] = list[j]!;
    list[j + 1] = x;
  }
  return list;
}

/** Indices of `lists`, shortest first and in index order among equals (a counting sort: the block's nodes are many). */
function bySize(lists: readonly (readonly number[])[]): number[] {
  const start: number[] = [];
  for (const l of lists) start[l.length] = (start[l.length] ?? 0) + 1;
  let at = 0;
  for (let k = 0; k < start.length; k++) {
    const count = start[k] ?? 0;
    start[k] = at;
    at += count;
  }
  const out = new Array<number>(lists.length).fill(0);
  lists.forEach((l, i) => (out[start[l.length]!++] = i));
  return out;
}

/** The values of sorted `list` that sorted `part` lacks. */
function difference(list: readonly number[], part: readonly number[]): number[] {
  const out: number[] = [];
  let j = 0;
  for (const x of list) {
    while (j < part.length && part[j]! < x) j++;
    if (part[j] !== x) out.push(x);
  }
  return out;
}

/** The first position in sorted `list` whose value is ≥ x. */
function lowerBound(list: readonly number[], x: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether sorted `list` holds x. */
const holds = (list: readonly number[], x: number): boolean => list[lowerBound(list, x)] === x;

/** The common values of two sorted lists. */
function intersection(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out.push(a[i]!);
      i++;
      j++;
    }
  }
  return out;
}

/** Whether sorted `list` holds every value of sorted `part`. */
function includes(list: readonly number[], part: readonly number[]): boolean {
  let i = 0;
  for (const x of part) {
    while (i < list.length && list[i]! < x) i++;
    if (list[i] !== x) return false;
    i++;
  }
  return true;
}
