// Straight-line numeric code built value by value at codegen time, for
// recursions whose structure is known before any number is (the
// articulated-body recursion, articulated.ts; the bodies' M and forcing,
// bodywise.ts). A value is a number known
// now or a node computed at run time; sums and products fold the known
// numbers, so an entry that is zero for every state (a planar chain's
// out-of-plane inertia) costs nothing, and values no output reads are
// dropped. The nodes are split into functions of bounded size (V8 leaves a
// function of more than 60 KB of bytecode to the interpreter); a value one
// function makes and a later one reads passes through a module-level buffer.
// A value read once, in its own function, prints inside its reader (more
// than half of the lines of the bicycle's forward-mode Jacobian, forward.ts).
// Tests: test/codegen/articulated.test.ts (the code it emits against the
// dense route), test/codegen/jacobian-forward.test.ts (forward.ts's).
import { evaluate } from '../core/evaluate.js';
import { numberExpr, numericValue, sym, ZERO, type Expr, type Sym } from '../core/expr.js';
import { subsRecord } from '../core/subs.js';
import { assign, bin, call, float, idx, math, neg, num, ref, type Decl, type JsExpr, type KernelOutput, type LValue, type Param, type Stmt } from './ir.js';

/**
 * The kernel expressions a program reads (parameter expressions, forces, any
 * function of the state), each evaluated once per call by a kernel block
 * into `buffer`; a number known now is folded in instead.
 */
export class Inputs {
  readonly outputs: KernelOutput[] = [];
  private readonly slots = new Map<Expr, Val>();
  /** The expression each read of `value` stands for (its tangent's source, forward.ts). */
  readonly exprs = new Map<Node, Expr>();
  constructor(
    private readonly p: Program,
    private readonly buffer: string,
  ) {}

  value(e: Expr): Val {
    const known = numericValue(e) ?? this.slots.get(e);
    if (known !== undefined) return known;
    // Slots are numbered among all outputs, `into`'s too: the buffer is as long as the outputs.
    const k = this.outputs.length;
    this.outputs.push({ expr: e, targets: [idx(this.buffer, k)] });
    const node = this.p.read(idx(this.buffer, k));
    this.slots.set(e, node);
    this.exprs.set(node, e);
    return node;
  }

  /** e into `buffer`[k], a buffer of its own (zero: none). */
  into(e: Expr, buffer: string, k: number): Val {
    if (e === ZERO) return 0;
    this.outputs.push({ expr: e, targets: [idx(buffer, k)] });
    return this.p.read(idx(buffer, k));
  }
}

/** The placeholders of `Program.apply`'s expressions: its first, second, … value. */
export const ARGS: readonly Sym[] = [sym('$0'), sym('$1')];

/** A value: a number known at codegen time, or a node computed at run time. */
export type Val = number | Node;

export interface Node {
  readonly id: number;
  readonly def: Def;
  /** The nodes def reads, in order (made once: chunking and printing ask several times). */
  readonly operands: readonly Node[];
}

/** coef · Π factors. */
interface Term {
  readonly coef: number;
  readonly factors: readonly Node[];
}

type Def =
  /** An input: a state entry, a parameter's value, a force. */
  | { readonly kind: 'read'; readonly js: JsExpr }
  | { readonly kind: 'sum'; readonly terms: readonly Term[] }
  | { readonly kind: 'recip'; readonly of: Node }
  | { readonly kind: 'call'; readonly fn: 'sin' | 'cos' | 'sqrt'; readonly arg: Node }
  /** A kernel expression in ARGS, each standing for the node at its index. */
  | { readonly kind: 'apply'; readonly expr: Expr; readonly args: readonly Node[] };

/** A product of values with a coefficient: one term of a sum. */
export type Product = readonly Val[];

export class Program {
  readonly nodes: Node[] = [];
  /** Sums by their terms: the same sum asked twice is one node. */
  private readonly sums = new Map<string, Node>();
  /** Calls by function and argument: a sine asked again (for its derivative, forward.ts) is one node. */
  private readonly calls = new Map<string, Node>();
  private readonly outputs: { readonly val: Val; readonly target: LValue }[] = [];

  private node(def: Def): Node {
    const n = { id: this.nodes.length, def, operands: operandsOf(def) };
    this.nodes.push(n);
    return n;
  }

  read(js: JsExpr): Node {
    return this.node({ kind: 'read', js });
  }

  /** Σ Πᵢ (product i): numbers multiplied out, zero products dropped. */
  sum(...products: readonly Product[]): Val {
    let constant = 0;
    const terms: Term[] = [];
    for (const p of products) {
      let coef = 1;
      const factors: Node[] = [];
      for (const v of p) {
        if (typeof v === 'number') coef *= v;
        else factors.push(v);
      }
      if (coef === 0) continue;
      if (factors.length === 0) constant += coef;
      else terms.push({ coef, factors: factors.sort((a, b) => a.id - b.id) });
    }
    if (terms.length === 0) return constant;
    if (constant !== 0) terms.push({ coef: constant, factors: [] });
    const [only] = terms;
    if (terms.length === 1 && only!.coef === 1 && only!.factors.length === 1) return only!.factors[0]!;
    const key = terms
      .map((t) => `${t.coef}:${t.factors.map((f) => f.id).join(',')}`)
      .sort()
      .join(' ');
    const known = this.sums.get(key);
    if (known) return known;
    const node = this.node({ kind: 'sum', terms });
    this.sums.set(key, node);
    return node;
  }

  mul = (...vals: readonly Val[]): Val => this.sum(vals);
  add = (...vals: readonly Val[]): Val => this.sum(...vals.map((v) => [v]));
  sub = (a: Val, b: Val): Val => this.sum([a], [-1, b]);

  recip(v: Val): Val {
    return typeof v === 'number' ? 1 / v : this.node({ kind: 'recip', of: v });
  }

  fn(fn: 'sin' | 'cos' | 'sqrt', v: Val): Val {
    if (typeof v === 'number') return Math[fn](v);
    const key = `${fn}:${v.id}`;
    const known = this.calls.get(key);
    if (known) return known;
    const node = this.node({ kind: 'call', fn, arg: v });
    this.calls.set(key, node);
    return node;
  }

  /**
   * The kernel expression `expr` of ARGS[0], ARGS[1], … at these values
   * (printed as each target language names its functions: tan, exp, a
   * power); computed now where every value is known.
   */
  apply(expr: Expr, ...vals: readonly Val[]): Val {
    const known: Record<string, Expr> = {};
    const args: Node[] = [];
    vals.forEach((v, k) => {
      if (typeof v !== 'number') args.push(v);
      known[ARGS[k]!.name] = typeof v === 'number' ? numberExpr(v) : ARGS[args.length - 1]!;
    });
    const e = subsRecord(expr, known);
    return args.length === 0 ? evaluate(e, {}) : this.node({ kind: 'apply', expr: e, args });
  }

  output(val: Val, target: LValue): void {
    this.outputs.push({ val, target });
  }

  /** Nodes some output needs, in order. */
  private live(): Node[] {
    const needed = new Set<number>();
    const stack = this.outputs.flatMap((o) => (typeof o.val === 'number' ? [] : [o.val]));
    while (stack.length) {
      const n = stack.pop()!;
      if (needed.has(n.id)) continue;
      needed.add(n.id);
      stack.push(...n.operands);
    }
    return this.nodes.filter((n) => needed.has(n.id));
  }

  /**
   * The program as functions `${name}0`, `${name}1`, … of at most `size`
   * operations each (a larger value alone), run in that order with the
   * arguments `params`; values crossing from one to a later one go through
   * the buffer `spill` (declared here, as long as needed).
   */
  functions(name: string, params: readonly Param[], size: number, spill: string): { decls: Decl[]; calls: Stmt[] } {
    const live = this.live();
    const chunkOf = new Map<number, number>();
    let chunk = 0;
    let used = 0;
    for (const n of live) {
      const ops = operations(n.def);
      if (used > 0 && used + ops > size) {
        chunk++;
        used = 0;
      }
      chunkOf.set(n.id, chunk);
      used += ops;
    }
    const chunks = chunk + 1;
    const slots = new Map<number, number>();
    for (const n of live)
      for (const o of n.operands) if (o.def.kind !== 'read' && chunkOf.get(o.id) !== chunkOf.get(n.id) && !slots.has(o.id)) slots.set(o.id, slots.size);
    for (const o of this.outputs)
      if (typeof o.val !== 'number' && o.val.def.kind !== 'read' && chunkOf.get(o.val.id) !== chunks - 1 && !slots.has(o.val.id))
        slots.set(o.val.id, slots.size);
    // Each value's one reader (undefined when read more than once, or an output).
    const reader = new Map<number, Node | undefined>();
    for (const n of live) for (const o of n.operands) reader.set(o.id, reader.has(o.id) ? undefined : n);
    for (const o of this.outputs) if (typeof o.val !== 'number') reader.set(o.val.id, undefined);
    // Not inside apply's kernel expression, which names its arguments.
    const inline = (n: Node): boolean => {
      const r = reader.get(n.id);
      return n.def.kind !== 'read' && r !== undefined && r.def.kind !== 'apply' && chunkOf.get(r.id) === chunkOf.get(n.id);
    };
    const bodies: Stmt[][] = Array.from({ length: chunks }, () => []);
    const declared = bodies.map(() => new Set<number>());
    const local = (n: Node): JsExpr => (inline(n) ? printDef(n.def, local) : ref(localName(n)));
    // Declares, in chunk c, a value made elsewhere: a read again, a spilled value from its slot.
    const bring = (n: Node, c: number): void => {
      if (declared[c]!.has(n.id)) return;
      declared[c]!.add(n.id);
      const init = n.def.kind === 'read' ? n.def.js : idx(spill, slots.get(n.id)!);
      bodies[c]!.push({ kind: 'const', name: localName(n), init });
    };
    for (const n of live) {
      const c = chunkOf.get(n.id)!;
      if (n.def.kind === 'read') continue;
      for (const o of n.operands) if (o.def.kind === 'read' || chunkOf.get(o.id) !== c) bring(o, c);
      if (inline(n)) continue;
      declared[c]!.add(n.id);
      bodies[c]!.push({ kind: 'const', name: localName(n), init: printDef(n.def, local) });
      if (slots.has(n.id)) bodies[c]!.push(assign(idx(spill, slots.get(n.id)!), local(n)));
    }
    const last = chunks - 1;
    for (const o of this.outputs) {
      if (typeof o.val === 'number') {
        bodies[last]!.push(assign(o.target, float(o.val)));
        continue;
      }
      const c = o.val.def.kind === 'read' ? last : chunkOf.get(o.val.id)!;
      if (o.val.def.kind === 'read') bring(o.val, c);
      bodies[c]!.push(assign(o.target, local(o.val)));
    }
    const decls: Decl[] = [
      ...(slots.size ? [{ kind: 'buffer', name: spill, array: 'Float64Array', length: slots.size } satisfies Decl] : []),
      ...bodies.map((body, c): Decl => ({ kind: 'function', name: `${name}${c}`, params, returns: 'void', body })),
    ];
    const calls = bodies.map((_, c): Stmt => ({ kind: 'call', call: call(`${name}${c}`, ...params.map((p) => ref(p.name))) }));
    return { decls, calls };
  }
}

const localName = (n: Node): string => `_${n.id}`;

/** The arithmetic operations and calls a value's definition prints (a read is a load). */
function operations(def: Def): number {
  switch (def.kind) {
    case 'read':
      return 0;
    case 'sum':
      return def.terms.reduce((s, t) => s + t.factors.length + (t.coef === 1 || t.factors.length === 0 ? 0 : 1), def.terms.length - 1);
    case 'recip':
    case 'call':
      return 1;
    case 'apply':
      return 2;
  }
}

function operandsOf(def: Def): readonly Node[] {
  switch (def.kind) {
    case 'read':
      return [];
    case 'sum':
      return def.terms.flatMap((t) => t.factors);
    case 'recip':
      return [def.of];
    case 'call':
      return [def.arg];
    case 'apply':
      return def.args;
  }
}

function printDef(def: Def, local: (n: Node) => JsExpr): JsExpr {
  switch (def.kind) {
    case 'read':
      return def.js;
    case 'recip':
      return bin(float(1), '/', local(def.of));
    case 'call':
      return math(def.fn, local(def.arg));
    case 'apply': {
      const { expr, args } = def;
      return { kind: 'kernel', expr, scope: (e) => (e.kind === 'sym' && ARGS.includes(e) ? localName(args[ARGS.indexOf(e)]!) : undefined) };
    }
    case 'sum':
      return def.terms.reduce<JsExpr | undefined>((acc, t) => {
        const magnitude = product(Math.abs(t.coef), t.factors, local);
        if (!acc) return t.coef < 0 ? neg(magnitude) : magnitude;
        return bin(acc, t.coef < 0 ? '-' : '+', magnitude);
      }, undefined)!;
  }
}

/** c·f₁·f₂·…, the coefficient left out when it is 1. */
function product(c: number, factors: readonly Node[], local: (n: Node) => JsExpr): JsExpr {
  const parts = [...(c !== 1 || factors.length === 0 ? [Number.isInteger(c) ? float(c) : num(c)] : []), ...factors.map(local)];
  return parts.reduce((a, b) => bin(a, '*', b));
}
