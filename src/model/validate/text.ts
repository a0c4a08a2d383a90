// User text that reaches reports and generated headers (title, descriptions,
// units, scenario names): a single line of reasonable length without control
// characters. A newline in a title once escaped the header comment of a
// generated module and ran as code; escaping for each target is the
// printers' job, this keeps the text itself plain.
import { stringAt } from './shape.js';
import type { Problems } from './problems.js';

/** Longest accepted text of each kind (the examples' longest are about a third of these). */
export const TEXT_LIMITS = { title: 160, description: 500, unit: 40, label: 120 } as const;
export type TextKind = keyof typeof TEXT_LIMITS;

// C0 and C1 controls (newline, tab, escape, …), the Unicode line and
// paragraph separators, and invisible formatting characters: bidi overrides
// (U+202E shows text reversed, so what a reader sees is not what is there),
// zero-width characters, private-use, unassigned code points and lone
// surrogates, none of which a report can print.
const CONTROL = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]/u;
/** A character as the message shows it: its code point. */
const codePoint = (ch: string): string => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** x as a single line of text of the given kind, or undefined with a problem. */
export function checkText(x: unknown, kind: TextKind, field: string, out: Problems): string | undefined {
  const s = stringAt(x, field, `a ${kind}`, out);
  if (s === undefined) return undefined;
  const max = TEXT_LIMITS[kind];
  if (CONTROL.test(s))
    out.add('bad-text', field, `a ${kind} must be a single line without control or formatting characters (found ${codePoint(CONTROL.exec(s)![0])})`);
  else if (s.length > max) out.add('bad-text', field, `a ${kind} may be at most ${max} characters long (this one has ${s.length})`);
  else if (s.trim() === '') out.add('bad-text', field, `a ${kind} must not be empty`);
  else return s;
  return undefined;
}

/** An optional text: absent stays absent. */
export function optionalText(x: unknown, kind: TextKind, field: string, out: Problems): string | undefined {
  return x === undefined ? undefined : checkText(x, kind, field, out);
}

/**
 * The LaTeX commands a paper formula's name and a note's $…$ may use: math of
 * plain LaTeX and amsmath that both pdflatex and KaTeX take. Raw LaTeX
 * reaches the report as written, so anything else (\href, \input, \def, a
 * package's macro) is refused rather than left to fail or act in pdflatex.
 */
const MATH_COMMANDS = new Set(
  [
    'alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega',
    'Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega',
    'approx le ge leq geq ne neq equiv sim simeq propto ll gg pm mp times cdot div circ ast star in notin subset cup cap perp parallel mid',
    'infty partial nabla ell hbar prime top angle forall exists neg',
    'to rightarrow leftarrow Rightarrow Leftarrow leftrightarrow Leftrightarrow mapsto',
    'lim max min sup inf sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh exp log ln det sgn',
    'sum prod int limits sqrt frac tfrac dfrac binom dot ddot bar hat tilde vec overline underline',
    'mathrm mathbf mathit mathsf mathcal operatorname text left right big Big bigl bigr Bigl Bigr',
    'langle rangle lvert rvert lVert rVert lfloor rfloor lceil rceil quad qquad ldots cdots dots colon',
  ].flatMap((line) => line.split(' ')),
);
/** Commands of one non-letter character: spaces (\, \; \: \! \ ), escaped specials and braces, the norm bars. */
const MATH_SYMBOL_COMMANDS = new Set([',', ';', ':', '!', ' ', '{', '}', '|', '%', '#', '&', '$', '_']);

/** Why s is not LaTeX math a report may print as is, or undefined when it is. */
function latexMathProblem(s: string): string | undefined {
  const bad = /[^\x20-\x7e]/.exec(s);
  if (bad) return `raw LaTeX is ASCII: write ${codePoint(bad[0])} (${JSON.stringify(bad[0])}) as a LaTeX command`;
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '\\') {
      const name = /^[A-Za-z]+/.exec(s.slice(i + 1))?.[0] ?? s[i + 1] ?? '';
      if (!(name.length > 1 || /[A-Za-z]/.test(name) ? MATH_COMMANDS.has(name) : MATH_SYMBOL_COMMANDS.has(name)))
        return `\\${name} is not one of the LaTeX commands a formula may use (Greek letters, relations, operators, \\frac, \\sqrt, \\dot, \\text, …)`;
      if (name === 'text') {
        const arg = /^\{([^{}]*)\}/.exec(s.slice(i + 5));
        if (!arg || /[_^\\]/.test(arg[1]!)) return '\\text takes {plain words}: no _, ^ or command inside';
      }
      i += name.length;
    } else if (ch === '{') depth++;
    else if (ch === '}') {
      if (--depth < 0) return 'a } closes no {';
    } else if (ch === '%' || ch === '#' || ch === '&' || ch === '$') return `${ch} is special in LaTeX: write \\${ch}`;
    else if ((ch === '^' || ch === '_') && /^\s*($|[}^_])/.test(s.slice(i + 1))) return `${ch} needs a superscript or subscript after it`;
  }
  return depth > 0 ? 'a { is never closed' : undefined;
}

/** A paper formula's name: LaTeX math of the allowed commands, or undefined with a problem. */
export function checkLatexMath(s: string, field: string, out: Problems): string | undefined {
  const problem = CONTROL.test(s) ? 'raw LaTeX is one line without control characters' : latexMathProblem(s);
  if (problem === undefined) return s;
  out.add('bad-text', field, `${JSON.stringify(s)}: ${problem}`);
  return undefined;
}

/** A note: text whose $…$ spans are LaTeX math of the allowed commands. */
export function checkNote(x: unknown, field: string, out: Problems): string | undefined {
  const s = checkText(x, 'description', field, out);
  if (s === undefined) return undefined;
  const spans = s.split('$');
  if (spans.length % 2 === 0) {
    out.add('bad-text', field, 'a note writes math between pairs of $: one $ is unpaired');
    return undefined;
  }
  for (let i = 1; i < spans.length; i += 2) if (checkLatexMath(spans[i]!, field, out) === undefined) return undefined;
  return s;
}

/** An optional description the reports print with its $…$ spans as math (coordinates', parameters'): absent stays absent. */
export function optionalNote(x: unknown, field: string, out: Problems): string | undefined {
  return x === undefined ? undefined : checkNote(x, field, out);
}
