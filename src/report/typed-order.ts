// A paper's formula printed in the order it was typed (order: 'typed'). The
// kernel keeps a sum's terms and a product's factors in its canonical order,
// so a formula parsed and printed reads F_z(½f₁(sgn F_z − 1) + ½f₂(1 + sgn F_z))
// where smirnov1981 §2 prints (f₂(1 + sgn F_z)/2 − f₁(1 − sgn F_z)/2)F_z. Here
// the typed text's outer sums and products keep their order, each term or
// factor that is neither printed by the kernel's printer, as any formula is.
// Tests: test/report/typed-order.test.ts
import type { MathNode } from 'mathjs';
import type { Expr } from '../core/expr.js';
import { parse } from '../core/mathjs-parse.js';
import { parseExpr } from '../core/parse.js';
import { functionLatex, juxtapose, paren } from './latex.js';

interface Piece {
  readonly tex: string;
  /** Printed as a sum: parenthesized as a factor or an inner term. */
  readonly sum: boolean;
}

/**
 * Prints a leaf of the typed text (a symbol, a call): its LaTeX, or a Piece where the leaf prints as a sum (a symbol
 * set to a − g x: smirnov1981 §2's a_{i1}), to be parenthesized as a term after a minus or as a factor.
 */
type Printer = (e: Expr) => string | Piece;
const asPiece = (p: string | Piece): Piece => (typeof p === 'string' ? { tex: p, sum: false } : p);

type Node = MathNode & { fn?: unknown; args?: MathNode[]; content?: MathNode };

/** The formula typed as `source` (the model language), its outer sums and products in typed order; `print` prints the rest. */
export function typedLatex(source: string, print: Printer): string {
  return piece(parse(source), print).tex;
}

/**
 * The same, as the pieces a display breaks between (latex.ts breakLines): the outer sum's terms in typed order, each
 * after the first with its sign, "+ b"; a formula that is no sum is one piece.
 */
export function typedPieces(source: string, print: Printer): string[] {
  const n = unwrapped(parse(source));
  return isOperator(n, 'add', 'subtract') ? signedTerms(n, print) : [piece(n, print).tex];
}

function piece(node: MathNode, print: Printer): Piece {
  const n = unwrapped(node);
  if (isOperator(n, 'add', 'subtract')) return sumPiece(n, print);
  if (isOperator(n, 'multiply')) return { tex: productTex([], productFactors(n), print), sum: false };
  if (isOperator(n, 'divide')) return quotientPiece(n, print);
  // A sum, or a product typed in parentheses, raised to a power keeps its typed order inside the parentheses
  // (kozlov1988 (2.6): (t − 2 − √2)²; §3: (2R)⁻¹, not 1/(2R)).
  const base = isOperator(n, 'pow') ? piece(n.args![0]!, print) : undefined;
  const product = isOperator(n, 'pow') && n.args![0]!.type === 'ParenthesisNode' && isOperator(unwrapped(n.args![0]!), 'multiply');
  if (base?.sum || product) return { tex: `${paren(base!.tex)}^{${asPiece(print(parseExpr(n.args![1]!.toString()))).tex}}`, sum: false };
  // A function of a sum or a product keeps its typed order inside its parentheses (kozlov1988 §3: cos[u(e − 1)(2R)⁻¹t + α₀]).
  const name = n.type === 'FunctionNode' && n.args!.length === 1 ? functionLatex(String((n.fn as MathNode & { name?: string }).name)) : undefined;
  const argument = name ? unwrapped(n.args![0]!) : undefined;
  if (name && argument && isOperator(argument, 'add', 'subtract', 'multiply', 'divide'))
    return { tex: `${name}${paren(piece(argument, print).tex)}`, sum: false };
  return asPiece(print(parseExpr(n.toString())));
}

/** Factors in typed order after `lead`: an inner sum or a negative factor parenthesized, but the first factor's own minus leads the product. */
function productTex(lead: readonly string[], nodes: readonly MathNode[], print: Printer): string {
  const factors = nodes.map((f) => piece(f, print));
  const minus = !factors[0]!.sum && factors[0]!.tex.startsWith('-');
  const signed = factors.map((f, i) => (i === 0 && minus ? f.tex.slice(1) : f.sum || f.tex.startsWith('-') ? paren(f.tex) : f.tex));
  return `${minus ? '-' : ''}${juxtapose(lead, signed)}`;
}

/**
 * a/b as the kernel sets a quotient: over a number, its reciprocal leading (½ g t²); else a fraction, each side in
 * typed order (kozlov1988 (2.5): g(t² − 4t + 2)/(2(N + 1)), not g(2 − 4t + t²)/(2(1 + N))).
 */
function quotientPiece(n: Node, print: Printer): Piece {
  const [top, bottom] = [unwrapped(n.args![0]!), unwrapped(n.args![1]!)];
  if (bottom.type === 'ConstantNode') return { tex: productTex([`\\frac{1}{${bottom.toString()}}`], productFactors(top), print), sum: false };
  const numerator = piece(top, print);
  const minus = !numerator.sum && numerator.tex.startsWith('-');
  return { tex: `${minus ? '-' : ''}\\frac{${minus ? numerator.tex.slice(1) : numerator.tex}}{${piece(bottom, print).tex}}`, sum: false };
}

/** A sum's signed terms in typed order, a term printed with its own minus folded into the sign before it. */
function sumPiece(n: Node, print: Printer): Piece {
  return { tex: signedTerms(n, print).join(' '), sum: true };
}

/** A sum's terms in typed order: the first with its minus, if any, each other after its sign, "- b". */
function signedTerms(n: Node, print: Printer): string[] {
  const terms: { negative: boolean; node: MathNode }[] = [];
  const collect = (m: MathNode, negative: boolean): void => {
    const at = unwrapped(m);
    // An inner parenthesized sum is a term of its own; only the operator chain itself is flattened.
    if (at === m && isOperator(at, 'add', 'subtract')) {
      collect(at.args![0]!, negative);
      collect(at.args![1]!, at.fn === 'subtract' ? !negative : negative);
    } else terms.push({ negative, node: m });
  };
  collect(n.args![0]!, false);
  collect(n.args![1]!, n.fn === 'subtract');
  return terms.map(({ negative, node }, i) => {
    const p = piece(node, print);
    const minus = p.tex.startsWith('-') && !p.sum;
    const body = p.sum ? paren(p.tex) : minus ? p.tex.slice(1) : p.tex;
    const sign = negative !== minus ? '-' : '+';
    return i === 0 ? `${sign === '-' ? '-' : ''}${body}` : `${sign} ${body}`;
  });
}

/** The factors of a product chain a·b·c (mathjs nests it to the left); a factor in parentheses is one factor. */
function productFactors(node: MathNode): MathNode[] {
  const n = node as Node;
  return isOperator(n, 'multiply') ? n.args!.flatMap(productFactors) : [node];
}

const unwrapped = (node: MathNode): Node => {
  let n = node as Node;
  while (n.type === 'ParenthesisNode') n = n.content as Node;
  return n;
};

const isOperator = (n: Node, ...fns: string[]): boolean => n.type === 'OperatorNode' && fns.includes(n.fn as string) && n.args!.length === 2;
