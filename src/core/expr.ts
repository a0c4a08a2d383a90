// Immutable symbolic expressions in canonical form.
//
// These are the kernel's invariants; every other module in src/core may rely
// on them (SymEngine states its own the same way at the top of basic.h).
//
// CANONICAL FORM (kept by the smart constructors below, the only way to
// build a node):
//  - num: an exact rational in lowest terms.
//  - add: constant + Σ coeffᵢ·termᵢ with ≥ 1 term, every coeffᵢ ≠ 0, no term
//    a num, no term a mul with coefficient ≠ 1, a term an add only with a
//    coefficient ≠ ±1 (c·(a+b) kept as a product; with ±1 it is flattened);
//    terms sorted by `compare`, each distinct. A lone term with constant 0
//    is never an add.
//  - mul: coeff·Π baseᵢ^expᵢ with coeff ≠ 0, no exponent 0, no base a mul
//    or a pow under an integer exponent,
//    bases distinct and sorted; a num base only with a non-integer exponent;
//    never a single factor with coefficient 1 (that is a pow or the base);
//    a single sum factor c·(a+b) has c ≠ −1 and a sum leading with a plus
//    sign (−(a+b) is −a−b, 2·(−a−b) is −2·(a+b)).
//  - pow: base^exp with exp ∉ {0, 1}, base not a mul or a pow when exp is an
//    integer.
//  - fn: parity folded (sin, tan, asin, atan, sign odd; cos, abs even: sin(−x) =
//    −sin x, cos(−x) = cos x), sin and cos of rπ exact where r has
//    denominator 1, 2, 3, 4 or 6 (cos(π/3) = ½, sinOfPiMultiple), exp∘log
//    and log∘exp folded, abs and sign of a number evaluated.
// Constructors do nothing beyond this canonical form: expansion and trig
// simplification are explicit passes (SymPy's most-cited regret is doing
// more in constructors). Nodes are immutable by their types (readonly
// fields), not by Object.freeze (see Memo for why).
//
// ORDER. `compare` is a total order on structure alone: never on ids, hash
// values or creation order, so printing, CSE and generated code are the same
// bytes whatever was built before. Nothing observable may depend on ids
// (freeSymbols sorts by `compare`).
//
// INTERNING. Within one intern table (there is one per process, see "fresh
// table" below), two LIVE nodes are structurally equal ⇔ they are the same
// object: `===` is equality and shared subexpressions are shared objects.
// A node's `id` is unique among all nodes the process ever made (a counter,
// never reused), so ids of live nodes identify them; ids follow creation,
// and a node collected and built again gets a new id.
//
// LIFETIME. The table does not keep nodes alive for ever (it grew by ≈1 MB
// per derivation when it did):
//  - numbers and symbols (atoms) made or found since the last aging are held
//    strongly; every AGE_EVERY nodes made they age into WeakRefs, so an atom
//    lives as long as something references it;
//  - a compound node is registered on its youngest child (largest id), which
//    holds it strongly: it lives while something references it or while
//    that child lives. Unreferenced parts of a derivation form a subgraph
//    reachable only from atoms that age out, and are collected together;
//    nodes built over a long-lived node live as long as it does (a cache of
//    what was built over it, which interning would find again anyway).
// A WeakRef made or dereferenced keeps its target until the current job
// ends (ECMA-262 AddToKeptObjects): memory comes back once the process
// yields to the event loop, not inside one synchronous loop.
// Measured (test/core/intern-memory.test.ts): heap growth over 200
// derivations of different models 0.3 MB (was ≈ 91 MB). A WeakRef per node
// would give the same lifetime without the "youngest child" caveat, but a
// WeakRef costs ≈ 0.5–1 µs to make or dereference (V8 runtime calls), which
// put 10–50 % on the derivation; atoms are few, so only they pay it.
//
// MEMO SLOTS (see Memo). A slot holds the result of a kernel pass for this
// node, which is a function of the node's structure alone: not of ids,
// creation order, or what was computed before, so a slot never goes stale
// and would hold the same result in any table. Slots written on a RESULT
// (expanded of an expanded node, simplified of a simplified node, shortest
// of a shortest form) state a fixed point; that is true because expand and
// simplify are idempotent (test/core/fresh-table.test.ts checks both in
// fresh tables, where no slot can answer). The `symbols` slot lists the
// free symbols sorted by id, an index order never observed outside; the
// `derivatives` slot holds ∂/∂x of the node per name x (diff.ts); the `unit`
// slot of a symbol, function, sum or power holds the factor object node¹
// that every product holding it shares (makeFactor); the `angles` slot holds
// the node with sines and cosines of angle sums expanded, the one slot
// written outside src/core (src/codegen/angle-sums.ts: a WeakMap there was
// two fifths of that pass).
//
// SHARED PARTS. Rationals (rational.ts: small values made once), factor
// objects base¹ and the term or factor list of c·x and x are shared between
// nodes: all are immutable and compared by their fields, never by identity.
//
// FRESH TABLE. withFreshTable(body) runs body with a new table: no node made
// before exists in it except the module's constants (ZERO, ONE, MINUS_ONE,
// TWO, HALF), which are shared and get empty parent lists for this table;
// every other node made inside is new, with empty memo slots. It exists for
// tests of history independence; nodes must not cross tables.
import { MechanicsError } from '../errors.js';
import * as Q from './rational.js';
import type { Rational } from './rational.js';

export type FnName = 'sin' | 'cos' | 'tan' | 'asin' | 'acos' | 'exp' | 'log' | 'abs' | 'sign' | 'atan';
/** atan last: a function's hash mixes its index here, which the others keep. */
export const FN_NAMES: readonly FnName[] = ['sin', 'cos', 'tan', 'asin', 'acos', 'exp', 'log', 'abs', 'sign', 'atan'];

export interface Num {
  readonly kind: 'num';
  readonly id: number;
  readonly value: Rational;
}
export interface Sym {
  readonly kind: 'sym';
  readonly id: number;
  readonly name: string;
  /** Name without a trailing number, and that number (−1 if none): the natural sort key, computed once. */
  readonly stem: string;
  readonly index: number;
}
export interface Term {
  readonly expr: Expr;
  readonly coeff: Rational;
}
export interface Add {
  readonly kind: 'add';
  readonly id: number;
  readonly constant: Rational;
  readonly terms: readonly Term[];
}
export interface Factor {
  readonly base: Expr;
  readonly exp: Expr;
}
export interface Mul {
  readonly kind: 'mul';
  readonly id: number;
  readonly coeff: Rational;
  readonly factors: readonly Factor[];
}
export interface Pow {
  readonly kind: 'pow';
  readonly id: number;
  readonly base: Expr;
  readonly exp: Expr;
}
export interface Fn {
  readonly kind: 'fn';
  readonly id: number;
  readonly name: FnName;
  readonly args: readonly Expr[];
}

export type Expr = Num | Sym | Add | Mul | Pow | Fn;

/** Exhaustiveness check for `switch (e.kind)` in every pass. */
export function unreachable(x: never): never {
  throw new MechanicsError('internal', 'internal', `unhandled expression kind ${(x as { kind?: string }).kind}`);
}

// ---------------------------------------------------------------- interning
// Hash-consing with a numeric structural hash and a shallow equality check
// (children are already interned, so comparing their ids suffices). String
// keys were simpler but their garbage cost a third of the derivation time.
type Shape = Omit<Num, 'id'> | Omit<Sym, 'id'> | Omit<Add, 'id'> | Omit<Mul, 'id'> | Omit<Pow, 'id'> | Omit<Fn, 'id'>;

const mix = (h: number, x: number): number => {
  const k = Math.imul(h ^ x, 0x5bd1e995);
  return k ^ (k >>> 15);
};
const mixRat = (h: number, r: Rational): number => mix(mix(h, r.n | 0), r.d | 0);

function hashOf(x: Shape): number {
  switch (x.kind) {
    case 'num':
      return mixRat(1, x.value);
    case 'sym': {
      let h = 2;
      for (let i = 0; i < x.name.length; i++) h = mix(h, x.name.charCodeAt(i));
      return h;
    }
    case 'add': {
      let h = mixRat(3, x.constant);
      for (const t of x.terms) h = mixRat(mix(h, t.expr.id), t.coeff);
      return h;
    }
    case 'mul': {
      let h = mixRat(4, x.coeff);
      for (const f of x.factors) h = mix(mix(h, f.base.id), f.exp.id);
      return h;
    }
    case 'pow':
      return mix(mix(5, x.base.id), x.exp.id);
    case 'fn': {
      let h = mix(6, FN_NAMES.indexOf(x.name));
      for (const a of x.args) h = mix(h, a.id);
      return h;
    }
  }
}

const sameRat = (a: Rational, b: Rational): boolean => a.n === b.n && a.d === b.d;

function sameShape(a: Expr, x: Shape): boolean {
  if (a.kind !== x.kind) return false;
  switch (x.kind) {
    case 'num':
      return sameRat((a as Num).value, x.value);
    case 'sym':
      return (a as Sym).name === x.name;
    case 'add': {
      const b = a as Add;
      if (b.terms.length !== x.terms.length || !sameRat(b.constant, x.constant)) return false;
      for (let i = 0; i < x.terms.length; i++) {
        if (b.terms[i]!.expr !== x.terms[i]!.expr || !sameRat(b.terms[i]!.coeff, x.terms[i]!.coeff)) return false;
      }
      return true;
    }
    case 'mul': {
      const b = a as Mul;
      if (b.factors.length !== x.factors.length || !sameRat(b.coeff, x.coeff)) return false;
      for (let i = 0; i < x.factors.length; i++) {
        if (b.factors[i]!.base !== x.factors[i]!.base || b.factors[i]!.exp !== x.factors[i]!.exp) return false;
      }
      return true;
    }
    case 'pow':
      return (a as Pow).base === x.base && (a as Pow).exp === x.exp;
    case 'fn': {
      const b = a as Fn;
      if (b.name !== x.name || b.args.length !== x.args.length) return false;
      // A loop, not every(): a closure per call was 3 % of a derivation's bytes.
      for (let i = 0; i < x.args.length; i++) if (b.args[i] !== x.args[i]) return false;
      return true;
    }
  }
}

/**
 * Per-node memo slots of the kernel's passes. Nodes are immutable, so a
 * pass's result for a node never goes stale; keeping it on the node (rather
 * than in a side table) makes the lookup one field load. Not part of the
 * public shape of an expression: only src/core reads or writes these (and
 * codegen's angle-sums.ts its `angles` slot).
 *
 * Immutability is enforced by the types (every field readonly), not by
 * Object.freeze: freezing every node and its arrays, with a separate memo
 * object per node, made the 10-link derivation ~40% slower (GC), which the
 * derivation target cannot afford.
 */
export interface Memo {
  expanded: Expr | undefined;
  simplified: Expr | undefined;
  trig: Expr | undefined;
  shortest: Expr | undefined;
  /** The free symbols, sorted by id. */
  symbols: readonly Sym[] | undefined;
  /** Partial derivatives taken of this node: x₁, ∂/∂x₁, x₂, ∂/∂x₂, … while few, then by name (diff.ts). */
  derivatives: (string | Expr)[] | Map<string, Expr> | undefined;
  /** The node with sin and cos of angle sums expanded (src/codegen/angle-sums.ts). */
  angles: Expr | undefined;
}
export const memo = (e: Expr): Memo => e as unknown as Memo;

/**
 * Interning links of a node, next to its memo slots (same caveats).
 * `parents` lists the interned nodes whose youngest child (largest id) this
 * node is: a compound node is registered there, so the table reaches it
 * only through that child. The node's hash is not kept (8 bytes a node):
 * a node is its own shape, and hashOf(node) computes it again where a list
 * of parents becomes a map.
 */
interface Links {
  parents: Expr[] | ParentTable | undefined;
}
const links = (e: Expr): Links => e as unknown as Links;

type Atom = Num | Sym;

/**
 * The table of atoms (numbers and symbols), in two generations: `young`
 * holds strongly the atoms made or found since the last aging, `old` holds
 * the earlier ones through WeakRefs. An atom is in one generation at a time.
 */
interface AtomTable {
  readonly young: Map<number, Atom[]>;
  readonly old: Map<number, WeakRef<Atom>[]>;
  /** WeakRefs in `old`, live or dead. */
  oldSize: number;
  /** Sweep `old` of dead WeakRefs when oldSize reaches this. */
  sweepAt: number;
  sweepPending: boolean;
  /** Parent lists of the module's constants, which every table shares (see withFreshTable). */
  readonly constantParents: Links['parents'][];
}

/**
 * Nodes made between two agings of the atom table. The young atoms keep alive
 * what was built over them, roughly the nodes of the last AGE_EVERY made
 * (≈ 150 bytes a node: well under 1 MB); an aging costs a WeakRef per young
 * atom (≈ 1 µs each, a few hundred atoms).
 */
const AGE_EVERY = 4096;
/** Dead WeakRefs tolerated in the old generation before the first sweep (each ≈ 50 bytes). */
const MIN_SWEEP = 1024;

const newTable = (): AtomTable => ({ young: new Map(), old: new Map(), oldSize: 0, sweepAt: MIN_SWEEP, sweepPending: false, constantParents: [] });
let table = newTable();
let nextId = 0;
let madeSinceAging = 0;
/** Ids below this are the module's constants (made first, below). */
let constantIds = 0;

/** The interned atom of this shape, if one is alive. */
function findAtom(h: number, x: Shape): Atom | undefined {
  const bucket = table.young.get(h);
  if (bucket) {
    for (const e of bucket) if (sameShape(e, x)) return e;
  }
  const refs = table.old.get(h);
  if (refs === undefined) return undefined;
  for (let i = 0; i < refs.length; i++) {
    const e = refs[i]!.deref();
    if (e === undefined || !sameShape(e, x)) continue;
    // Back to the young generation: an atom asked for again is likely to be
    // asked for many times more, and a young hit needs no WeakRef deref
    // (a V8 runtime call).
    refs.splice(i, 1);
    if (refs.length === 0) table.old.delete(h);
    table.oldSize--;
    addYoung(h, e);
    return e;
  }
  return undefined;
}

function addYoung(h: number, e: Atom): void {
  const bucket = table.young.get(h);
  if (bucket) bucket.push(e);
  else table.young.set(h, [e]);
}

/** Move every young atom to the old generation, held weakly from now on. */
function age(): void {
  const t = table;
  madeSinceAging = 0;
  for (const [h, bucket] of t.young) {
    const refs = bucket.map((e) => new WeakRef(e));
    const prev = t.old.get(h);
    if (prev) for (const r of refs) prev.push(r);
    else t.old.set(h, refs);
    t.oldSize += refs.length;
  }
  t.young.clear();
  if (t.oldSize >= t.sweepAt && !t.sweepPending) {
    // Not now: a WeakRef made or dereferenced in this job keeps its target
    // alive until the job ends (ECMA-262 AddToKeptObjects), so a sweep now
    // would find every atom just aged alive. A later task sees the truth.
    t.sweepPending = true;
    setTimeout(() => sweep(t), 0).unref();
  }
}

/**
 * Drop the WeakRefs whose atom is gone. The next sweep waits until the old
 * generation has doubled over what survived: amortized O(1) per atom.
 */
function sweep(t: AtomTable): void {
  let live = 0;
  for (const [h, refs] of t.old) {
    const kept = refs.filter((r) => r.deref() !== undefined);
    if (kept.length === 0) t.old.delete(h);
    else t.old.set(h, kept);
    live += kept.length;
  }
  t.oldSize = live;
  t.sweepAt = Math.max(MIN_SWEEP, 2 * live);
  t.sweepPending = false;
}

/** The youngest (largest-id) direct child of a compound shape: where it is registered. */
function anchorOf(x: Shape): Expr {
  let best: Expr;
  switch (x.kind) {
    case 'add':
      best = x.terms[0]!.expr;
      for (const t of x.terms) if (t.expr.id > best.id) best = t.expr;
      return best;
    case 'mul':
      best = x.factors[0]!.base;
      for (const f of x.factors) {
        if (f.base.id > best.id) best = f.base;
        if (f.exp.id > best.id) best = f.exp;
      }
      return best;
    case 'pow':
      return x.base.id > x.exp.id ? x.base : x.exp;
    case 'fn':
      best = x.args[0]!;
      for (const a of x.args) if (a.id > best.id) best = a;
      return best;
    default:
      throw new MechanicsError('internal', 'internal', `an atom (${x.kind}) has no anchor`);
  }
}

/** Parent lists up to this length are scanned; longer ones become a ParentTable. */
const SCAN_PARENTS = 8;

/**
 * The parents of an anchor past SCAN_PARENTS: open addressing (linear
 * probing) over the nodes, their hashes beside them in an Int32Array, at
 * most 3/4 full. A Map by hash cost ≈ 46 bytes a parent (heap snapshot of the
 * 40-link pendulum; most anchors' parents are in such tables), this 16–32.
 * Nothing is ever removed: a parent lives as long as its anchor.
 */
class ParentTable {
  private keys: Int32Array;
  private nodes: (Expr | undefined)[];
  private size = 0;

  constructor(capacity: number) {
    this.keys = new Int32Array(capacity);
    this.nodes = new Array<Expr | undefined>(capacity).fill(undefined);
  }

  find(h: number, x: Shape): Expr | undefined {
    const mask = this.nodes.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const e = this.nodes[i];
      if (e === undefined) return undefined;
      if (this.keys[i] === h && sameShape(e, x)) return e;
    }
  }

  add(h: number, e: Expr): void {
    if (4 * (this.size + 1) > 3 * this.nodes.length) this.grow();
    this.place(h, e);
    this.size++;
  }

  private place(h: number, e: Expr): void {
    const mask = this.nodes.length - 1;
    let i = h & mask;
    while (this.nodes[i] !== undefined) i = (i + 1) & mask;
    this.keys[i] = h;
    this.nodes[i] = e;
  }

  private grow(): void {
    const { keys, nodes } = this;
    this.keys = new Int32Array(2 * nodes.length);
    this.nodes = new Array<Expr | undefined>(2 * nodes.length).fill(undefined);
    for (let i = 0; i < nodes.length; i++) if (nodes[i] !== undefined) this.place(keys[i]!, nodes[i]!);
  }
}

function parentsOf(anchor: Expr): Links['parents'] {
  return anchor.id < constantIds ? table.constantParents[anchor.id] : links(anchor).parents;
}

function setParents(anchor: Expr, p: Links['parents']): void {
  if (anchor.id < constantIds) table.constantParents[anchor.id] = p;
  else links(anchor).parents = p;
}

function findCompound(anchor: Expr, h: number, x: Shape): Expr | undefined {
  const p = parentsOf(anchor);
  if (p === undefined) return undefined;
  if (!Array.isArray(p)) return p.find(h, x);
  for (const e of p) if (sameShape(e, x)) return e;
  return undefined;
}

function addParent(anchor: Expr, h: number, e: Expr): void {
  const p = parentsOf(anchor);
  if (p === undefined) setParents(anchor, [e]);
  else if (!Array.isArray(p)) p.add(h, e);
  else if (p.length < SCAN_PARENTS) p.push(e);
  else {
    const t = new ParentTable(4 * SCAN_PARENTS);
    for (const q of p) t.add(hashOf(q), q);
    t.add(h, e);
    setParents(anchor, t);
  }
}

/**
 * The node of this shape: the interned one, or `shape` itself made a node.
 * `shared`: the shape's term or factor list is an existing node's, which the
 * new node shares; otherwise a new node gets an exact copy of it (below).
 */
function intern<S extends Shape>(shape: S, shared = false): S & { readonly id: number } {
  const h = hashOf(shape);
  const isAtom = shape.kind === 'num' || shape.kind === 'sym';
  const anchor = isAtom ? undefined : anchorOf(shape);
  const hit = anchor === undefined ? findAtom(h, shape) : findCompound(anchor, h, shape);
  if (hit) return hit as unknown as S & { id: number };
  const e = makeNode(shape, shared);
  if (anchor === undefined) addYoung(h, e as Atom);
  else addParent(anchor, h, e);
  if (++madeSinceAging >= AGE_EVERY) age();
  return e as unknown as S & { id: number };
}

/**
 * A miss made a node: one object literal per kind with every field, memo
 * slots and links included. Adding those fields to the caller's shape
 * object instead moved them to a separate property array (≈ 100 bytes and
 * an allocation more per node) and gave nodes of one kind several hidden
 * classes, which made every memo lookup polymorphic.
 *
 * A term or factor list is copied unless it is `shared` (another node's):
 * lists are built by push, and V8 gives an array grown from empty room for
 * 17 elements, which it never gives back; a product of 3 factors kept a
 * 152-byte backing store for 24 bytes of pointers (26 MB of the 40-link
 * pendulum's 176 MB live heap). slice() allocates the exact length.
 */
function makeNode(x: Shape, shared: boolean): Expr {
  const id = nextId++;
  const u = undefined;
  switch (x.kind) {
    case 'num':
      return { kind: 'num', id, value: x.value, expanded: u, simplified: u, trig: u, shortest: u, symbols: u, derivatives: u, angles: u, parents: u } as Num;
    case 'sym':
      return {
        kind: 'sym',
        id,
        name: x.name,
        stem: x.stem,
        index: x.index,
        expanded: u,
        simplified: u,
        trig: u,
        shortest: u,
        symbols: u,
        derivatives: u,
        angles: u,
        parents: u,
        unit: u,
      } as Sym;
    case 'add':
      return {
        kind: 'add',
        id,
        constant: x.constant,
        terms: shared ? x.terms : x.terms.slice(),
        expanded: u,
        simplified: u,
        trig: u,
        shortest: u,
        symbols: u,
        derivatives: u,
        angles: u,
        parents: u,
        unit: u,
      } as Add;
    case 'mul':
      return {
        kind: 'mul',
        id,
        coeff: x.coeff,
        factors: shared ? x.factors : x.factors.slice(),
        expanded: u,
        simplified: u,
        trig: u,
        shortest: u,
        symbols: u,
        derivatives: u,
        angles: u,
        parents: u,
      } as Mul;
    case 'pow':
      return {
        kind: 'pow',
        id,
        base: x.base,
        exp: x.exp,
        expanded: u,
        simplified: u,
        trig: u,
        shortest: u,
        symbols: u,
        derivatives: u,
        angles: u,
        parents: u,
        unit: u,
      } as Pow;
    case 'fn':
      return {
        kind: 'fn',
        id,
        name: x.name,
        args: x.args,
        expanded: u,
        simplified: u,
        trig: u,
        shortest: u,
        symbols: u,
        derivatives: u,
        angles: u,
        parents: u,
        unit: u,
      } as Fn;
  }
}

/**
 * Run `body` with a fresh intern table: no node made before exists in it
 * except the module's constants (ZERO, ONE, MINUS_ONE, TWO, HALF, with
 * empty parent lists), and no memo slot carries a result computed before.
 * For tests of history independence (a result must not depend on what was
 * built or simplified earlier). Nodes made inside must not be mixed with
 * nodes made outside (interning holds within one table only), so `body`
 * should return plain data (printed forms), not nodes.
 */
export function withFreshTable<T>(body: () => T): T {
  const outer = table;
  const outerMade = madeSinceAging;
  table = newTable();
  for (const c of CONSTANTS) addYoung(hashOf(c), c as Atom);
  try {
    return body();
  } finally {
    table = outer;
    madeSinceAging = outerMade;
  }
}

// ---------------------------------------------------------------- atoms
export function num(value: Rational | number): Num {
  const v = typeof value === 'number' ? Q.ratFromNumber(value) : value;
  return intern({ kind: 'num', value: v });
}

export function sym(name: string): Sym {
  const hit = findSym(name);
  if (hit) return hit;
  const m = /^(.*?)(\d+)$/.exec(name);
  return intern({ kind: 'sym', name, stem: m ? m[1]! : name, index: m ? Number(m[2]) : -1 });
}

/**
 * A number as an expression: its exact rational where that fits within 2^53
 * (rational.ts), else an atom standing for the double itself. 1e-300, 1e300
 * and 5e-324 have exact values of hundreds of digits, and any coefficient
 * arithmetic on them would overflow: such a number is the symbol named by its
 * shortest text ("1e-300", which no identifier can be), a constant whose
 * value literalValue reads. It is not a free symbol (symbolsIn, freeSymbols
 * and dependsOn leave it out); evaluation, generated code, LaTeX, signs and
 * intervals take its value.
 */
export function numberExpr(x: number): Expr {
  try {
    return num(x);
  } catch (err) {
    if (!(err instanceof MechanicsError && err.code === 'coefficient-overflow')) throw err;
  }
  return x < 0 ? neg(sym(String(-x))) : sym(String(x));
}

/** The value of the number atom of this name (numberExpr), or undefined for a name of something. */
export const numberAtomValue = (name: string): number | undefined => (/^[0-9]/.test(name) ? Number(name) : undefined);
/** The value of a number atom (numberExpr), or undefined for a symbol that names something. */
export const literalValue = (s: Sym): number | undefined => numberAtomValue(s.name);

/** The intern table's structural hash of a node (for tests of the table: which nodes share one). */
export const structuralHash = (e: Expr): number => hashOf(e);

/** The symbol of this name if it is alive (a symbol's hash and equality read its name only). */
function findSym(name: string): Sym | undefined {
  const probe = { kind: 'sym', name, stem: name, index: -1 } as const;
  return findAtom(hashOf(probe), probe) as Sym | undefined;
}

export const ZERO = num(0);
export const ONE = num(1);
export const MINUS_ONE = num(-1);
export const TWO = num(2);
export const HALF = num(Q.HALF);
/** The module's constant nodes: seeded into every fresh table so `=== ONE` keeps working there. */
const CONSTANTS: readonly Expr[] = [ZERO, ONE, MINUS_ONE, TWO, HALF];
constantIds = nextId;
if (CONSTANTS.some((c) => c.id >= constantIds) || constantIds !== CONSTANTS.length) {
  throw new MechanicsError('internal', 'internal', 'the kernel constants must be the first nodes made');
}

export const isZero = (e: Expr): boolean => e === ZERO;
export const isOne = (e: Expr): boolean => e === ONE;

// ---------------------------------------------------------------- ordering
const RANK: Record<Expr['kind'], number> = { num: 0, sym: 1, fn: 2, pow: 3, mul: 4, add: 5 };

/**
 * Total structural order used for sorting terms and factors. It depends only
 * on structure, never on ids or creation order, so printing and generated
 * code are byte-for-byte reproducible.
 */
export function compare(a: Expr, b: Expr): number {
  return compareAt(a, b, 0);
}

/** Nesting at which a recursion over an expression hands over to an explicit stack (V8 holds ≈ 10⁴ frames). */
export const DEEP = 400;

function compareAt(a: Expr, b: Expr, depth: number): number {
  if (a === b) return 0;
  const r = RANK[a.kind] - RANK[b.kind];
  if (r !== 0) return r;
  if (depth >= DEEP) return compareByStack(a, b);
  const d = depth + 1;
  switch (a.kind) {
    case 'num':
      return Q.cmp(a.value, (b as Num).value);
    case 'sym':
      return compareSyms(a, b as Sym);
    case 'fn': {
      const f = b as Fn;
      if (a.name !== f.name) return a.name < f.name ? -1 : 1;
      const n = Math.min(a.args.length, f.args.length);
      for (let i = 0; i < n; i++) {
        const c = compareAt(a.args[i]!, f.args[i]!, d);
        if (c) return c;
      }
      return a.args.length - f.args.length;
    }
    case 'pow': {
      const p = b as Pow;
      return compareAt(a.base, p.base, d) || compareAt(a.exp, p.exp, d);
    }
    case 'mul': {
      const m = b as Mul;
      const n = Math.min(a.factors.length, m.factors.length);
      for (let i = 0; i < n; i++) {
        const c = compareAt(a.factors[i]!.base, m.factors[i]!.base, d) || compareAt(a.factors[i]!.exp, m.factors[i]!.exp, d);
        if (c) return c;
      }
      return a.factors.length - m.factors.length || Q.cmp(a.coeff, m.coeff);
    }
    case 'add': {
      const s = b as Add;
      const n = Math.min(a.terms.length, s.terms.length);
      for (let i = 0; i < n; i++) {
        const c = compareAt(a.terms[i]!.expr, s.terms[i]!.expr, d) || Q.cmp(a.terms[i]!.coeff, s.terms[i]!.coeff);
        if (c) return c;
      }
      return a.terms.length - s.terms.length || Q.cmp(a.constant, s.constant);
    }
    default:
      return unreachable(a);
  }
}

// Lexicographic on (stem, index, name): q2 < q10, and a total order.
const compareSyms = (a: Sym, y: Sym): number => (a.stem !== y.stem ? (a.stem < y.stem ? -1 : 1) : a.index - y.index || (a.name < y.name ? -1 : 1));

/**
 * compare past DEEP levels, with the same lexicographic order: a stack of
 * pairs still to compare, interleaved with the tie-breaks (numbers) that
 * decide once every pair before them is equal.
 */
function compareByStack(a0: Expr, b0: Expr): number {
  const work: (Expr | number)[] = [b0, a0];
  while (work.length > 0) {
    const top = work.pop()!;
    if (typeof top === 'number') {
      if (top !== 0) return top;
      continue;
    }
    const a = top;
    const b = work.pop() as Expr;
    if (a === b) continue;
    const r = RANK[a.kind] - RANK[b.kind];
    if (r !== 0) return r;
    switch (a.kind) {
      case 'num':
        work.push(Q.cmp(a.value, (b as Num).value));
        break;
      case 'sym':
        work.push(compareSyms(a, b as Sym));
        break;
      case 'fn': {
        const f = b as Fn;
        if (a.name !== f.name) return a.name < f.name ? -1 : 1;
        work.push(a.args.length - f.args.length);
        for (let i = Math.min(a.args.length, f.args.length) - 1; i >= 0; i--) work.push(f.args[i]!, a.args[i]!);
        break;
      }
      case 'pow':
        work.push((b as Pow).exp, a.exp, (b as Pow).base, a.base);
        break;
      case 'mul': {
        const m = b as Mul;
        work.push(a.factors.length - m.factors.length || Q.cmp(a.coeff, m.coeff));
        for (let i = Math.min(a.factors.length, m.factors.length) - 1; i >= 0; i--) {
          work.push(m.factors[i]!.exp, a.factors[i]!.exp, m.factors[i]!.base, a.factors[i]!.base);
        }
        break;
      }
      case 'add': {
        const s = b as Add;
        work.push(a.terms.length - s.terms.length || Q.cmp(a.constant, s.constant));
        for (let i = Math.min(a.terms.length, s.terms.length) - 1; i >= 0; i--) {
          work.push(Q.cmp(a.terms[i]!.coeff, s.terms[i]!.coeff), s.terms[i]!.expr, a.terms[i]!.expr);
        }
        break;
      }
      default:
        return unreachable(a);
    }
  }
  return 0;
}

// ---------------------------------------------------------------- add
/** Split e into (coefficient, rest) with rest a canonical add term. */
export function splitCoeff(e: Expr): [Rational, Expr] {
  if (e.kind === 'num') return [e.value, ONE];
  if (e.kind === 'mul' && !Q.isOne(e.coeff)) return [e.coeff, makeMulOver(Q.ONE, e)];
  return [Q.ONE, e];
}

/** Σ args, in canonical form. */
export function add(...args: readonly Expr[]): Expr {
  return addAll(args);
}

/**
 * Σ args from an array: term lists of large models (10⁵ terms in the
 * 100-link pendulum's energy) must not go through a spread call, whose
 * arguments V8 puts on the stack (≈ 120,000 at most).
 */
export function addAll(args: readonly Expr[]): Expr {
  if (args.length === 1) return args[0]!;
  let constant = Q.ZERO;
  const acc = new Map<Expr, Rational>();
  const put = (expr: Expr, c: Rational): void => {
    const prev = acc.get(expr);
    acc.set(expr, prev ? Q.add(prev, c) : c);
  };
  for (const a of args) {
    if (a.kind === 'num') constant = Q.add(constant, a.value);
    else if (a.kind === 'add') {
      constant = Q.add(constant, a.constant);
      for (const t of a.terms) put(t.expr, t.coeff);
    } else if (a.kind === 'mul' && !Q.isOne(a.coeff)) put(makeMulOver(Q.ONE, a), a.coeff);
    else put(a, Q.ONE);
  }
  return addFromTerms(constant, acc);
}

/**
 * A sum collected term by term as addAll collects it: a constant and each
 * term node's coefficient. For passes that list terms (derivatives,
 * expansions, collected factors, residual rows) without making the
 * products c·t only to split them apart again.
 */
export class TermSum {
  constant: Rational = Q.ZERO;
  readonly terms = new Map<Expr, Rational>();

  /** c·u for a term node u (not a number, no coefficient of its own). */
  term(u: Expr, c: Rational): void {
    const prev = this.terms.get(u);
    this.terms.set(u, prev ? Q.add(prev, c) : c);
  }

  /** c·e with e's own terms: a number into the constant, a sum term by term, else e's coefficient split off (with c = 1, as addAll takes e). */
  spread(e: Expr, c: Rational = Q.ONE): void {
    const times = (k: Rational): Rational => (Q.isOne(c) ? k : Q.mul(c, k));
    if (e.kind === 'num') this.constant = Q.add(this.constant, times(e.value));
    else if (e.kind === 'add') {
      this.constant = Q.add(this.constant, times(e.constant));
      for (const t of e.terms) this.term(t.expr, times(t.coeff));
    } else {
      const [k, u] = splitCoeff(e);
      this.term(u, times(k));
    }
  }

  build(): Expr {
    return addFromTerms(this.constant, this.terms);
  }
}

const byTermExpr = (x: Term, y: Term): number => compare(x.expr, y.expr);
const byFactor = (x: Factor, y: Factor): number => compare(x.base, y.base) || compare(x.exp, y.exp);

/**
 * list.sort(order) (stable, the same result), by insertion where the list
 * is short, as most sums' and products' are: Array.prototype.sort copies
 * its list into a work array, a tenth of the bytes a derivation of the
 * 10-link pendulum allocated.
 */
function sortShort<T>(list: T[], order: (x: T, y: T) => number): void {
  if (list.length > 16) {
    list.sort(order);
    return;
  }
  for (let i = 1; i < list.length; i++) {
    const x = list[i]!;
    let j = i - 1;
    for (; j >= 0 && order(list[j]!, x) > 0; j--) list[j + 1] = list[j]!;
    list[j + 1] = x;
  }
}

/** Build an add from already-canonical term expressions and coefficients. */
export function addFromTerms(constant: Rational, acc: ReadonlyMap<Expr, Rational>): Expr {
  const terms: Term[] = [];
  let nested = false;
  for (const [expr, coeff] of acc) {
    if (Q.isZero(coeff)) continue;
    terms.push({ expr, coeff });
    if (expr.kind === 'add' && coeff.d === 1 && (coeff.n === 1 || coeff.n === -1)) nested = true;
  }
  // A term c·(a+b) whose coefficient became ±1 (3/2·(a+b) − 1/2·(a+b)) is
  // no longer a product: its terms join the sum (flattening).
  if (nested) {
    const parts: Expr[] = [num(constant)];
    for (const t of terms) parts.push(scale(t.expr, t.coeff));
    return addAll(parts);
  }
  if (terms.length === 0) return num(constant);
  if (terms.length === 1 && Q.isZero(constant)) return scale(terms[0]!.expr, terms[0]!.coeff);
  sortShort(terms, byTermExpr);
  return intern({ kind: 'add', constant, terms });
}

/** c·e for a rational c. */
export function scale(e: Expr, c: Rational): Expr {
  if (Q.isOne(c)) return e;
  if (Q.isZero(c)) return ZERO;
  switch (e.kind) {
    case 'num':
      return num(Q.mul(e.value, c));
    case 'mul':
      return makeMulOver(Q.mul(e.coeff, c), e);
    case 'pow':
      // c·x² is the factor x with exponent 2, as mul(c, x, x) builds it.
      return makeMul(c, [makeFactor(e.base, e.exp)]);
    case 'add': {
      // Keep sums unexpanded under a coefficient except to flip a sign, so
      // that −(a+b) and (−a−b) have one form.
      if (Q.isNegative(c) && Q.isOne(Q.neg(c))) {
        const acc = new Map<Expr, Rational>();
        for (const t of e.terms) acc.set(t.expr, Q.neg(t.coeff));
        return addFromTerms(Q.neg(e.constant), acc);
      }
      // c·(−a−b) is written −c·(a+b): a scaled sum leads with a plus sign.
      if (hasNegativeSign(e)) return makeMul(Q.neg(c), [makeFactor(scale(e, Q.MINUS_ONE), ONE)]);
      return makeMul(c, [makeFactor(e, ONE)]);
    }
    default:
      return makeMul(c, [makeFactor(e, ONE)]);
  }
}

export const neg = (e: Expr): Expr => scale(e, Q.MINUS_ONE);

/** The slot of a node that can be a factor's base under exponent 1 (a symbol, function, sum or power; never a product or number). */
interface UnitSlot {
  unit: Factor | undefined;
}

/**
 * The factor base^exp. base¹ is one object per base, kept on the base
 * (slot `unit`, made with the node in makeNode): a Factor object per factor
 * per product was 40 bytes × 3–4 in most of a derivation's products, and
 * the 40-link pendulum's 107,000 factor objects had 6,000 distinct
 * (base, exponent) pairs, 83,000 of them with exponent 1. Factors are
 * immutable and compared by their fields, so sharing them is unobservable.
 */
export function makeFactor(base: Expr, exp: Expr): Factor {
  if (exp !== ONE || base.kind === 'mul' || base.kind === 'num') return { base, exp };
  const slot = base as unknown as UnitSlot;
  return (slot.unit ??= { base, exp: ONE });
}
export const sub = (a: Expr, b: Expr): Expr => add(a, neg(b));

// ---------------------------------------------------------------- mul
/**
 * A product from factors that are already canonical: sorted, distinct bases,
 * no zero exponents (e.g. a canonical product with one factor removed).
 */
export const makeMul = (coeff: Rational, factors: readonly Factor[]): Expr => mulOf(coeff, factors, false);

/** makeMul over the factor list of an existing product (c·x from x): a new node shares the list. */
const makeMulOver = (coeff: Rational, of: Mul): Expr => mulOf(coeff, of.factors, true);

function mulOf(coeff: Rational, factors: readonly Factor[], shared: boolean): Expr {
  if (Q.isZero(coeff)) return ZERO;
  if (factors.length === 0) return num(coeff);
  if (factors.length === 1) {
    const f = factors[0]!;
    if (Q.isOne(coeff)) return makePow(f.base, f.exp);
    // c·(a+b) has one form, scale's: −1·(a+b) is −a−b, 2·(−a−b) is −2·(a+b).
    if (f.exp === ONE && f.base.kind === 'add' && (Q.eq(coeff, Q.MINUS_ONE) || hasNegativeSign(f.base))) return scale(f.base, coeff);
  }
  return intern({ kind: 'mul', coeff, factors }, shared);
}

/** Π args, in canonical form. */
export function mul(...args: readonly Expr[]): Expr {
  return mulAll(args);
}

/** Π args from an array (no spread call: see addAll). */
export function mulAll(args: readonly Expr[]): Expr {
  if (args.length === 1) return args[0]!;
  if (args.length === 2) {
    const [a, b] = args as [Expr, Expr];
    if (a.kind === 'num') return scale(b, a.value);
    if (b.kind === 'num') return scale(a, b.value);
    const fast = mergeProduct(a, b);
    if (fast) return fast;
  }
  let coeff = Q.ONE;
  const acc = new Map<Expr, Expr[]>();
  const put = (base: Expr, exp: Expr): void => {
    const prev = acc.get(base);
    if (prev) prev.push(exp);
    else acc.set(base, [exp]);
  };
  for (const a of args) {
    switch (a.kind) {
      case 'num':
        coeff = Q.mul(coeff, a.value);
        break;
      case 'mul':
        coeff = Q.mul(coeff, a.coeff);
        for (const f of a.factors) put(f.base, f.exp);
        break;
      case 'pow':
        put(a.base, a.exp);
        break;
      default:
        put(a, ONE);
    }
  }
  if (Q.isZero(coeff)) return ZERO;
  const factors: Factor[] = [];
  for (const [base, exps] of acc) {
    const exp = exps.length === 1 ? exps[0]! : addAll(exps);
    if (exp === ZERO) continue;
    // A combined power may fold: x^a·x^b with a+b integer over a num base, or
    // a product that became a number (2^(1/2)·2^(1/2) = 2).
    const p = exps.length === 1 ? null : pow(base, exp);
    if (p && p.kind === 'num') coeff = Q.mul(coeff, p.value);
    else if (p && p.kind === 'mul') {
      coeff = Q.mul(coeff, p.coeff);
      for (const f of p.factors) factors.push(f);
    } else if (p && p.kind === 'pow')
      factors.push(makeFactor(p.base, p.exp)); // (x²)^½·(x²)^½ = x²: base x
    else if (p) factors.push(makeFactor(p, ONE));
    else if (base.kind === 'num' && exp.kind === 'num') {
      const v = Q.powRational(base.value, exp.value);
      if (v) coeff = Q.mul(coeff, v);
      else factors.push(makeFactor(base, exp));
    } else factors.push(makeFactor(base, exp));
  }
  sortShort(factors, byFactor);
  return makeMul(coeff, mergeDuplicateBases(factors));
}

const asFactors = (e: Expr): readonly Factor[] => (e.kind === 'mul' ? e.factors : e.kind === 'pow' ? [makeFactor(e.base, e.exp)] : [makeFactor(e, ONE)]);

// The hot case of expansion: a product of two monomials. Both factor lists
// are sorted, so a linear merge replaces the map-and-sort of the general
// path. Returns undefined for the rare cases that need the general path.
function mergeProduct(a: Expr, b: Expr): Expr | undefined {
  return mergeFactors(a.kind === 'mul' ? a.coeff : Q.ONE, asFactors(a), b);
}

/** (ca·Π fa)·b by the merge of mergeProduct, for a canonical factor list fa. */
function mergeFactors(ca: Rational, fa: readonly Factor[], b: Expr): Expr | undefined {
  const fb = asFactors(b);
  const out: Factor[] = [];
  let i = 0;
  let j = 0;
  while (i < fa.length && j < fb.length) {
    const x = fa[i]!;
    const y = fb[j]!;
    const c = compare(x.base, y.base);
    if (c < 0) {
      out.push(x);
      i++;
    } else if (c > 0) {
      out.push(y);
      j++;
    } else {
      if (x.base.kind === 'num' || x.base.kind === 'mul' || x.base.kind === 'pow') return undefined;
      const exp = add(x.exp, y.exp);
      if (exp !== ZERO) out.push(makeFactor(x.base, exp));
      i++;
      j++;
    }
  }
  while (i < fa.length) out.push(fa[i++]!);
  while (j < fb.length) out.push(fb[j++]!);
  const cb = b.kind === 'mul' ? b.coeff : Q.ONE;
  return makeMul(Q.mul(ca, cb), out);
}

/**
 * (e without its factor i)·b, the product rule's term: the same node as
 * mul(makeMul(e.coeff, the other factors), b), without making the cofactor
 * node on the way (a node per term of every derivative, kept for as long as
 * its factors live). The shortcut applies where makeMul would return a node
 * whose factor list is the cofactor list itself; a cofactor that is a lone
 * sum (which makeMul and scale may flatten or flip) takes the long way.
 */
export function mulOmitting(e: Mul, i: number, b: Expr): Expr {
  return mulFactors(
    e.coeff,
    e.factors.filter((_, k) => k !== i),
    b,
  );
}

/** mul(makeMul(coeff, factors), b) for a canonical factor list, without making the node makeMul(coeff, factors) where it can (see mulOmitting). */
export function mulFactors(coeff: Rational, factors: readonly Factor[], b: Expr): Expr {
  const lone = factors.length === 1 ? factors[0]! : undefined;
  if (factors.length === 0 || (lone && lone.exp === ONE && lone.base.kind === 'add')) return mul(makeMul(coeff, factors), b);
  if (b.kind === 'num') return makeMul(Q.mul(coeff, b.value), factors);
  return mergeFactors(coeff, factors, b) ?? mul(makeMul(coeff, factors), b);
}

// Bases are distinct after the map above unless a folded power reintroduced
// one (rare); merge so the invariant holds.
function mergeDuplicateBases(factors: Factor[]): Factor[] {
  for (let i = 1; i < factors.length; i++) {
    if (factors[i]!.base === factors[i - 1]!.base) {
      const out: Factor[] = [];
      for (const f of factors) {
        const last = out[out.length - 1];
        if (last && last.base === f.base) out[out.length - 1] = makeFactor(f.base, add(last.exp, f.exp));
        else out.push(f);
      }
      return out.filter((f) => f.exp !== ZERO);
    }
  }
  return factors;
}

export const div = (a: Expr, b: Expr): Expr => mul(a, pow(b, MINUS_ONE));

// ---------------------------------------------------------------- pow
function makePow(base: Expr, exp: Expr): Expr {
  if (exp === ONE) return base;
  if (exp === ZERO) return ONE;
  return intern({ kind: 'pow', base, exp });
}

/** base^exp, in canonical form. */
export function pow(base: Expr, exp: Expr | number): Expr {
  const e = typeof exp === 'number' ? num(exp) : exp;
  if (e === ZERO) return ONE;
  if (e === ONE) return base;
  if (base === ONE) return ONE;
  if (e.kind === 'num') {
    const k = e.value;
    if (base.kind === 'num') {
      if (Q.isZero(base.value) && Q.isNegative(k)) {
        throw new MechanicsError('division-by-zero', 'input', 'division by zero (0 raised to a negative power)');
      }
      const v = Q.powRational(base.value, k);
      if (v) return num(v);
      return makePow(base, e);
    }
    if (base.kind === 'pow' && Q.isInteger(k)) {
      return pow(base.base, mul(base.exp, e));
    }
    if (base.kind === 'mul' && Q.isInteger(k)) {
      return mulAll([num(Q.powInt(base.coeff, k.n)), ...base.factors.map((f) => pow(f.base, mul(f.exp, e)))]);
    }
  }
  return makePow(base, e);
}

export const sqrt = (e: Expr): Expr => pow(e, HALF);

// ---------------------------------------------------------------- functions
/** True when e is "negative-looking": leading coefficient < 0. */
export function hasNegativeSign(e: Expr): boolean {
  switch (e.kind) {
    case 'num':
      return Q.isNegative(e.value);
    case 'mul':
      return Q.isNegative(e.coeff);
    case 'add':
      return Q.isNegative(e.terms[0]!.coeff);
    default:
      return false;
  }
}

export function fn(name: FnName, ...args: Expr[]): Expr {
  const [x] = args as [Expr];
  if (name === 'sin' || name === 'cos') {
    // sin(asin u) = u, cos(acos u) = u: a critical value put back into the factor it solves.
    if (x.kind === 'fn' && x.name === (name === 'sin' ? 'asin' : 'acos')) return x.args[0]!;
    // sin(y + nπ) = (−1)ⁿ sin y: the argument's multiple of π is kept in [0, π), cos(π + ψ) = −cos ψ.
    const turns = piTurns(x);
    if (turns) return turns.odd ? neg(fn(name, turns.rest)) : fn(name, turns.rest);
  }
  switch (name) {
    case 'sin':
    case 'tan':
      if (x === ZERO) return ZERO;
      if (hasNegativeSign(x)) return neg(fn(name, neg(x)));
      if (name === 'sin') return sinOfPiMultiple(x, Q.ZERO) ?? intern({ kind: 'fn', name, args });
      break;
    case 'cos':
      if (x === ZERO) return ONE;
      if (hasNegativeSign(x)) return fn('cos', neg(x));
      return sinOfPiMultiple(x, Q.HALF) ?? intern({ kind: 'fn', name, args });
    case 'asin':
    case 'atan':
      if (x === ZERO) return ZERO;
      if (hasNegativeSign(x)) return neg(fn(name, neg(x)));
      break;
    case 'acos':
      // arccos(−u) = π − arccos u: the same sign rule as asin's, so π/2 − ½ arccos I* and ½ arccos(−I*) meet.
      if (hasNegativeSign(x)) return sub(sym('pi'), fn('acos', neg(x)));
      break;
    case 'exp':
      if (x === ZERO) return ONE;
      if (x.kind === 'fn' && x.name === 'log') return x.args[0]!;
      break;
    case 'log':
      if (x === ONE) return ZERO;
      if (x.kind === 'fn' && x.name === 'exp') return x.args[0]!;
      break;
    case 'abs':
      if (x.kind === 'num') return num(Q.abs(x.value));
      if (hasNegativeSign(x)) return fn('abs', neg(x));
      break;
    case 'sign':
      if (x.kind === 'num') return num(Math.sign(x.value.n));
      if (hasNegativeSign(x)) return neg(fn('sign', neg(x)));
      break;
    default:
      return unreachable(name);
  }
  return intern({ kind: 'fn', name, args });
}

/**
 * sin(rπ + shift·π) for rational r with denominator 1, 2, 3, 4 or 6 (cos x =
 * sin(x + π/2)): the exact value, e.g. sin π = 0, cos(π/3) = 1/2; else undefined.
 */
/** x = y + nπ with n a non-zero integer and y's own multiple of π in [0, 1) (or y without one): y and whether n is odd. */
function piTurns(x: Expr): { rest: Expr; odd: boolean } | undefined {
  if (x.kind !== 'add') return undefined;
  const term = x.terms.find((t) => t.expr.kind === 'sym' && t.expr.name === 'pi');
  if (!term) return undefined;
  const n = Math.floor(term.coeff.n / term.coeff.d);
  if (n === 0) return undefined;
  return { rest: sub(x, mul(num(n), term.expr)), odd: n % 2 !== 0 };
}

function sinOfPiMultiple(x: Expr, shift: Rational): Expr | undefined {
  let r: Rational;
  if (x.kind === 'sym' && x.name === 'pi') r = Q.ONE;
  else if (
    x.kind === 'mul' &&
    x.factors.length === 1 &&
    x.factors[0]!.base.kind === 'sym' &&
    (x.factors[0]!.base as Sym).name === 'pi' &&
    x.factors[0]!.exp === ONE
  )
    r = x.coeff;
  else return undefined;
  if (![1, 2, 3, 4, 6].includes(r.d)) return undefined;
  // In units of π/12 modulo 2π (24 units).
  const units = ((((Q.add(r, shift).n * 12) / Q.add(r, shift).d) % 24) + 24) % 24;
  const sign = units >= 12 ? -1 : 1;
  const k = units % 12; // sin over [0, π)
  const table: Record<number, Expr> = {
    0: ZERO,
    2: HALF,
    3: mul(HALF, pow(num(2), HALF)),
    4: mul(HALF, pow(num(3), HALF)),
    6: ONE,
    8: mul(HALF, pow(num(3), HALF)),
    9: mul(HALF, pow(num(2), HALF)),
    10: HALF,
  };
  const v = table[k];
  return v === undefined ? undefined : sign < 0 ? neg(v) : v;
}

export const sin = (x: Expr): Expr => fn('sin', x);
export const cos = (x: Expr): Expr => fn('cos', x);

// ---------------------------------------------------------------- queries
const NO_SYMBOLS: readonly Sym[] = [];

/** The free symbols of e sorted by id (memoized on the node). */
function symbolsOf(e: Expr): readonly Sym[] {
  const m = memo(e);
  if (m.symbols) return m.symbols;
  // Most nodes asked are new nodes over known children: no walk needed.
  if (childrenHaveSymbols(e)) return (m.symbols = symbolsHere(e));
  // Children first, without recursion: expressions may be deeper than the stack.
  for (const u of postOrder(e, (v) => memo(v).symbols !== undefined)) memo(u).symbols = symbolsHere(u);
  return m.symbols!;
}

/** Whether every child of u (as children() lists them) has its symbols memoized. */
function childrenHaveSymbols(u: Expr): boolean {
  const known = (c: Expr): boolean => memo(c).symbols !== undefined;
  switch (u.kind) {
    case 'num':
    case 'sym':
      return true;
    case 'add':
      return u.terms.every((t) => known(t.expr));
    case 'mul':
      return u.factors.every((f) => known(f.base) && (f.exp.kind === 'num' || known(f.exp)));
    case 'pow':
      return known(u.base) && known(u.exp);
    case 'fn':
      return u.args.every(known);
    default:
      return unreachable(u);
  }
}

/** The free symbols of u from its children's (all known). */
function symbolsHere(u: Expr): readonly Sym[] {
  switch (u.kind) {
    case 'num':
      return NO_SYMBOLS;
    case 'sym':
      return literalValue(u) === undefined ? [u] : NO_SYMBOLS;
    // Union of the children's sorted lists; reuses a child's list when the
    // others add nothing (the common case), so most nodes allocate nothing
    // (nor does the walk over the children: no children() array).
    case 'add': {
      let out = NO_SYMBOLS;
      for (const t of u.terms) out = unionSorted(out, memo(t.expr).symbols!);
      return out;
    }
    case 'mul': {
      let out = NO_SYMBOLS;
      for (const f of u.factors) {
        out = unionSorted(out, memo(f.base).symbols!);
        // A numeric exponent is not among children(), so postOrder gave it no list.
        if (f.exp.kind !== 'num') out = unionSorted(out, memo(f.exp).symbols!);
      }
      return out;
    }
    case 'pow':
      return unionSorted(memo(u.base).symbols!, memo(u.exp).symbols!);
    case 'fn': {
      let out = NO_SYMBOLS;
      for (const a of u.args) out = unionSorted(out, memo(a).symbols!);
      return out;
    }
    default:
      return unreachable(u);
  }
}

function unionSorted(a: readonly Sym[], b: readonly Sym[]): readonly Sym[] {
  if (b.length === 0 || a === b) return a;
  if (a.length === 0) return b;
  let i = 0;
  let j = 0;
  const out: Sym[] = [];
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && x.id < y.id)) out.push(a[i++]!);
    else if (x === undefined || y.id < x.id) out.push(b[j++]!);
    else {
      out.push(x);
      i++;
      j++;
    }
  }
  // A new list is kept on the node: copied to its exact length (see makeNode).
  return out.length === a.length ? a : out.length === b.length ? b : out.slice();
}

/**
 * Names of the free symbols of e, in the structural order of `compare`
 * (q2 before q10). Not in id order: ids follow creation, and a symbol that
 * was collected and made again gets a new one.
 */
export function freeSymbols(e: Expr): ReadonlySet<string> {
  return new Set([...symbolsOf(e)].sort(compare).map((s) => s.name));
}

/**
 * The free symbols of e in an internal order (by id, which follows creation):
 * for use as a set only, never for output. Unlike freeSymbols it neither
 * copies nor sorts (memoized on the node).
 */
export const symbolsIn = (e: Expr): readonly Sym[] => symbolsOf(e);

/** The symbol of this name if one is alive: else no live expression contains it. */
export const liveSymbol = (name: string): Sym | undefined => findSym(name);

/**
 * Whether the symbol s occurs in e (by identity: no name comparisons). The
 * list is sorted by id: a binary search, as the lists can be long (a
 * velocity ẋ_k of the n-link pendulum has 3k symbols, asked about n² times).
 */
export function contains(e: Expr, s: Sym): boolean {
  const list = symbolsOf(e);
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const id = list[mid]!.id;
    if (id === s.id) return true;
    if (id < s.id) lo = mid + 1;
    else hi = mid;
  }
  return false;
}

/** Whether the symbol `name` occurs in e. */
export function dependsOn(e: Expr, name: string): boolean {
  // A scan by name: the lists are short (the symbols of one model), and
  // looking the symbol up in the intern table would cost more.
  for (const s of symbolsOf(e)) if (s.name === name) return true;
  return false;
}

/** Direct subexpressions of e (terms, factor bases and exponents, arguments). */
export function children(e: Expr): Expr[] {
  switch (e.kind) {
    case 'num':
    case 'sym':
      return [];
    case 'add':
      return e.terms.map((t) => t.expr);
    case 'mul':
      return e.factors.flatMap((f) => (f.exp.kind === 'num' ? [f.base] : [f.base, f.exp]));
    case 'pow':
      return [e.base, e.exp];
    case 'fn':
      return [...e.args];
    default:
      return unreachable(e);
  }
}

/**
 * The nodes under e (e included) that are not `done`, children before
 * parents, each once; a done node is not entered. An iterative depth-first
 * walk: passes hand expressions deeper than the call stack to it (deepSafe
 * in traverse.ts), and a chain 10⁵ deep must not overflow.
 */
export function postOrder(e: Expr, done: (u: Expr) => boolean): Expr[] {
  const out: Expr[] = [];
  if (done(e)) return out;
  const seen = new Set<Expr>([e]);
  const nodes: Expr[] = [e];
  const kids: Expr[][] = [children(e)];
  const next: number[] = [0];
  while (nodes.length > 0) {
    const top = nodes.length - 1;
    const cs = kids[top]!;
    const i = next[top]!;
    if (i < cs.length) {
      next[top] = i + 1;
      const c = cs[i]!;
      if (seen.has(c) || done(c)) continue;
      seen.add(c);
      nodes.push(c);
      kids.push(children(c));
      next.push(0);
    } else {
      out.push(nodes.pop()!);
      kids.pop();
      next.pop();
    }
  }
  return out;
}

/** The terms of e as expressions (e itself when it is not a sum). */
export function termsOf(e: Expr): Expr[] {
  if (e.kind !== 'add') return [e];
  const out = e.terms.map((t) => scale(t.expr, t.coeff));
  if (!Q.isZero(e.constant)) out.unshift(num(e.constant));
  return out;
}

/** termsOf(e).length, without making the terms. */
export const termCount = (e: Expr): number => (e.kind === 'add' ? e.terms.length + (Q.isZero(e.constant) ? 0 : 1) : 1);

/** The factors of e as expressions, coefficient first when ≠ 1. */
export function factorsOf(e: Expr): Expr[] {
  if (e.kind === 'mul') {
    const out = e.factors.map((f) => makePow(f.base, f.exp));
    if (!Q.isOne(e.coeff)) out.unshift(num(e.coeff));
    return out;
  }
  return [e];
}

export function numericValue(e: Expr): number | undefined {
  return e.kind === 'num' ? Q.toNumber(e.value) : undefined;
}
