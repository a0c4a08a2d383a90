// Emitting one straight-line block: local names for the inputs it uses,
// CSE temporaries, then assignments of the outputs.
import { collectFactors } from '../core/factor.js';
import { cse } from '../core/cse.js';
import { freeSymbols, type Expr } from '../core/expr.js';
import { expandAngleSums } from './angle-sums.js';
import { printJs } from './js-expr.js';

/** Where an input symbol comes from: its local name and the expression that reads it. */
export interface Input {
  readonly local: string;
  readonly read: string;
}

export type Inputs = ReadonlyMap<string, Input>;

export interface Block {
  readonly lines: readonly string[];
  /** Operations after CSE (arithmetic and calls). */
  readonly ops: number;
}

/** Prepare an expression for evaluation: common factors out, angle sums expanded. */
export function forCode(e: Expr): Expr {
  return expandAngleSums(collectFactors(e));
}

/**
 * Lines computing `assign(i, code)` for each output. Inputs are read once
 * into consts, in the order of `inputs` (deterministic output).
 */
export function emitBlock(outputs: readonly Expr[], inputs: Inputs, assign: (i: number, code: string) => string, indent = '  '): Block {
  const prepared = outputs.map(forCode);
  const used = new Set<string>();
  for (const e of prepared) for (const s of freeSymbols(e)) used.add(s);
  const lines: string[] = [];
  for (const [name, input] of inputs) if (used.has(name) && input.local !== input.read) lines.push(`${indent}const ${input.local} = ${input.read};`);
  for (const name of used) {
    if (!inputs.has(name) && name !== 'pi') throw new Error(`internal: symbol '${name}' has no input binding in generated code`);
  }
  const names = new Map<Expr, string>();
  const nameOf = (e: Expr): string | undefined => (e.kind === 'sym' ? (e.name === 'pi' ? 'Math.PI' : inputs.get(e.name)?.local) : names.get(e));
  let ops = 0;
  const { shared } = cse(prepared);
  shared.forEach((node, k) => {
    const p = printJs(node, nameOf, node);
    ops += p.ops;
    lines.push(`${indent}const _${k} = ${p.code};`);
    names.set(node, `_${k}`);
  });
  prepared.forEach((e, i) => {
    const p = printJs(e, nameOf);
    ops += p.ops;
    lines.push(`${indent}${assign(i, p.code)}`);
  });
  return { lines, ops };
}
