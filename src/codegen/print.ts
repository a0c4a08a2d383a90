// The one printer of generated modules: ModuleIR → TypeScript text. Every
// construct has one layout, so output is deterministic and a reader sees
// the same shapes everywhere. User text reaches the output only through
// comments (each line prefixed, so a newline in a title cannot end the
// comment) and string literals (JSON-escaped).
// Tests: test/codegen/print.test.ts.
import { unreachable } from '../core/expr.js';
import type { Data, Decl, FloatConstant, JsExpr, ModuleIR, Param, Stmt, TsType } from './ir.js';
import { numberLiteral, printJs, type Printed } from './js-expr.js';

const INDENT = '  ';
/** Biome's line width (biome.json), which src/numeric's printed files keep. */
const LINE_WIDTH = 160;

/** Binding strength of each operator (higher binds tighter), as in the ECMAScript grammar. */
const PRECEDENCE = {
  '??': 1,
  '||': 2,
  '&&': 3,
  '&': 5,
  '===': 7,
  '!==': 7,
  '<': 8,
  '<=': 8,
  '>': 8,
  '>=': 8,
  '<<': 9,
  '+': 10,
  '-': 10,
  '*': 11,
  '/': 11,
} as const;
const UNARY = 12;
const FLOAT_CONSTANTS: Record<FloatConstant, string> = { epsilon: 'Number.EPSILON', 'min-positive': 'Number.MIN_VALUE', nan: 'NaN', infinity: 'Infinity' };
const POSTFIX = 14;

export function printType(t: TsType): string {
  if (t === 'index') return 'number';
  if (typeof t === 'string') return t;
  switch (t.kind) {
    case 'alias':
      return t.name;
    case 'literal-union':
      return t.values.map(quote).join(' | ');
    case 'array':
      return typeof t.of === 'string' || t.of.kind === 'alias' ? `${printType(t.of)}[]` : `(${printType(t.of)})[]`;
    case 'object':
      return `{ ${t.fields.map((f) => `${f.readonly ? 'readonly ' : ''}${f.name}${f.optional ? '?' : ''}: ${printType(f.type)}`).join('; ')} }`;
    default:
      return unreachable(t);
  }
}

/** Comment lines for any text: every line terminator starts a new `//` line, so text cannot escape into code. */
function lineComment(text: string, indent: string): string[] {
  return text.split(/\r\n|[\n\r\u2028\u2029]/).map((l) => (l ? `${indent}// ${l}` : `${indent}//`));
}

function docComment(text: string, indent: string): string[] {
  const lines = text.replace(/\*\//g, '*\\/').split(/\r\n|[\n\r\u2028\u2029]/);
  if (lines.length === 1) return [`${indent}/** ${lines[0]} */`];
  return [`${indent}/**`, ...lines.map((l) => (l ? `${indent} * ${l}` : `${indent} *`)), `${indent} */`];
}

/**
 * A string literal, single-quoted unless the text holds a single quote and
 * no double one; every line terminator and control character is escaped.
 */
export function quote(text: string): string {
  // JSON leaves U+2028/U+2029 raw (legal in ES2019 strings, but they break lines in editors).
  const json = JSON.stringify(text)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  if (text.includes("'") && !text.includes('"')) return json;
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

type KernelJs = JsExpr & { kind: 'kernel' };
const printedKernels = new WeakMap<KernelJs, Printed>();

/** A kernel expression as JavaScript with its operation count, printed once per node. */
function printKernel(e: KernelJs): Printed {
  let p = printedKernels.get(e);
  if (!p) {
    p = printJs(e.expr, e.scope, e.self);
    printedKernels.set(e, p);
  }
  return p;
}

/** Arithmetic operations and calls of lowered statements (the figure `npm run bench` reports as ops). */
export function kernelOps(body: readonly Stmt[]): number {
  let ops = 0;
  for (const s of body) {
    const value = s.kind === 'const' ? s.init : s.kind === 'assign' || s.kind === 'return' ? s.value : undefined;
    if (value?.kind === 'kernel') ops += printKernel(value).ops;
  }
  return ops;
}

/** Print e, in parentheses when it binds looser than `min`. */
export function printExpr(e: JsExpr, min = 0): string {
  const wrap = (s: string, prec: number): string => (prec < min ? `(${s})` : s);
  switch (e.kind) {
    case 'ref':
      return e.name;
    case 'num': {
      // Tolerances read as written (1e-6, not 0.000001).
      const small = e.value !== 0 && Math.abs(e.value) < 1e-4;
      const s = e.float ? numberLiteral(e.value) : small ? e.value.toExponential() : `${e.value}`;
      return e.value < 0 || Object.is(e.value, -0) ? wrap(s, UNARY) : s;
    }
    case 'str':
      return quote(e.value);
    case 'undefined':
      return 'undefined';
    case 'index':
      return `${printExpr(e.array, POSTFIX)}[${printExpr(e.index)}]${e.maybeMissing ? '' : '!'}`;
    case 'member':
      return `${printExpr(e.object, POSTFIX)}${e.optional ? '?.' : '.'}${e.name}`;
    case 'call':
      return `${printExpr(e.callee, POSTFIX)}(${e.args.map((a) => printExpr(a)).join(', ')})`;
    case 'new':
      return `new ${e.array}(${printExpr(e.arg)})`;
    case 'object':
      return `{ ${e.entries.map(([k, v]) => (v.kind === 'ref' && v.name === k ? k : `${k}: ${printExpr(v)}`)).join(', ')} }`;
    case 'binary': {
      const p = PRECEDENCE[e.op];
      // `??` may not be mixed with && or || without parentheses; a shift under `&` is parenthesized (as Biome formats it).
      const inner = e.op === '??' ? PRECEDENCE['&&'] + 1 : e.op === '&' ? PRECEDENCE['<<'] + 1 : p;
      return wrap(`${printExpr(e.left, inner)} ${e.op} ${printExpr(e.right, inner + 1)}`, p);
    }
    case 'unary': {
      const arg = printExpr(e.arg, UNARY);
      const sep = e.op === 'typeof' || (e.op === '-' && arg.startsWith('-')) ? ' ' : '';
      return wrap(`${e.op}${sep}${arg}`, UNARY);
    }
    case 'cond':
      return wrap(`${printExpr(e.test, 1)} ? ${printExpr(e.then)} : ${printExpr(e.else)}`, 0.5);
    case 'math':
      return `${e.fn === 'isFinite' || e.fn === 'isNaN' ? 'Number' : 'Math'}.${e.fn}(${e.args.map((a) => printExpr(a)).join(', ')})`;
    case 'float-constant':
      return FLOAT_CONSTANTS[e.name];
    case 'data':
      return printData(e.value);
    case 'kernel':
      return wrap(printKernel(e).code, 0);
    default:
      return unreachable(e);
  }
}

/**
 * A record one entry per line (a list of records one record per line), so a
 * reader can scan it; anything nested deeper is JSON on one line.
 */
function printData(v: Data): string {
  if (typeof v !== 'object' || Array.isArray(v)) return JSON.stringify(v);
  const entries = Object.entries(v as { readonly [key: string]: Data }).map(([k, x]) => {
    if (Array.isArray(x) && x.length && typeof x[0] === 'object')
      return `${INDENT}${k}: [\n${(x as readonly Data[]).map((r) => `${INDENT}${INDENT}${JSON.stringify(r)},`).join('\n')}\n${INDENT}],`;
    return `${INDENT}${k}: ${JSON.stringify(x)},`;
  });
  return `{\n${entries.join('\n')}\n}`;
}

/** Statements short enough to follow a `for (…)` or `if (…)` on the same line. */
const isSimple = (s: Stmt): boolean => s.kind === 'assign' || s.kind === 'call' || s.kind === 'return' || s.kind === 'continue';
const isOneLiner = (body: readonly Stmt[]): boolean => body.length === 1 && isSimple(body[0]!);

function printBody(body: readonly Stmt[], indent: string, head: string): string[] {
  if (isOneLiner(body)) return [`${indent}${head} ${printStmt(body[0]!, '')[0]!.trimStart()}`];
  return [`${indent}${head} {`, ...body.flatMap((s) => printStmt(s, indent + INDENT)), `${indent}}`];
}

/** if … else if … else, braces throughout. */
function ifChain(s: Stmt & { kind: 'if' }, indent: string): string[] {
  const body = (b: readonly Stmt[]): string[] => b.flatMap((x) => printStmt(x, indent + INDENT));
  const lines = [`${indent}if (${printExpr(s.test)}) {`, ...body(s.then)];
  let rest = s.else;
  while (rest) {
    const only = rest.length === 1 ? rest[0]! : undefined;
    if (only?.kind === 'if') {
      lines.push(`${indent}} else if (${printExpr(only.test)}) {`);
      for (const line of body(only.then)) lines.push(line);
      rest = only.else;
    } else {
      lines.push(`${indent}} else {`);
      for (const line of body(rest)) lines.push(line);
      rest = undefined;
    }
  }
  return [...lines, `${indent}}`];
}

export function printStmt(s: Stmt, indent: string): string[] {
  switch (s.kind) {
    case 'const':
    case 'let':
      return [`${indent}${s.kind} ${s.name}${s.type ? `: ${printType(s.type)}` : ''} = ${printExpr(s.init)};`];
    case 'assign':
      // A compound assignment reads the element too: assert it (noUncheckedIndexedAccess).
      return [`${indent}${s.targets.map((t) => `${printExpr(t, POSTFIX).replace(/!$/, s.op === '=' ? '' : '!')} ${s.op} `).join('')}${printExpr(s.value)};`];
    case 'for': {
      const [test, step] = s.down ? ['>=', '--'] : ['<', '++'];
      return printBody(
        s.body,
        indent,
        `for (let ${s.index} = ${printExpr(s.from)}; ${s.index} ${test} ${printExpr(s.to, PRECEDENCE['<'] + 1)}; ${s.index}${step})`,
      );
    }
    case 'for-of':
      return printBody(s.body, indent, `for (const ${s.name} of ${printExpr(s.of)})`);
    case 'if': {
      const head = `if (${printExpr(s.test)})`;
      return s.else ? ifChain(s, indent) : printBody(s.then, indent, head);
    }
    case 'call':
      return [`${indent}${printExpr(s.call)};`];
    case 'return':
      return [s.value ? `${indent}return ${printExpr(s.value)};` : `${indent}return;`];
    case 'continue':
      return [`${indent}continue;`];
    case 'comment':
      return lineComment(s.text, indent);
    case 'kernel-block':
      throw new Error('internal: a kernel block reached the printer (run the cse pass of lower.ts first)');
    default:
      return unreachable(s);
  }
}

function printParam(p: Param): string {
  if (p.default) return `${p.name}: ${printType(p.type)} = ${printExpr(p.default)}`;
  return `${p.name}${p.optional ? '?' : ''}: ${printType(p.type)}`;
}

function printDecl(d: Decl): string[] {
  const doc = (text: string | undefined): string[] => (text ? docComment(text, '') : []);
  switch (d.kind) {
    case 'comment':
      return lineComment(d.text, '');
    case 'buffer':
      return [...doc(d.doc), `const ${d.name} = new ${d.array}(${d.length});`];
    case 'const':
      return [
        ...doc(d.doc),
        `${d.exported ? 'export ' : ''}const ${d.name}${d.type ? `: ${printType(d.type)}` : ''} = ${printExpr(d.value)}${d.asConst ? ' as const' : ''};`,
      ];
    case 'let':
      return [...doc(d.doc), `let ${d.name}${d.type ? `: ${printType(d.type)}` : ''} = ${printExpr(d.value)};`];
    case 'type':
      return [...doc(d.doc), `${d.exported ? 'export ' : ''}type ${d.name} = ${printType(d.type)};`];
    case 'record':
      return [
        ...doc(d.doc),
        `${d.exported ? 'export ' : ''}interface ${d.name} {`,
        ...d.fields.flatMap((f) => [
          ...(f.doc ? docComment(f.doc, INDENT) : []),
          `${INDENT}${f.readonly ? 'readonly ' : ''}${f.name}${f.optional ? '?' : ''}: ${printType(f.type)};`,
        ]),
        '}',
      ];
    case 'function': {
      // Pushed line by line: a lowered body has thousands of statements, and spreading them copied every line twice more.
      const lines = doc(d.doc);
      const head = `${d.exported ? 'export ' : ''}function ${d.name}(`;
      const tail = `): ${printType(d.returns)} {`;
      const params = d.params.map(printParam);
      // A signature over the line width takes a line per parameter, as Biome formats it; measured
      // with `export `, so that a solver's declaration prints alike in src/numeric and in a module.
      const oneLine = `${head}${params.join(', ')}${tail}`;
      if (oneLine.length + (d.exported ? 0 : 'export '.length) <= LINE_WIDTH) lines.push(oneLine);
      else lines.push(head, ...params.map((p) => `${INDENT}${p},`), tail.trimStart());
      for (const s of d.body) for (const line of printStmt(s, INDENT)) lines.push(line);
      lines.push('}');
      return lines;
    }
    default:
      return unreachable(d);
  }
}

/** Declarations that group without a blank line between them (runs of scratch buffers and constants). */
const isCompact = (d: Decl): boolean => d.kind === 'buffer' || d.kind === 'let' || (d.kind === 'const' && !d.exported);

export function printModule(ir: ModuleIR): string {
  const out: string[] = ir.header.flatMap((l) => lineComment(l, ''));
  let previous: Decl | undefined;
  for (const d of ir.decls) {
    if (!(previous && isCompact(previous) && isCompact(d))) out.push('');
    for (const line of printDecl(d)) out.push(line);
    previous = d;
  }
  return `${out.join('\n')}\n`;
}
