// The typed IR of a generated module (after SymPy's `codegen.ast`):
// declarations, statements and JavaScript expressions as data, so passes
// (src/codegen/lower.ts) can rewrite the tree and one printer
// (src/codegen/print.ts) turns it into TypeScript. The dense solvers are
// built in the same IR (src/codegen/solvers/), so every printer of a
// generated module prints them too; the only verbatim text is comments.
// Tests: test/codegen/print.test.ts (printing, lowering), and every
// generated module through test/codegen/generated.test.ts.
import type { Expr } from '../core/expr.js';

// ---- types of generated signatures

/** The TypeScript types generated signatures use; named aliases are declared by a `type` declaration. */
export type TsType =
  | 'number'
  /** A number that indexes an array or counts (TypeScript's number, C's int). */
  | 'index'
  | 'boolean'
  | 'void'
  | 'string'
  | 'string[]'
  | 'readonly string[]'
  | 'readonly number[]'
  | 'unknown'
  | 'Float64Array'
  | 'Int32Array'
  | 'Uint8Array'
  | 'ArrayLike<number>'
  | 'ArrayLike<boolean>'
  | 'Params'
  | 'boolean[]'
  /** The parameter record: a missing or undefined value takes the default. */
  | 'Readonly<Record<string, number | undefined>>'
  | { readonly kind: 'alias'; readonly name: string }
  | { readonly kind: 'literal-union'; readonly values: readonly string[] }
  | { readonly kind: 'array'; readonly of: TsType }
  | { readonly kind: 'object'; readonly fields: readonly Field[] };

export interface Field {
  readonly name: string;
  readonly type: TsType;
  readonly optional?: boolean;
  readonly readonly?: boolean;
  /** Printed above the field in a record declaration. */
  readonly doc?: string;
  /** An array whose entries are only read through the record (C: a pointer to const, so constant data may fill it). */
  readonly readsOnly?: true;
}

// ---- JavaScript expressions

/** `&` and `<<` are on integers below 2³¹ (mode masks), where JavaScript's int32 operations and C's and Python's agree. */
export type BinaryOp = '+' | '-' | '*' | '/' | '<' | '<=' | '>' | '>=' | '===' | '!==' | '&&' | '||' | '??' | '&' | '<<';
export type UnaryOp = '-' | '!' | 'typeof';
export type AssignOp = '=' | '+=' | '-=' | '*=';

/** A typed array class generated modules allocate. */
export type ArrayClass = 'Float64Array' | 'Int32Array' | 'Uint8Array';

/**
 * Elementary functions and the tests of a double, printed as the target
 * language's with JavaScript's semantics (`Math.fn`, `Number.isFinite`,
 * `Number.isNaN`): max and min give NaN when any argument is NaN, sign gives
 * ±1 and its argument itself at ±0 and NaN.
 */
export type MathFn = 'sqrt' | 'abs' | 'max' | 'min' | 'sign' | 'sin' | 'cos' | 'isFinite' | 'isNaN';

/**
 * Constants of IEEE double arithmetic: the machine epsilon 2⁻⁵², the
 * smallest positive (subnormal) double 2⁻¹⁰⁷⁴, NaN and +∞.
 */
export type FloatConstant = 'epsilon' | 'min-positive' | 'nan' | 'infinity';

/** Plain data of the exported model record (printed as an object literal). */
export type Data = number | string | boolean | readonly Data[] | { readonly [key: string]: Data };

export type JsExpr =
  | { readonly kind: 'ref'; readonly name: string }
  /** `float` prints integers as 1.0 (values of the model); otherwise as written (indices, sizes). */
  | { readonly kind: 'num'; readonly value: number; readonly float?: boolean }
  | { readonly kind: 'str'; readonly value: string }
  | { readonly kind: 'undefined' }
  /** An element read, `a[i]!` (the index is in range by construction); `maybeMissing` reads without the assertion. */
  | { readonly kind: 'index'; readonly array: JsExpr; readonly index: JsExpr; readonly maybeMissing?: true }
  /** object.name, or object?.name when `optional`. */
  | { readonly kind: 'member'; readonly object: JsExpr; readonly name: string; readonly optional?: true }
  | { readonly kind: 'call'; readonly callee: JsExpr; readonly args: readonly JsExpr[] }
  /** new Float64Array(length), or new Int32Array([…]) from values. */
  | { readonly kind: 'new'; readonly array: ArrayClass; readonly arg: JsExpr }
  /** An object literal; an entry whose value is a reference of the same name prints as shorthand. */
  | { readonly kind: 'object'; readonly entries: readonly (readonly [string, JsExpr])[] }
  | { readonly kind: 'binary'; readonly op: BinaryOp; readonly left: JsExpr; readonly right: JsExpr }
  | { readonly kind: 'unary'; readonly op: UnaryOp; readonly arg: JsExpr }
  | { readonly kind: 'cond'; readonly test: JsExpr; readonly then: JsExpr; readonly else: JsExpr }
  | { readonly kind: 'math'; readonly fn: MathFn; readonly args: readonly JsExpr[] }
  | { readonly kind: 'float-constant'; readonly name: FloatConstant }
  | { readonly kind: 'data'; readonly value: Data }
  /** A kernel expression printed by js-expr.ts; `scope` names its symbols and shared subexpressions. */
  | { readonly kind: 'kernel'; readonly expr: Expr; readonly scope: KernelScope; readonly self?: Expr };

/** The local name of a kernel node bound in a block (a symbol's local or a CSE temporary), if any. */
export type KernelScope = (e: Expr) => string | undefined;

/** An assignable place: a variable, an array element or a property. */
export type LValue =
  | { readonly kind: 'ref'; readonly name: string }
  | { readonly kind: 'index'; readonly array: JsExpr; readonly index: JsExpr }
  | { readonly kind: 'member'; readonly object: JsExpr; readonly name: string };

// ---- statements

/** Where a kernel symbol's value is read from when a block needs it. */
export interface KernelInput {
  readonly local: string;
  readonly read: JsExpr;
}
export type KernelInputs = ReadonlyMap<string, KernelInput>;

/** One output of a straight-line block: stored into each target (in order), or returned. */
export type KernelOutput = { readonly expr: Expr; readonly targets: readonly LValue[] } | { readonly expr: Expr; readonly return: true };

export type Stmt =
  | { readonly kind: 'const'; readonly name: string; readonly type?: TsType; readonly init: JsExpr }
  | { readonly kind: 'let'; readonly name: string; readonly type?: TsType; readonly init: JsExpr }
  /** `a = b = value` for several targets (op '=' only), `a op value` for one. */
  | { readonly kind: 'assign'; readonly targets: readonly LValue[]; readonly op: AssignOp; readonly value: JsExpr }
  /**
   * for (let index = from; index < to; index++), or with `down`
   * for (let index = from; index >= to; index--): `to` is excluded going up
   * and included going down, as a loop over [to, from] is written.
   */
  | { readonly kind: 'for'; readonly index: string; readonly from: JsExpr; readonly to: JsExpr; readonly body: readonly Stmt[]; readonly down?: true }
  | { readonly kind: 'for-of'; readonly name: string; readonly of: JsExpr; readonly body: readonly Stmt[] }
  | { readonly kind: 'if'; readonly test: JsExpr; readonly then: readonly Stmt[]; readonly else?: readonly Stmt[] }
  | { readonly kind: 'call'; readonly call: JsExpr & { readonly kind: 'call' } }
  | { readonly kind: 'return'; readonly value?: JsExpr }
  /** The next iteration of the innermost loop. */
  | { readonly kind: 'continue' }
  | { readonly kind: 'comment'; readonly text: string }
  /**
   * Kernel expressions evaluated in straight-line code: the `cse` pass of
   * lower.ts turns it into consts for the inputs it reads, CSE temporaries
   * and assignments of the outputs.
   */
  | { readonly kind: 'kernel-block'; readonly outputs: readonly KernelOutput[]; readonly inputs: KernelInputs };

// ---- declarations

export interface Param {
  readonly name: string;
  readonly type: TsType;
  /** A default value makes the parameter optional (`out = new Float64Array(n)`). */
  readonly default?: JsExpr;
  readonly optional?: boolean;
}

export type Decl =
  | { readonly kind: 'comment'; readonly text: string }
  /** A preallocated module-level scratch array. */
  | { readonly kind: 'buffer'; readonly name: string; readonly array: ArrayClass; readonly length: number; readonly doc?: string }
  | {
      readonly kind: 'const';
      readonly name: string;
      readonly type?: TsType;
      readonly value: JsExpr;
      readonly exported?: boolean;
      readonly asConst?: boolean;
      readonly doc?: string;
    }
  | { readonly kind: 'let'; readonly name: string; readonly type?: TsType; readonly value: JsExpr; readonly doc?: string }
  | { readonly kind: 'type'; readonly name: string; readonly type: TsType; readonly exported?: boolean; readonly doc?: string }
  /** A named record of fields, one per line with its doc (a TypeScript interface, a C struct). */
  | { readonly kind: 'record'; readonly name: string; readonly fields: readonly Field[]; readonly exported?: boolean; readonly doc?: string }
  | {
      readonly kind: 'function';
      readonly name: string;
      readonly doc?: string;
      readonly params: readonly Param[];
      readonly returns: TsType;
      readonly exported?: boolean;
      readonly body: readonly Stmt[];
    };

export interface ModuleIR {
  /** Lines of the header comment (without the `// `). */
  readonly header: readonly string[];
  readonly decls: readonly Decl[];
}

// ---- constructors, so building code reads like the code it builds

export const ref = (name: string): JsExpr & { kind: 'ref' } => ({ kind: 'ref', name });
export const num = (value: number): JsExpr => ({ kind: 'num', value });
export const float = (value: number): JsExpr => ({ kind: 'num', value, float: true });
export const str = (value: string): JsExpr => ({ kind: 'str', value });
export const idx = (array: JsExpr | string, index: JsExpr | number): JsExpr & LValue => ({
  kind: 'index',
  array: typeof array === 'string' ? ref(array) : array,
  index: typeof index === 'number' ? num(index) : index,
});
export const member = (object: JsExpr | string, name: string): JsExpr & LValue => ({
  kind: 'member',
  object: typeof object === 'string' ? ref(object) : object,
  name,
});
export const call = (callee: JsExpr | string, ...args: JsExpr[]): JsExpr & { kind: 'call' } => ({
  kind: 'call',
  callee: typeof callee === 'string' ? ref(callee) : callee,
  args,
});
export const bin = (left: JsExpr, op: BinaryOp, right: JsExpr): JsExpr => ({ kind: 'binary', op, left, right });
export const plus = (a: JsExpr, b: JsExpr): JsExpr => bin(a, '+', b);
/** a + b + c + … (left to right, as string concatenation reads). */
export const concat = (...parts: readonly JsExpr[]): JsExpr => parts.reduce((acc, p) => plus(acc, p));
export const minus = (a: JsExpr, b: JsExpr): JsExpr => bin(a, '-', b);
export const times = (a: JsExpr, b: JsExpr): JsExpr => bin(a, '*', b);
export const div = (a: JsExpr, b: JsExpr): JsExpr => bin(a, '/', b);
export const not = (arg: JsExpr): JsExpr => ({ kind: 'unary', op: '!', arg });
export const newArray = (array: ArrayClass, length: JsExpr | number): JsExpr => ({
  kind: 'new',
  array,
  arg: typeof length === 'number' ? num(length) : length,
});
export const object = (entries: Record<string, JsExpr>): JsExpr => ({ kind: 'object', entries: Object.entries(entries) });
export const neg = (arg: JsExpr): JsExpr => ({ kind: 'unary', op: '-', arg });
export const cond = (test: JsExpr, then: JsExpr, otherwise: JsExpr): JsExpr => ({ kind: 'cond', test, then, else: otherwise });
export const math = (fn: MathFn, ...args: JsExpr[]): JsExpr => ({ kind: 'math', fn, args });
export const EPSILON: JsExpr = { kind: 'float-constant', name: 'epsilon' };
export const MIN_POSITIVE: JsExpr = { kind: 'float-constant', name: 'min-positive' };
export const NAN: JsExpr = { kind: 'float-constant', name: 'nan' };
export const INFINITY: JsExpr = { kind: 'float-constant', name: 'infinity' };

export const assign = (target: LValue, value: JsExpr, op: AssignOp = '='): Stmt => ({ kind: 'assign', targets: [target], op, value });
export const callStmt = (callee: string, ...args: JsExpr[]): Stmt => ({ kind: 'call', call: call(callee, ...args) });
/** array.fill(value), or array.fill(value, from, to) for the entries [from, to). */
export const fill = (array: JsExpr | string, value: JsExpr, range?: readonly [JsExpr, JsExpr]): Stmt => ({
  kind: 'call',
  call: call(member(array, 'fill'), value, ...(range ?? [])),
});
export const forRange = (index: string, from: JsExpr | number, to: JsExpr | number, body: readonly Stmt[]): Stmt => ({
  kind: 'for',
  index,
  from: typeof from === 'number' ? num(from) : from,
  to: typeof to === 'number' ? num(to) : to,
  body,
});
/** for (let index = from; index >= to; index--). */
export const forDown = (index: string, from: JsExpr, to: JsExpr | number, body: readonly Stmt[]): Stmt => ({
  ...(forRange(index, from, to, body) as Stmt & { kind: 'for' }),
  down: true,
});
export const ret = (value?: JsExpr): Stmt => (value ? { kind: 'return', value } : { kind: 'return' });
export const constVar = (name: string, init: JsExpr): Stmt => ({ kind: 'const', name, init });
export const letVar = (name: string, init: JsExpr): Stmt => ({ kind: 'let', name, init });
export const when = (test: JsExpr, then: readonly Stmt[], otherwise?: readonly Stmt[]): Stmt => ({
  kind: 'if',
  test,
  then,
  ...(otherwise ? { else: otherwise } : {}),
});
export const CONTINUE: Stmt = { kind: 'continue' };
export const comment = (text: string): Stmt => ({ kind: 'comment', text });
