// LaTeX printing of kernel expressions, as equations look in print:
// \sin q_1, \frac{a}{b} for negative powers, products by juxtaposition,
// parentheses only where precedence needs them, no "+ -".
//
// One printer function per node kind (latexNum, latexSym, latexAdd,
// latexMul, latexPow, latexFn), dispatched by `switch (e.kind)` with an
// exhaustiveness check. Symbols are printed through a replaceable hook
// (`LatexOptions.symbol`): the mechanics notation (dots, p_q, λ_i) in
// notation.ts is a thin layer that overrides only that hook, as SymPy's
// physics/vector/printing.py overrides only symbol and derivative printing.
//
// Everything emitted is in the intersection of what KaTeX (strict mode) and
// LaTeX with amsmath accept; test/report checks both.
import * as Q from '../core/rational.js';
import type { Rational } from '../core/rational.js';
import { add, fn, HALF, hasNegativeSign, literalValue, mul, neg, num, ONE, pow, sub, sym, termsOf, unreachable, type Expr, type Factor } from '../core/expr.js';

export interface LatexOptions {
  /** LaTeX for a symbol name; default `symbolNameLatex` (Greek letters, subscripts). */
  readonly symbol?: (name: string) => string;
  /**
   * A sum in the numerator of a fraction wider than this (see texWidth) is
   * written as \frac{1}{…}(…) so that it can be broken across lines.
   */
  readonly fractionWidth?: number;
  /**
   * Print position of a product factor with this base (lower first); the
   * default puts numbers, then symbols, then sums, then functions.
   */
  readonly factorRank?: (base: Expr) => number;
  /**
   * Orient a sum factor with a negative number so that the number is
   * positive, (1 − 3 sin²α), the sign going to the coefficient (default
   * true); false prints a formula as its author wrote it, (3 cos²α − 1).
   */
  readonly orientSums?: boolean;
}

interface Ctx {
  /** Inside a function argument: fractional multiples of a symbol read \frac{\pi}{6}, not \frac{1}{6}\pi. */
  readonly inArgument?: boolean;
  readonly symbol: (name: string) => string;
  readonly fractionWidth: number;
  readonly factorRank: (base: Expr) => number;
  readonly orientSums: boolean;
  /**
   * Nodes printed so far in this context, for one call (latexPieces prints
   * each term whole and again broken, and a node shared in a DAG is printed
   * once): print is a function of the node and the context.
   */
  readonly printed: Map<Expr, Printed>;
}

const context = (o: LatexOptions = {}): Ctx => ({
  symbol: o.symbol ?? symbolNameLatex,
  fractionWidth: o.fractionWidth ?? 36,
  factorRank: o.factorRank ?? defaultFactorRank,
  orientSums: o.orientSums ?? true,
  printed: new Map(),
});

/** The context inside a function argument, made once per context (with its own printed nodes). */
function argumentContext(ctx: Ctx): Ctx {
  if (ctx.inArgument) return ctx;
  let out = argumentContexts.get(ctx);
  if (out === undefined) argumentContexts.set(ctx, (out = { ...ctx, inArgument: true, printed: new Map() }));
  return out;
}

const argumentContexts = new WeakMap<Ctx, Ctx>();

// Precedence of a printed expression: it is wrapped in parentheses where
// the surrounding operator binds tighter.
const SUM = 1; // a + b
const NEGATIVE = 2; // −a b (leading minus)
const PRODUCT = 3; // a b, \frac{a}{b}
const POWER = 4; // a^{b}
const ATOM = 5; // symbols, positive integers, (…)

interface Printed {
  readonly tex: string;
  readonly prec: number;
}

/** LaTeX for e (math mode, no delimiters). */
export function toLatex(e: Expr, options?: LatexOptions): string {
  return print(e, context(options)).tex;
}

function print(e: Expr, ctx: Ctx): Printed {
  let out = ctx.printed.get(e);
  if (out === undefined) ctx.printed.set(e, (out = printOnce(e, ctx)));
  return out;
}

function printOnce(e: Expr, ctx: Ctx): Printed {
  switch (e.kind) {
    case 'num':
      return latexNum(e.value);
    case 'sym': {
      const value = literalValue(e);
      return value === undefined ? latexSym(e.name, ctx) : latexNumber(value);
    }
    case 'add':
      return latexAdd(e, ctx);
    case 'mul':
      return latexMul(e.coeff, e.factors, ctx);
    case 'pow':
      return latexPow(e.base, e.exp, ctx);
    case 'fn':
      return latexFn(e, ctx);
    default:
      return unreachable(e);
  }
}

// ---------------------------------------------------------------- num
/** An exact rational: 3, \frac{1}{2}, -\frac{3}{4}. */
export function latexNum(v: Rational): Printed {
  if (Q.isNegative(v)) return { tex: `-${latexNum(Q.neg(v)).tex}`, prec: NEGATIVE };
  if (v.d === 1) return { tex: `${v.n}`, prec: ATOM };
  const decimal = typedDecimal(v);
  if (decimal) return { tex: decimal, prec: ATOM };
  return { tex: `\\frac{${v.n}}{${v.d}}`, prec: PRODUCT };
}

/**
 * A rational typed as a decimal of three places or more (a value quoted from the literature, -1.0918 =
 * -5459/5000): its denominator 2^a·5^b with b ≥ 3, printed as the terminating decimal it was; 225/128 keeps its fraction.
 */
function typedDecimal(v: Rational): string | undefined {
  let d = BigInt(v.d),
    fives = 0;
  while (d % 5n === 0n) [d, fives] = [d / 5n, fives + 1];
  while (d % 2n === 0n) d /= 2n;
  if (d !== 1n || fives < 3) return undefined;
  const places = Math.max(fives, Math.round(Math.log2(Number(v.d) / 5 ** fives)));
  const scaled = (BigInt(v.n) * 10n ** BigInt(places)) / BigInt(v.d);
  const digits = scaled.toString().padStart(places + 1, '0');
  return `${digits.slice(0, -places)}.${digits.slice(-places)}`.replace(/0+$/, '');
}

// ---------------------------------------------------------------- sym
/** A number atom (numberExpr) in scientific notation, m·10^{e}, from its shortest text. */
function latexNumber(v: number): Printed {
  // A measured number set in a formula (paper-letters.ts) in plain digits; an atom beyond a double's exact rationals in powers of ten.
  if (Math.abs(v) >= 1e-3 && Math.abs(v) < 1e6) return { tex: String(v), prec: ATOM };
  const [m, e] = v.toExponential().split('e') as [string, string];
  return { tex: `${m === '1' ? '' : `${m} \\cdot `}10^{${Number(e)}}`, prec: PRODUCT };
}

function latexSym(name: string, ctx: Ctx): Printed {
  return { tex: ctx.symbol(name), prec: ATOM };
}

const GREEK = new Set([
  'alpha',
  'beta',
  'gamma',
  'delta',
  'zeta',
  'eta',
  'theta',
  'iota',
  'kappa',
  'lambda',
  'mu',
  'nu',
  'xi',
  'pi',
  'rho',
  'sigma',
  'tau',
  'upsilon',
  'chi',
  'psi',
  'omega',
  'Gamma',
  'Delta',
  'Theta',
  'Lambda',
  'Xi',
  'Pi',
  'Sigma',
  'Upsilon',
  'Phi',
  'Psi',
  'Omega',
]);
/** Letters printed in their variant form, the one used in the source papers. */
const GREEK_VARIANT: Readonly<Record<string, string>> = { phi: '\\varphi', epsilon: '\\varepsilon', eps: '\\varepsilon', vartheta: '\\vartheta' };

/** LaTeX for a word: a Greek letter (theta → \theta), a letter, or an upright/italic word. */
export function wordLatex(word: string, multiLetter: 'italic' | 'upright' = 'italic'): string {
  if (GREEK_VARIANT[word]) return GREEK_VARIANT[word]!;
  if (GREEK.has(word)) return `\\${word}`;
  if (/^[A-Za-z]$/.test(word) || /^\d+$/.test(word)) return word;
  const escaped = word.replace(/[^A-Za-z0-9]/g, '');
  return multiLetter === 'italic' ? `\\mathit{${escaped}}` : `\\mathrm{${escaped}}`;
}

/** A symbol name split into its head and its subscripts: alpha_1 → (alpha, [1]), q12 → (q, [12]), mu[2] → (mu, [2]). */
export function splitName(name: string): { head: string; subscripts: string[] } {
  const bracket = /^([^[\]]+)\[([^[\]]+)\]$/.exec(name);
  if (bracket) {
    const inner = splitName(bracket[1]!);
    return { head: inner.head, subscripts: [...inner.subscripts, bracket[2]!] };
  }
  const [first = name, ...rest] = name.split('_').filter((s, i) => i === 0 || s.length > 0);
  const digits = /^([A-Za-z]+?)(\d+)$/.exec(first);
  if (digits) return { head: digits[1]!, subscripts: [digits[2]!, ...rest] };
  return { head: first, subscripts: rest };
}

/** Subscript LaTeX for split parts: words become Greek letters, single letters or upright text. */
export function subscriptLatex(parts: readonly string[], symbol: (name: string) => string = symbolNameLatex): string {
  if (parts.length === 0) return '';
  // A subscript that is itself a symbol name with its own subscript (q1 in p[q1]) is printed as a symbol.
  // A letter, a number and letters (R1x in E_R1x) is a letter with that index: E_{R_{1x}}, as rubanovich1981 (1.8) writes an impulse's component.
  const one = (p: string): string =>
    /^[A-Za-z]+\d+$/.test(p) || p.includes('[') ? symbol(p) : /^[A-Za-z]\d+[a-z]+$/.test(p) ? `${wordLatex(p[0]!)}_{${p.slice(1)}}` : wordLatex(p, 'upright');
  return `_{${parts.map(one).join(',')}}`;
}

/**
 * Plain symbol names: psi → \psi, alpha_1 → \alpha_{1}, q1 → q_{1},
 * m_2 → m_{2}, l_k → l_{k}; two letters read as a letter with an index,
 * xc → x_{c}, Fx → F_{x}; a "star" suffix is an asterisk, Istar → I^{*}, and a
 * "tilde" suffix a tilde, epstilde → \tilde{\varepsilon}; a "dot" suffix a dot, zetadot →
 * \dot{\zeta}, and a "prime" suffix a prime, hprime → h′ (a rate that is no coordinate's velocity).
 */
export function symbolNameLatex(name: string): string {
  let tex = printedNames.get(name);
  if (tex === undefined) {
    // Emptied when full: a long-lived process (the playground's worker,
    // `derive --watch`) prints model after model with names of their own.
    if (printedNames.size >= PRINTED_NAMES_MAX) printedNames.clear();
    printedNames.set(name, (tex = nameLatex(name)));
  }
  return tex;
}

/**
 * Names printed recently: a 60-link chain's 1830 mass entries print m_k some
 * 100 000 times, and splitting the name each time took a fifth of its report.
 */
const printedNames = new Map<string, string>();
/** Far more names than one report prints. */
const PRINTED_NAMES_MAX = 4096;

function nameLatex(name: string): string {
  const { head, subscripts } = splitName(name);
  const star = /^(.+)star$/.exec(head);
  if (star && !GREEK.has(head)) return `${symbolNameLatex(star[1]!)}${subscriptLatex(subscripts)}^{*}`;
  const tilde = /^(.+)tilde$/.exec(head);
  if (tilde) return `\\tilde{${symbolNameLatex(tilde[1]!)}}${subscriptLatex(subscripts)}`;
  const dot = /^(.+)dot$/.exec(head);
  if (dot) return `\\dot{${symbolNameLatex(dot[1]!)}}${subscriptLatex(subscripts)}`;
  const prime = /^(.+)prime$/.exec(head);
  if (prime) return `${symbolNameLatex(prime[1]!)}^{\\prime}${subscriptLatex(subscripts)}`;
  // Two letters and an index (fp1): one subscript f_{p,1}, never f_{p}_{1} (a double subscript KaTeX refuses).
  if (subscripts.length && indexedHead(head)) {
    const { base, rest } = accentParts(name);
    return `${base}${rest}`;
  }
  return `${headLatex(head)}${subscriptLatex(subscripts)}`;
}

/** A name's head: a Greek word, a letter, or a letter or Greek word with a one-letter index (xc → x_{c}, muk → \mu_{k}). */
function headLatex(head: string): string {
  const indexed = indexedHead(head);
  if (indexed) return `${wordLatex(indexed.base)}_{${indexed.index}}`;
  return wordLatex(head);
}

/**
 * A head read as a letter with a one-letter index: two letters (xc), or a
 * Greek word and a letter (muk, mus, omegan), as papers write μ_k and ω_n.
 */
function indexedHead(head: string): { base: string; index: string } | undefined {
  if (GREEK.has(head) || GREEK_VARIANT[head]) return undefined;
  if (/^[A-Za-z]{2}$/.test(head)) return { base: head[0]!, index: head[1]! };
  const base = head.slice(0, -1);
  if ((GREEK.has(base) || GREEK_VARIANT[base]) && /[A-Za-z]$/.test(head)) return { base, index: head.slice(-1) };
  return undefined;
}

/** A name's head and subscripts as printed, a two-letter head read as a letter with an index (mH → m, [H]; q1 → q, [1]). */
export function printedParts(name: string): { head: string; subscripts: string[] } {
  const { head, subscripts } = splitName(name);
  const indexed = indexedHead(head);
  return indexed ? { head: indexed.base, subscripts: [indexed.index, ...subscripts] } : { head, subscripts };
}

/** The letter carrying an accent and the index that follows it: xc → (x, _{c}), q1 → (q, _{1}). */
export function accentParts(name: string, symbol: (name: string) => string = symbolNameLatex): { base: string; rest: string } {
  const { head, subscripts } = splitName(name);
  const star = /^(.+)star$/.exec(head);
  if (star && !GREEK.has(head)) {
    const inner = accentParts(star[1]!, symbol);
    return { base: inner.base, rest: `${inner.rest}${subscriptLatex(subscripts, symbol)}^{*}` };
  }
  const indexed = indexedHead(head);
  if (indexed)
    return { base: wordLatex(indexed.base), rest: `_{${[indexed.index, ...subscripts.map((p) => subscriptLatex([p], symbol).slice(2, -1))].join(',')}}` };
  return { base: wordLatex(head), rest: subscriptLatex(subscripts, symbol) };
}

// ---------------------------------------------------------------- add
/** The terms of a sum as printed, each but the first with its sign: ["a", "- b", "+ \frac{c}{2}"]. */
export function latexTerms(e: Expr | readonly Expr[], options?: LatexOptions): string[] {
  return signedTerms(e, context(options)).map((t, i) => (i === 0 ? (t.negative ? `-${t.tex}` : t.tex) : `${t.negative ? '-' : '+'} ${t.tex}`));
}

const isList = (e: Expr | readonly Expr[]): e is readonly Expr[] => Array.isArray(e);

interface SignedTerm {
  readonly negative: boolean;
  /** The term without its sign, printed at product precedence. */
  readonly tex: string;
  readonly expr: Expr;
}

/**
 * Terms in print order: the canonical order, except that a positive
 * constant leads (1 − 3 sin²α) and a negative one trails (x − 1), and a
 * sum whose first term is negative starts with its first positive term.
 */
function orderedTerms(e: Expr, orient: boolean): Expr[] {
  const terms = termsOf(e);
  if (e.kind !== 'add') return terms;
  if (!Q.isZero(e.constant) && Q.isNegative(e.constant)) terms.push(terms.shift()!);
  if (printsNegative(terms[0]!, orient)) {
    const k = terms.findIndex((t) => !printsNegative(t, orient));
    if (k > 0) terms.unshift(...terms.splice(k, 1));
  }
  return terms;
}

/** Signed terms of a sum, or of a list of terms kept in the given order. */
function signedTerms(e: Expr | readonly Expr[], ctx: Ctx): SignedTerm[] {
  const terms = isList(e) ? e.flatMap((t) => orderedTerms(t, ctx.orientSums)) : orderedTerms(e, ctx.orientSums);
  return terms.map((t) => {
    const negative = printsNegative(t, ctx.orientSums);
    const abs = negative ? neg(t) : t;
    return { negative, tex: wrap(print(abs, ctx), NEGATIVE), expr: abs };
  });
}

function latexAdd(e: Expr, ctx: Ctx): Printed {
  const cot = e.kind === 'add' ? arccotOf(e) : undefined;
  if (cot) return latexArccot(cot.k, cot.of, ctx);
  const terms = signedTerms(e, ctx);
  const tex = terms.map((t, i) => (i === 0 ? (t.negative ? `-${t.tex}` : t.tex) : ` ${t.negative ? '-' : '+'} ${t.tex}`)).join('');
  return { tex, prec: SUM };
}

// ---------------------------------------------------------------- mul
/**
 * coeff · Π baseᵢ^expᵢ: factors with negative exponents go below a fraction
 * bar, the numeric coefficient leads, then symbols, sums and functions last
 * (so that "\sin q" is never followed by a factor it could be read to take
 * as argument).
 */
function latexMul(rawCoeff: Rational, rawFactors: readonly Factor[], ctx: Ctx): Printed {
  const unit = arccotUnits(rawCoeff, rawFactors);
  const { coeff, factors: all } = positiveSums(unit.coeff, unit.factors, ctx.orientSums);
  if (Q.isNegative(coeff)) {
    const p = latexMul(Q.neg(coeff), all, ctx);
    return { tex: `-${wrap(p, NEGATIVE)}`, prec: NEGATIVE };
  }
  const { factors, cots } = cotangents(all, ctx);
  const upper: Factor[] = [];
  const lower: Factor[] = [];
  for (const f of factors) {
    if (isReciprocal(f.exp)) lower.push({ base: f.base, exp: neg(f.exp) });
    else upper.push(f);
  }
  const numCoeff = coeff.n;
  // The cotangents print last, functions after every other factor (defaultFactorRank).
  const printed = (fs: readonly Factor[], mode?: 'alone' | 'product'): string[] => [...printFactors(fs, ctx, mode), ...cots];
  if (lower.length === 0 && coeff.d === 1) return { tex: juxtapose(numCoeff === 1 ? [] : [`${numCoeff}`], printed(upper)), prec: PRODUCT };
  if (lower.length === 0 && ctx.inArgument && upper.length + cots.length === 1) {
    return { tex: `\\frac{${juxtapose(numCoeff === 1 ? [] : [`${numCoeff}`], printed(upper))}}{${coeff.d}}`, prec: PRODUCT };
  }
  if (lower.length === 0) {
    // ½ m l² θ̇²: a fractional coefficient leads as \frac{1}{2}.
    return { tex: juxtapose([`\\frac{${coeff.n}}{${coeff.d}}`], printed(upper)), prec: PRODUCT };
  }
  // A long sum in the numerator stays outside the fraction, where it can be broken across lines.
  const outside = upper.filter((f) => f.base.kind === 'add' && f.exp === ONE && texWidth(print(f.base, ctx).tex) > ctx.fractionWidth);
  const inside = upper.filter((f) => !outside.includes(f));
  const top = juxtapose(numCoeff === 1 ? [] : [`${numCoeff}`], printed(inside, inside.length === 1 && numCoeff === 1 && !cots.length ? 'alone' : 'product'));
  const bottom = juxtapose(coeff.d === 1 ? [] : [`${coeff.d}`], printFactors(lower, ctx, lower.length === 1 && coeff.d === 1 ? 'alone' : 'product'));
  const frac = `\\frac{${top || '1'}}{${bottom}}`;
  return { tex: outside.length ? juxtapose([frac], printFactors(outside, ctx)) : frac, prec: PRODUCT };
}

/**
 * cos^k u over sin^k u as cot^k u, as rubanovich1981 (3.4) prints (m/2) ctg 2α: the pair of factors taken out,
 * cot^k u printed in their place (k a positive integer).
 */
function cotangents(factors: readonly Factor[], ctx: Ctx): { factors: readonly Factor[]; cots: string[] } {
  const power = (f: Factor): number | undefined => (f.exp.kind === 'num' && f.exp.value.d === 1 ? f.exp.value.n : undefined);
  const trig = (f: Factor, name: 'sin' | 'cos'): Expr | undefined => (f.base.kind === 'fn' && f.base.name === name ? f.base.args[0] : undefined);
  const used = new Set<Factor>();
  const cots: string[] = [];
  for (const c of factors) {
    const u = trig(c, 'cos');
    const k = power(c);
    if (u === undefined || k === undefined || k <= 0) continue;
    const s = factors.find((f) => !used.has(f) && trig(f, 'sin') === u && power(f) === -k);
    if (!s) continue;
    used.add(c).add(s);
    cots.push(`\\cot${k === 1 ? '' : `^{${k}}`}${trigArgument(u, ctx)}`);
  }
  return { factors: factors.filter((f) => !used.has(f)), cots };
}

/**
 * Whether base^exp goes below a fraction bar: a negative exponent; a sum only when every term of it is negative,
 * so that a difference keeps the sign it was written with (smirnov1981's 2^{6t − n}, not 1/2^{n − 6t}).
 */
const isReciprocal = (exp: Expr): boolean =>
  exp.kind === 'add' ? exp.terms.every((t) => Q.isNegative(t.coeff)) && (Q.isZero(exp.constant) || Q.isNegative(exp.constant)) : hasNegativeSign(exp);

/** Rank of functions in the default factor order: always last. */
export const FUNCTION_RANK = 4;

/** Default print order of factors: numbers (√2), symbols and their powers, sums, functions. */
export function defaultFactorRank(base: Expr): number {
  switch (base.kind) {
    case 'num':
      return 0;
    case 'sym':
      return 1;
    case 'pow':
    case 'mul':
      return 2;
    case 'add':
      return 3;
    case 'fn':
      return FUNCTION_RANK;
    default:
      return unreachable(base);
  }
}

/**
 * Signs of sum factors as an author writes them: a sum whose terms are all
 * negative, (−a − b)^k, becomes (a + b)^k with the sign moved to the
 * coefficient (odd k), and so does a sum with a negative number in it, so
 * that one factor prints one way in a whole report: (1 − 3 sin²α), never
 * (3 sin²α − 1) beside it (Rubanovich–Formalsky (1.13), (1.16)). Then a
 * remaining minus is absorbed by a sum of mixed signs without a number,
 * −l m (g − l θ̇²) → l m (l θ̇² − g). The sums themselves are printed with a
 * positive term first (orderedTerms).
 */
function positiveSums(coeff: Rational, factors: readonly Factor[], orient: boolean): { coeff: Rational; factors: Factor[] } {
  let c = coeff;
  const odd = (f: Factor): boolean => f.exp.kind === 'num' && f.exp.value.d === 1 && f.exp.value.n % 2 !== 0;
  const integer = (f: Factor): boolean => f.exp.kind === 'num' && f.exp.value.d === 1;
  const out = factors.map((f) => {
    if (f.base.kind !== 'add' || !integer(f) || !(allNegative(f.base, orient) || (orient && Q.isNegative(f.base.constant)))) return f;
    if (odd(f)) c = Q.neg(c);
    return { base: neg(f.base), exp: f.exp };
  });
  if (Q.isNegative(c)) {
    const k = out.findIndex((f) => f.base.kind === 'add' && odd(f) && mixedSigns(f.base, orient) && (!orient || Q.isZero(f.base.constant)));
    if (k >= 0) {
      out[k] = { base: neg(out[k]!.base), exp: out[k]!.exp };
      c = Q.neg(c);
    }
  }
  return { coeff: c, factors: out };
}

/** A factor (k·arcctg w)ⁿ as kⁿ in the coefficient and (arcctg w)ⁿ: 2g arcctg w, never g(2 arcctg w). */
function arccotUnits(coeff: Rational, factors: readonly Factor[]): { coeff: Rational; factors: readonly Factor[] } {
  const multiple = (f: Factor) => {
    const cot = f.base.kind === 'add' && f.exp.kind === 'num' && Q.isInteger(f.exp.value) ? arccotOf(f.base) : undefined;
    return cot && !Q.isOne(cot.k) ? cot : undefined;
  };
  if (!factors.some(multiple)) return { coeff, factors };
  let c = coeff;
  const out = factors.map((f) => {
    const cot = multiple(f);
    if (!cot) return f;
    c = Q.mul(c, Q.powInt(cot.k, (f.exp as Expr & { kind: 'num' }).value.n));
    return { base: sub(mul(num(Q.HALF), sym('pi')), fn('atan', cot.of)), exp: f.exp };
  });
  return { coeff: c, factors: out };
}

/** The signs the terms of a sum print with (true: minus), the number last: m₂(sin²Δ − 2) prints −m₂(2 − sin²Δ) when sums are oriented. */
function termSigns(e: Expr & { kind: 'add' }, orient: boolean): boolean[] {
  const terms = termsOf(e).filter((t) => t.kind !== 'num');
  return [...terms.map((t) => printsNegative(t, orient)), ...(Q.isZero(e.constant) ? [] : [Q.isNegative(e.constant)])];
}

function mixedSigns(e: Expr & { kind: 'add' }, orient: boolean): boolean {
  const signs = termSigns(e, orient);
  return signs.includes(true) && signs.includes(false);
}

function allNegative(e: Expr & { kind: 'add' }, orient: boolean): boolean {
  return termSigns(e, orient).every((negative) => negative);
}

// Printed signs by node (nodes are interned), one table per orientation: printing asks again at every level.
const SIGNS = { true: new WeakMap<Expr, boolean>(), false: new WeakMap<Expr, boolean>() };

/** True when e is printed with a leading minus. */
function printsNegative(e: Expr, orient: boolean): boolean {
  const known = SIGNS[`${orient}`].get(e);
  if (known !== undefined) return known;
  const negative = signOf(e, orient);
  SIGNS[`${orient}`].set(e, negative);
  return negative;
}

/**
 * x with the sign it prints with (sums oriented) in its kernel form: where it prints with a leading minus, each
 * term's sum factors turned as positiveSums turns them, sin u (cos u − 3)⁻¹ as −sin u (3 − cos u)⁻¹ (the same
 * value); else x. The kernel's parity rule (expr.ts fn) then sees the printed sign: arctan(−u) = −arctan u.
 */
export function withPrintedSign(x: Expr): Expr {
  if (!printsNegative(x, true)) return x;
  return add(
    ...termsOf(x).map((t) => {
      if (t.kind !== 'mul' && t.kind !== 'pow') return t;
      const { coeff, factors } = t.kind === 'mul' ? positiveSums(t.coeff, t.factors, true) : positiveSums(Q.ONE, [{ base: t.base, exp: t.exp }], true);
      return mul(num(coeff), ...factors.map((f) => pow(f.base, f.exp)));
    }),
  );
}

function signOf(e: Expr, orient: boolean): boolean {
  switch (e.kind) {
    case 'num':
      return Q.isNegative(e.value);
    case 'mul':
      return Q.isNegative(positiveSums(e.coeff, e.factors, orient).coeff);
    case 'pow':
      return Q.isNegative(positiveSums(Q.ONE, [{ base: e.base, exp: e.exp }], orient).coeff);
    case 'add':
      return allNegative(e, orient);
    case 'sym':
    case 'fn':
      return hasNegativeSign(e);
    default:
      return unreachable(e);
  }
}

/** Factors as printed; `alone` means the factor is a whole numerator or denominator (no parentheses around a sum). */
function printFactors(factors: readonly Factor[], ctx: Ctx, mode: 'alone' | 'product' = 'product'): string[] {
  const sorted = [...factors].sort((a, b) => ctx.factorRank(a.base) - ctx.factorRank(b.base));
  return sorted.map((f) => {
    const p = latexPow(f.base, f.exp, ctx);
    return mode === 'alone' && f.base.kind === 'add' && f.exp === ONE ? print(f.base, ctx).tex : wrap(p, PRODUCT + 0.5);
  });
}

/** Products by juxtaposition; \cdot only between two numbers (2 \cdot 3^{x}). */
export function juxtapose(lead: readonly string[], rest: readonly string[]): string {
  const all = [...lead, ...rest];
  let out = '';
  for (let i = 0; i < all.length; i++) {
    const s = all[i]!;
    if (i === 0) out = s;
    else if (/^\d/.test(s) || (/^\\frac/.test(s) && /\d$/.test(all[i - 1]!))) out += ` \\cdot ${s}`;
    else out += ` ${s}`;
  }
  return out;
}

// ---------------------------------------------------------------- pow
/** base^exp: \sqrt for ½, \sin^{2} x for powers of trig functions, \frac{1}{…} for negative exponents. */
function latexPow(base: Expr, exp: Expr, ctx: Ctx): Printed {
  if (exp === ONE) return print(base, ctx);
  // A sum with a negative number, to an integer power, prints as positiveSums orients it: (1 − 3 sin²α)², not (3 sin²α − 1)².
  const integerPower = exp.kind === 'num' && exp.value.d === 1;
  // (Only integer powers: positiveSums flips no other, so a root would come back here.)
  if (isReciprocal(exp) || (base.kind === 'add' && integerPower && (allNegative(base, ctx.orientSums) || (ctx.orientSums && Q.isNegative(base.constant)))))
    return latexMul(Q.ONE, [{ base, exp }], ctx);
  if (exp.kind === 'num') {
    const k = exp.value;
    if (k.n === 1 && k.d === 2) return { tex: `\\sqrt{${print(base, ctx).tex}}`, prec: ATOM };
    if (k.n === 1) return { tex: `\\sqrt[${k.d}]{${print(base, ctx).tex}}`, prec: ATOM };
    const power = k.d === 1 ? `${k.n}` : `${k.n}/${k.d}`;
    if (base.kind === 'fn' && isTrig(base.name) && k.d === 1) {
      return { tex: `${FUNCTION_TEX[base.name]}^{${power}}${trigArgument(base.args[0]!, ctx)}`, prec: POWER };
    }
    return { tex: `${superscriptable(wrap(print(base, ctx), POWER + 0.5))}^{${power}}`, prec: POWER };
  }
  return { tex: `${superscriptable(wrap(print(base, ctx), POWER + 0.5))}^{${print(exp, ctx).tex}}`, prec: POWER };
}

// ---------------------------------------------------------------- fn
const FUNCTION_TEX = {
  sin: '\\sin',
  cos: '\\cos',
  tan: '\\tan',
  asin: '\\arcsin',
  acos: '\\arccos',
  atan: '\\arctan',
  log: '\\ln',
  sign: '\\operatorname{sgn}',
} as const;
const isTrig = (name: string): name is 'sin' | 'cos' | 'tan' => name === 'sin' || name === 'cos' || name === 'tan';

/** A function's LaTeX name (\cos, \operatorname{sgn}), where it is set before its argument; undefined for another name. */
export const functionLatex = (name: string): string | undefined =>
  Object.hasOwn(FUNCTION_TEX, name) ? FUNCTION_TEX[name as keyof typeof FUNCTION_TEX] : undefined;

/** \sin q_1, \cos 2\alpha, \sin(q_1 - q_2), \exp(x) (never e^{x}: e is a restitution), \left|x\right|. */
function latexFn(e: Expr & { kind: 'fn' }, ctx: Ctx): Printed {
  const x = e.args[0]!;
  switch (e.name) {
    case 'sin':
    case 'cos':
    case 'tan':
    case 'asin':
    case 'acos':
    case 'atan':
    case 'log':
    case 'sign':
      return { tex: `${FUNCTION_TEX[e.name]}${trigArgument(x, ctx)}`, prec: POWER };
    case 'exp':
      return { tex: `\\exp${paren(print(x, argumentContext(ctx)).tex)}`, prec: POWER };
    case 'abs':
      return { tex: `\\left|${print(x, ctx).tex}\\right|`, prec: ATOM };
    default:
      return unreachable(e.name);
  }
}

/**
 * k·arcctg w for kπ/2 ∓ k·arctan(±w): the inverse of cot onto (0, π), π/2 − arctan w for every real w, as
 * kozlov1988 (4.2) prints its τ; undefined for any other sum.
 */
function arccotOf(e: Expr & { kind: 'add' }): { k: Rational; of: Expr } | undefined {
  if (!Q.isZero(e.constant) || e.terms.length !== 2) return undefined;
  const pi = e.terms.find((t) => t.expr.kind === 'sym' && t.expr.name === 'pi');
  const atan = e.terms.find((t) => t.expr.kind === 'fn' && t.expr.name === 'atan');
  if (!pi || !atan) return undefined;
  const k = Q.mul(pi.coeff, Q.rat(2));
  const w = (atan.expr as Expr & { kind: 'fn' }).args[0]!;
  if (Q.eq(atan.coeff, Q.neg(k))) return { k, of: w };
  return Q.eq(atan.coeff, k) ? { k, of: neg(w) } : undefined;
}

function latexArccot(k: Rational, w: Expr, ctx: Ctx): Printed {
  const tex = `\\operatorname{arcctg}${trigArgument(w, ctx)}`;
  if (Q.isOne(k)) return { tex, prec: POWER };
  const negative = Q.isNegative(k);
  const size = Q.abs(k);
  const body = Q.isOne(size) ? tex : `${latexNum(size).tex} ${tex}`;
  return negative ? { tex: `-${body}`, prec: NEGATIVE } : { tex: body, prec: PRODUCT };
}

/** The argument of an operator: bare for a symbol or k·symbol (\sin\alpha, \cos 2\alpha), else parenthesized. */
function trigArgument(x: Expr, ctx: Ctx): string {
  const bare =
    x.kind === 'sym' ||
    (x.kind === 'num' && x.value.d === 1 && x.value.n > 0) ||
    (x.kind === 'mul' && x.coeff.d === 1 && x.coeff.n > 0 && x.factors.length === 1 && x.factors[0]!.base.kind === 'sym' && x.factors[0]!.exp === ONE);
  const tex = print(x, argumentContext(ctx)).tex;
  return bare ? (/^\\/.test(tex) ? tex : ` ${tex}`) : paren(tex);
}

// ---------------------------------------------------------------- helpers
/** (tex), with \left( \right) only when the content is tall (fractions, roots). */
export function paren(tex: string): string {
  return /\\frac|\\sqrt|\\dfrac/.test(tex) ? `\\left(${tex}\\right)` : `(${tex})`;
}

function wrap(p: Printed, outer: number): string {
  return p.prec < outer ? paren(p.tex) : p.tex;
}

// ---------------------------------------------------------------- line breaking
/**
 * Pieces of e at which a displayed equation may be broken: the signed terms
 * of a sum and, inside a term too wide for one line, the terms of its
 * widest parenthesized sum (delimited by \bigl( … \bigr), which, unlike
 * \left( … \right), may be split across the lines of an aligned environment).
 * Concatenated with spaces, the pieces are the whole expression.
 */
export function latexPieces(e: Expr | readonly Expr[], width: number, options?: LatexOptions): string[] {
  return pieces(e, width, context(options));
}

function pieces(e: Expr | readonly Expr[], width: number, ctx: Ctx): string[] {
  const terms = signedTerms(e, ctx);
  const out: string[] = [];
  terms.forEach((t, i) => {
    const sign = i === 0 ? (t.negative ? '-' : '') : t.negative ? '- ' : '+ ';
    const pieces = texWidth(t.tex) > width ? splitProduct(t.expr, width, ctx) : [t.tex];
    out.push(`${sign}${pieces[0]!}`, ...pieces.slice(1));
  });
  return out;
}

/** A product a·(s₁ + s₂ + …)·f broken inside its widest sum: ["a \bigl(s₁", "+ s₂", "…\bigr) f"]. */
function splitProduct(e: Expr, width: number, ctx: Ctx): string[] {
  if (e.kind !== 'mul') return [print(e, ctx).tex];
  // The signs as latexMul prints them: a flipped sum's minus is in the coefficient, not in the split sum.
  const mul = positiveSums(e.coeff, e.factors, ctx.orientSums);
  // A radicand too wide for the line is broken as a journal breaks one, (s₁ + s₂ + …)^{1/2}: \sqrt cannot break.
  const sums = mul.factors.filter((f) => f.base.kind === 'add' && (f.exp === ONE || f.exp === HALF));
  if (sums.length === 0) return [print(e, ctx).tex];
  const widest = sums.reduce((a, b) => (texWidth(print(b.base, ctx).tex) > texWidth(print(a.base, ctx).tex) ? b : a));
  const others = mul.factors.filter((f) => f !== widest);
  const lower = others.filter((f) => isReciprocal(f.exp));
  const upper = others.filter((f) => !isReciprocal(f.exp));
  const head = upper.filter((f) => ctx.factorRank(f.base) < FUNCTION_RANK);
  const tail = upper.filter((f) => ctx.factorRank(f.base) >= FUNCTION_RANK);
  const prefix = latexMul(mul.coeff, [...head, ...lower], ctx).tex;
  const lead = prefix === '1' ? '' : `${prefix} `;
  const inner = pieces(widest.base, width, ctx);
  const after = tail.length ? ` ${printFactors(tail, ctx).join(' ')}` : '';
  // A lead that holds another sum and fills the line: every sum broken in turn, "a \bigl(s₁ … \bigr) \bigl(s₂ … \bigr)".
  const headSums = head.filter((f) => f.base.kind === 'add' && f.exp === ONE);
  if (headSums.length && texWidth(lead) > width / 2) {
    const rest = latexMul(mul.coeff, [...head.filter((f) => !headSums.includes(f)), ...lower], ctx).tex;
    const out: string[] = [];
    let open = rest === '1' ? '' : `${rest} `;
    for (const sum of [...headSums, widest]) {
      const terms = pieces(sum.base, width, ctx);
      out.push(`${open}\\bigl(${terms[0]!}`, ...terms.slice(1));
      out[out.length - 1] += sum.exp === ONE ? '\\bigr)' : '\\bigr)^{1/2}';
      open = '';
    }
    out[out.length - 1] += after;
    return out;
  }
  if (inner.length === 1) return [print(e, ctx).tex];
  const last = `${inner[inner.length - 1]!}\\bigr)${widest.exp === ONE ? '' : '^{1/2}'}${after}`;
  // A wide lead (a fraction) may end its line: "\frac{…}{…} \bigl(" then the terms.
  if (texWidth(lead) + texWidth(inner[0]!) > width) return [`${lead}\\bigl(`, ...(inner.length > 1 ? [inner[0]!, ...inner.slice(1, -1), last] : [last])];
  return [`${lead}\\bigl(${inner[0]!}`, ...inner.slice(1, -1), last];
}

/**
 * Pack pieces into lines of at most `width` (by texWidth), for an aligned
 * environment: the first line follows `first` (e.g. "M_{11} &= "), later
 * lines start with "&\quad " and a {} so that a leading + or − keeps its
 * binary spacing.
 */
export function breakLines(pieces: readonly string[], width: number): string[] {
  const lines: string[][] = [[]];
  let used = 0;
  for (const p of pieces) {
    const w = texWidth(p);
    const cur = lines[lines.length - 1]!;
    if (cur.length > 0 && used + w > width) {
      lines.push([p]);
      used = w + 2;
    } else {
      cur.push(p);
      used += w;
    }
  }
  return lines.map((l) => l.join(' '));
}

/**
 * Letters far from the unit: m is 0.878 em in Computer Modern math italic,
 * about 1.5 of the unit (the reports' lines measure 6.1 pt per unit at 11 pt, an
 * average letter). Counted as one, a line of masses m_{16} + m_{17} + … was
 * a quarter wider than its estimate: the 30- and 60-link chains' M_{1,1}
 * ran 14 pt past the page.
 */
const LETTER_WIDTH: Readonly<Record<string, number>> = { m: 1.5 };

/** Operators set as upright names, as wide as their letters: \arcsin counted as one letter left the rough hinge pendulum's Δ_i (2.4) unbroken, 4.6 pt past the page. */
const UPRIGHT_NAMES = new Set(['sin', 'cos', 'tan', 'arcsin', 'arccos', 'arctan', 'ln', 'det', 'exp']);

/**
 * Estimated printed width of LaTeX math, in units of about one italic
 * letter: used only to decide where long equations are broken.
 */
export function texWidth(tex: string): number {
  let i = 0;
  const group = (): string => {
    // The argument after a command or ^/_: {…} or one token.
    while (tex[i] === ' ') i++;
    if (tex[i] === '{') {
      let depth = 0;
      const start = i;
      for (; i < tex.length; i++) {
        if (tex[i] === '{') depth++;
        else if (tex[i] === '}' && --depth === 0) break;
      }
      i++;
      return tex.slice(start + 1, i - 1);
    }
    if (tex[i] === '\\') {
      const m = /^\\([A-Za-z]+|.)/.exec(tex.slice(i))!;
      i += m[0].length;
      return m[0];
    }
    return tex[i++] ?? '';
  };
  let w = 0;
  while (i < tex.length) {
    const c = tex[i]!;
    if (c === '\\') {
      const m = /^\\([A-Za-z]+|.)/.exec(tex.slice(i))!;
      i += m[0].length;
      const name = m[1]!;
      if (name === 'frac') w += Math.max(texWidth(group()), texWidth(group())) * 0.9 + 0.4;
      else if (name === 'sqrt') {
        if (tex[i] === '[') i = tex.indexOf(']', i) + 1;
        w += texWidth(group()) + 1;
      } else if (['dot', 'ddot', 'mathit', 'mathrm', 'operatorname', 'text', 'mathbf', 'boldsymbol'].includes(name))
        w += texWidth(group()) * (name === 'operatorname' ? 1.1 : 1);
      else if (['left', 'right', 'bigl', 'bigr', 'Bigl', 'Bigr'].includes(name)) {
        w += name.startsWith('l') || name.startsWith('r') ? 0.75 : 0.6;
        i += tex[i] === '\\' ? 2 : 1;
      } else if (UPRIGHT_NAMES.has(name)) w += name.length * 0.9 + 0.4;
      else if (name === ',' || name === ';') w += 0.3;
      else if (name === 'quad') w += 2;
      else if (name === 'qquad') w += 4;
      else if (name === 'cdot') w += 1.2;
      else w += 1;
    } else if (c === '^' || c === '_') {
      i++;
      w += texWidth(group()) * 0.7;
    } else if (c === '+' || c === '-' || c === '=' || c === '<' || c === '>') {
      w += 1.8;
      i++;
    } else if (c === '{' || c === '}' || c === ' ' || c === '&') i++;
    else {
      w += LETTER_WIDTH[c] ?? 1;
      i++;
    }
  }
  return w;
}

/** \begin{pmatrix} … \end{pmatrix} from printed entries. */
export function latexMatrix(rows: readonly (readonly string[])[]): string {
  return `\\begin{pmatrix} ${rows.map((r) => r.join(' & ')).join(' \\\\ ')} \\end{pmatrix}`;
}

/**
 * A base that already ends in a superscript (ψ̇⁻ as \\dot{\\psi}^{-}) in
 * parentheses, (ψ̇⁻)² as the papers write it: braces alone are not enough,
 * amsmath's align still reads {\\dot{\\psi}^{-}}^{2} as a double superscript.
 */
function superscriptable(tex: string): string {
  return /\^\{[^{}]*\}(_\{[^{}]*\})?$/.test(tex) ? `(${tex})` : tex;
}

/** How deep \frac nests in printed LaTeX: 1 for a/b, 2 for a fraction inside one's numerator or denominator. */
export function fractionDepth(tex: string): number {
  let [depth, max, next] = [0, 0, 0];
  const groups: { frac: boolean; next: number }[] = [];
  for (let i = 0; i < tex.length; i++) {
    const command = /^\\[td]?frac(?![A-Za-z])/.exec(tex.slice(i, i + 7));
    if (command) {
      next = 2;
      i += command[0].length - 1;
    } else if (tex[i] === '{') {
      const frac = next > 0;
      groups.push({ frac, next: frac ? next - 1 : next });
      next = 0;
      if (frac) max = Math.max(max, ++depth);
    } else if (tex[i] === '}') {
      const g = groups.pop();
      if (g?.frac) depth--;
      next = g?.next ?? 0;
    }
  }
  return max;
}
