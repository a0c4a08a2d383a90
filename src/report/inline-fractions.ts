// A formula set in running text or a table cell reads a/b where a fraction
// would stand inside another or inside a function's parentheses: kozlov1988
// §3's v(t) = u/cos(α₁ + ut(e − 1)/(2R)), not \frac{u}{\cos(α₁ + \frac{…}{2R})},
// which shrinks to an unreadable size in a line and stretches the parentheses.
// Only such formulas are rewritten; a lone fraction stays as printed. In a
// display, a fraction stands inside another only where it would be set at
// the third size: in a function's argument in a denominator (the same v(t),
// u over a cosine of a fraction). It rewrites printed LaTeX, nothing else.
// Tests: test/report/inline-fractions.test.ts.
import { fractionDepth } from './latex.js';

/** `tex` with every \frac as a slash where a fraction stands inside another or in \left( … \right), each side in parentheses where it needs them. */
export function inlineFractions(tex: string): string {
  return fractionDepth(tex) >= 2 || /\\left\(.*\\frac\{/.test(tex) ? slashed(tex) : tex;
}

/** A displayed line with every \frac as a slash where a fraction stands in a function's argument in a denominator; else as it is. */
export function flatDenominators(tex: string): string {
  for (let i = tex.indexOf('\\frac{'); i >= 0; i = tex.indexOf('\\frac{', i + 1)) {
    const [, j] = group(tex, i + 5);
    const [bottom] = group(tex, j);
    if (/\\left[([].*\\frac\{/.test(bottom)) return slashed(tex);
  }
  return tex;
}

/** `tex` with every \\frac as a slash: a closed form in a sentence, where even a lone fraction sets its parts too small (kozlov1988 §2's ẏ(τ) in the Abstract). */
export function slashed(tex: string): string {
  let out = '';
  let i = 0;
  while (i < tex.length) {
    if (tex.startsWith('\\frac{', i)) {
      const [top, j] = group(tex, i + 5);
      const [bottom, k] = group(tex, j);
      out += `${side(slashed(top), false)}/${side(slashed(bottom), true)}`;
      i = k;
    } else out += tex[i++];
  }
  return out;
}

/** The braced group opening at tex[i]: its content and the index after its closing brace. */
function group(tex: string, i: number): [string, number] {
  let depth = 0;
  for (let k = i; k < tex.length; k++) {
    if (tex[k] === '{') depth++;
    else if (tex[k] === '}' && --depth === 0) return [tex.slice(i + 1, k), k + 1];
  }
  return [tex.slice(i + 1), tex.length];
}

/** A symbol or number, with a subscript or a power: α_{1}, 2, R^{2}. */
const ATOM = /^(?:[A-Za-z0-9.]+|\\[A-Za-z]+)(?:_\{[^{}]*\}|_[A-Za-z0-9])?(?:\^\{[^{}]*\}|\^[A-Za-z0-9])?$/;

/** A numerator as it is unless a sum (a product reads ut(1 − e)/(2R)); a denominator bare only where one atom or one function's application. */
function side(tex: string, denominator: boolean): string {
  const t = tex.trim();
  if (ATOM.test(t) || application(t)) return t;
  return denominator || topLevelSum(t) ? `(${t})` : t;
}

/** \cos\left(…\right) or \sqrt{…} whole: a function's name, then one group that closes at the end. */
function application(t: string): boolean {
  const head = /^\\[A-Za-z]+(?:\\left)?[({]/.exec(t);
  return head !== null && closesAt(t, head[0].length - 1) === t.length - 1;
}

/** The index of the bracket that closes the one at `open`. */
function closesAt(t: string, open: number): number {
  let depth = 0;
  for (let k = open; k < t.length; k++) {
    if ('({['.includes(t[k]!)) depth++;
    else if (')}]'.includes(t[k]!) && --depth === 0) return k;
  }
  return -1;
}

/** Whether a binary + or − stands outside every bracket (as printed: with a space each side). */
function topLevelSum(t: string): boolean {
  let depth = 0;
  for (let k = 0; k < t.length; k++) {
    const c = t[k]!;
    if ('({['.includes(c)) depth++;
    else if (')}]'.includes(c)) depth--;
    else if (depth === 0 && k > 0 && (t.startsWith(' + ', k) || t.startsWith(' - ', k))) return true;
  }
  return false;
}
