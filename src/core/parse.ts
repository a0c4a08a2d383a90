// User expressions are strings parsed with mathjs and converted to kernel
// nodes. mathjs gives a well-tested grammar with source positions; its own
// algebra is not used (see ARCHITECTURE.md for the measurements).
import type { MathNode } from 'mathjs';
import { MechanicsError, type ErrorCode } from '../errors.js';
import { addAll, div, fn, FN_NAMES, mulAll, neg, numberExpr, pow, sqrt, sub, sym, type Expr, type FnName } from './expr.js';
import { parse } from './mathjs-parse.js';

/** How names in a string resolve to symbols. Unknown names are errors. */
export interface ParseScope {
  /** The expression for a plain name, or undefined if the name is unknown. */
  symbol(name: string): Expr | undefined;
  /** The velocity symbol of a coordinate, written x' or dot(x). */
  velocity?(name: string): Expr | undefined;
  /** Without `velocity`: why no velocity may appear here, for the error message (the field's own rule). */
  readonly noVelocity?: string;
  /** Known names, for the error message. */
  known?(): readonly string[];
}

/** A scope where every name is a free symbol (kernel tests, quick use). */
export const OPEN_SCOPE: ParseScope = { symbol: (name) => sym(name) };

const CONSTANTS: Record<string, Expr> = { pi: sym('pi') };

export function parseExpr(source: string, scope: ParseScope = OPEN_SCOPE): Expr {
  let node: MathNode;
  try {
    node = parse(source);
  } catch (err) {
    const e = err as Error & { char?: number };
    const at = typeof e.char === 'number' ? `\n  ${source}\n  ${' '.repeat(Math.max(0, e.char - 1))}^` : '';
    throw new MechanicsError('parse-error', 'input', `malformed expression '${source}': ${e.message}${at}`, { source });
  }
  try {
    return convert(node, source, scope);
  } catch (err) {
    // Errors from building nodes (1/0, 1e400) say which source they came from.
    if (err instanceof MechanicsError && err.where.source === undefined) throw err.at({ source });
    throw err;
  }
}

function fail(code: ErrorCode, message: string, source: string): never {
  throw new MechanicsError(code, 'input', message, { source });
}

function resolveName(name: string, source: string, scope: ParseScope): Expr {
  // Own properties only: 'constructor' or 'toString' must not resolve to Object's.
  const e = scope.symbol(name) ?? (Object.hasOwn(CONSTANTS, name) ? CONSTANTS[name] : undefined);
  if (e) return e;
  const known = scope.known?.();
  const hint = known?.length ? ` (known: ${known.join(', ')})` : '';
  return fail('unknown-symbol', `unknown symbol '${name}' in '${source}'${hint}`, source);
}

function velocityOf(node: MathNode, source: string, scope: ParseScope): Expr {
  const n = node as MathNode & { name?: string };
  if (node.type !== 'SymbolNode' || !n.name) return fail('bad-velocity', `a velocity is written x' or dot(x) with x a coordinate, in '${source}'`, source);
  if (!scope.velocity) {
    // Spelled right, in the wrong place: say what the place allows, not how to spell a velocity.
    return fail('bad-velocity', `${n.name}' is a velocity, and ${scope.noVelocity ?? 'this expression may not contain velocities'}, in '${source}'`, source);
  }
  const v = scope.velocity(n.name);
  if (!v) return fail('unknown-symbol', `'${n.name}' is not a coordinate, so ${n.name}' has no meaning, in '${source}'`, source);
  return v;
}

/**
 * The operands of a chain a + b − c + … (or a·b/c·…): mathjs nests it to
 * the left, as deep as it is long, so it is walked down its left spine
 * without recursion (a sum of 10⁴ terms passed the call stack). `inverted`
 * holds the operands after `inverse` (subtracted, divided by).
 */
function chain(node: MathNode, op: string, inverse: string): { kept: MathNode[]; inverted: MathNode[] } {
  const kept: MathNode[] = [];
  const inverted: MathNode[] = [];
  let at = node as MathNode & { fn?: unknown; args?: MathNode[] };
  while (at.type === 'OperatorNode' && (at.fn === op || at.fn === inverse) && at.args!.length >= 2) {
    const [first, ...rest] = at.args!;
    (at.fn === op ? kept : inverted).push(...rest.reverse());
    at = first as typeof at;
  }
  kept.push(at);
  return { kept: kept.reverse(), inverted: inverted.reverse() };
}

function convert(node: MathNode, source: string, scope: ParseScope): Expr {
  const go = (n: MathNode): Expr => convert(n, source, scope);
  const any = node as MathNode & { fn?: string | { name: string }; args?: MathNode[]; name?: string; value?: unknown; content?: MathNode; op?: string };
  switch (node.type) {
    case 'ConstantNode': {
      if (typeof any.value !== 'number') return fail('bad-literal', `unsupported literal ${String(any.value)} in '${source}'`, source);
      return numberExpr(any.value);
    }
    case 'SymbolNode':
      return resolveName(any.name!, source, scope);
    case 'ParenthesisNode':
      return go(any.content!);
    case 'OperatorNode': {
      const args = any.args!;
      switch (any.fn as string) {
        case 'add':
        case 'subtract': {
          const { kept, inverted } = chain(node, 'add', 'subtract');
          return sub(addAll(kept.map(go)), addAll(inverted.map(go)));
        }
        case 'multiply':
        case 'divide': {
          const { kept, inverted } = chain(node, 'multiply', 'divide');
          return inverted.length ? div(mulAll(kept.map(go)), mulAll(inverted.map(go))) : mulAll(kept.map(go));
        }
        case 'pow':
          return pow(go(args[0]!), go(args[1]!));
        case 'unaryMinus':
          return neg(go(args[0]!));
        case 'unaryPlus':
          return go(args[0]!);
        case 'ctranspose':
        case 'transpose':
          return velocityOf(args[0]!, source, scope);
        default:
          return fail('unsupported-operator', `operator '${any.op}' is not supported in '${source}'`, source);
      }
    }
    case 'FunctionNode': {
      const name = typeof any.fn === 'object' ? any.fn.name : String(any.fn);
      const args = any.args!;
      if (name === 'dot' && args.length === 1) return velocityOf(args[0]!, source, scope);
      if (name === 'sqrt' && args.length === 1) return sqrt(go(args[0]!));
      // The inverse of cot onto (0, π), as kozlov1988 (4.2) writes it: π/2 − arctan x for every real x
      // (mathjs's acot is arctan(1/x), which jumps by π at 0, so that name is not taken).
      if (name === 'arcctg' && args.length === 1) return sub(div(sym('pi'), numberExpr(2)), fn('atan', go(args[0]!)));
      if ((FN_NAMES as readonly string[]).includes(name) && args.length === 1) return fn(name as FnName, go(args[0]!));
      return fail(
        'unknown-function',
        `unknown function '${name}' with ${args.length} argument(s) in '${source}' (known: ${[...FN_NAMES, 'arcctg', 'sqrt', 'dot'].join(', ')})`,
        source,
      );
    }
    default:
      return fail('unsupported-syntax', `unsupported syntax (${node.type}) in '${source}'`, source);
  }
}
