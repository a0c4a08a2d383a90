// Mechanics notation over the generic printer: the only override is how a
// symbol is printed, by the role src/model/names.ts attached to it when it was
// made (docs/notation.md):
//   velocity of x → \dot{x}     acceleration → \ddot{x}     (q1 → \dot{q}_{1}: the dot sits on the letter)
//   before / after an impact → \dot{x}^{-}, \dot{x}^{+}
//   momentum of x → p_{x}      multiplier 1 → \lambda_{1}
//   another value of one of these, numbered → \dot{x}^{+}_{2} (a report's fresh letter)
// and plain names as in latex.ts (psi → \psi, alpha_1 → \alpha_{1}, mu[2] → \mu_{2}).
// Expressions are printed with the common factors of numerators and
// denominators cancelled (cancelQuotients) and common factors pulled out
// (collectFactors), as an author would write them.
// Tests: test/report/latex.test.ts, test/model/names.test.ts, test/report/notation.test.ts.
import { cancelQuotients } from '../core/cancel.js';
import { collectFactors } from '../core/factor.js';
import { completeSquares } from '../core/complete-square.js';
import { completeProduct } from '../core/complete-product.js';
import { opCount } from '../core/cost.js';
import { combineRadicals } from '../core/radicals.js';
import { expand } from '../core/expand.js';
import { doubleAngles } from '../core/double-angles.js';
import { inCosines } from '../core/in-cosines.js';
import { flatPolynomial } from '../core/flat-polynomial.js';
import { halfAngleSquares, inHalfAngle } from '../core/half-angles.js';
import { contractAngleSums, pythagoreanPairs } from '../core/angle-contraction.js';
import { add, children, factorsOf, fn, mul, neg, num, pow, sym, termCount, termsOf, unreachable, ZERO, type Expr } from '../core/expr.js';
import * as Q from '../core/rational.js';
import { pythagoreanIn } from '../core/trig.js';
import type { DerivedSystem } from '../derive/system.js';
import { symbolRole, TIME } from '../model/names.js';
import type { Model, Parameter, RealizedLaw, UnilateralConstraint } from '../model/types.js';
import { switchedCases } from './switched.js';
import { accentParts, breakLines, defaultFactorRank, latexPieces, symbolNameLatex, texWidth, toLatex, withPrintedSign, type LatexOptions } from './latex.js';

/** A coordinate name with an accent on its head letter: dot(q1) → \dot{q}_{1}. */
function accented(accent: 'dot' | 'ddot', name: string): string {
  const { base, rest } = accentParts(name, mechanicsSymbol);
  return `\\${accent}{${base}}${rest}`;
}

/** LaTeX for a kernel symbol (given by name, as the generic printer passes it) in mechanics notation. */
export function mechanicsSymbol(name: string): string {
  // Symbols are interned by name: sym(name) is the symbol the role was attached to.
  const role = symbolRole(sym(name));
  if (!role) return symbolNameLatex(name);
  switch (role.role) {
    case 'velocity':
      return accented('dot', role.of.name);
    case 'acceleration':
      return accented('ddot', role.of.name);
    case 'pre-impact-velocity':
      return `${accented('dot', role.of.name)}^{-}`;
    case 'post-impact-velocity':
      return `${accented('dot', role.of.name)}^{+}`;
    case 'velocity-jump':
      return `[${accented('dot', role.of.name)}]`;
    case 'momentum':
      return `p_{${mechanicsSymbol(role.of.name)}}`;
    case 'multiplier':
      return `\\lambda_{${role.index}}`;
    case 'fast-velocity':
      return `${mechanicsSymbol(role.of.name)}^{\\prime}`;
    case 'named-result':
      return role.tex;
    case 'numbered': {
      // A symbol with a subscript of its own (λ₁, ẋ₁⁺) is grouped, so that the index is not a second subscript.
      const base = mechanicsSymbol(role.of.name);
      return `${base.includes('_') ? `{${base}}` : base}_{${role.index}}`;
    }
    case 'slip-sign':
      return `\\operatorname{sgn}\\dot{s}_{${/^\d+$/.test(role.label) ? role.label : contactSubscript(role.label)}}`;
    case 'support-reaction':
      return `N_{${role.index}}`;
    case 'support-side':
      return `\\varepsilon_{${role.index}}`;
    case 'support-coefficient':
      return `\\kappa_{${role.index}}^{\\varepsilon_{${role.index}}}`;
    case 'face-coefficient':
      return role.tex;
    case 'support-friction':
      return role.index === 0 ? '\\Phi' : `\\Phi_{${role.index}}`;
    default:
      return role satisfies never;
  }
}

/**
 * The letters a report gives its generic objects, one meaning each
 * (docs/notation.md): the papers' letters unless the model already uses them.
 *   mass     M; G (Rubanovich–Formalsky's kinetic matrix G′ (3.1)) where a
 *            parameter is called M or M_x, as the pendulum on a cart's cart mass
 *            or Smirnov's prism's moments M_x, or a patch's resultant is, as the
 *            disk's moment M (kuleshov2011 (3.2)) (A is the constraint matrix
 *            and the linearization's state matrix)
 *   forcing  f of M q̈ = f; h (Pfeiffer–Glocker's M q̈ − h = W λ) where f names
 *            the gaps f_j ≥ 0 (Kozlov) or a compliant contact's f_s, Smirnov's friction coefficients f_i or a
 *            parameter; then F (unless Kugushev–Sorokina's Cartesian forces (8.10)
 *            are printed)
 *   rate     b of the retaining constraints A q̇ + b = 0 (Kugushev–Sorokina
 *            (8.10)); c or d where Smirnov's support system (1.1) has its b
 *   measure  μ of the contact measures dμ_j ≥ 0 (Kugushev–Sorokina §9); Λ
 *            (Glocker's impulse measure dΛ) where μ is a friction coefficient:
 *            a parameter μ, or Coulomb's μ_j printed with the friction
 *   constraint  φ_k of the retaining constraints' gradients in the first-kind
 *            equations; χ where φ is a coordinate (the pendulum's hinge angle)
 *   period   τ of a periodic orbit (T is the kinetic energy); P where τ is a
 *            parameter
 *   hamiltonian  H(q, p, t); ℋ where the report prints Kuleshov et al.'s
 *            universal restitution law H(v) (Proposition 11)
 *   columns, load  a and b of Smirnov's support system (1.1) Σ aᵢⱼ Nᵢ = bⱼ;
 *            ã, b̃ where a parameter takes the letter (the prism's a_1, b_3)
 * and, where every letter is taken (the prism's parameters h, b_3, c_1),
 * a marked one (\tilde{f}, \tilde{b}; \mathsf{M} only were M and G both were).
 * The velocity-free part of the momentum, p = M q̇ + p₀, is p₀ (as L₀ = L at
 * q̇ = 0), never b.
 */
export interface ReportSymbols {
  readonly mass: string;
  readonly forcing: string;
  readonly rate: string;
  readonly measure: string;
  readonly constraint: string;
  readonly period: string;
  readonly hamiltonian: string;
  readonly columns: string;
  readonly load: string;
  /** A contact row's bias, (∂f/∂q) q̈ + β = 0 on a contact phase: κ where a parameter is β (the hinged compass's half-angle). */
  readonly bias: string;
  /** The Cartesian coordinates of the points and the applied force on them in the first-kind form (Kugushev–Sorokina (8.10)): r, not x, beside a coordinate x; 𝓕, not F, beside a parameter F. */
  readonly cartesian: string;
  readonly applied: string;
}

const symbolsOf = new WeakMap<DerivedSystem, ReportSymbols>();

/**
 * The letters the printed names of a model's parameters, coordinates and
 * patch resultants start with: M, f of f_{r}, \alpha.
 */
export function modelHeads(model: Model): string[] {
  const resultants = (model.patches ?? []).flatMap((p) => [...p.resultants.keys()]);
  return [...model.parameters.map((x) => x.name), ...model.coordinates.map((x) => x.name), ...resultants].map(symbolHead);
}

/** The letter a name prints with: M of M_x, \\varphi of φ. */
export const symbolHead = (name: string): string => /^(\\[A-Za-z]+|[A-Za-z])/.exec(mechanicsSymbol(name))?.[0] ?? '';

/**
 * How a report writes a unilateral constraint: f(q,t) ≥ 0 (Kozlov) or
 * g(q,t) ≤ 0 (Kugushev–Sorokina (8.1)), printed f_j or g_j, with `expr` the
 * printed function (the gap f, or the author's g = −f).
 */
export interface GapForm {
  readonly letter: 'f' | 'g';
  readonly expr: Expr;
  /** The other form than the author's (the author's letter names a parameter or coordinate). */
  readonly turned: boolean;
}

/**
 * A contact as its author wrote it, unless the author's letter names a
 * parameter or coordinate of the model: then in the other form, so that
 * one letter keeps one meaning. The pendulum at a wall written g ≤ 0 beside
 * gravity g is printed as Kozlov's gap f_1 = −g_1 ≥ 0 (the function the
 * toolkit holds, docs/notation.md); where both letters are taken, the
 * author's form stays.
 */
export function gapForm(model: Model, c: UnilateralConstraint): GapForm {
  const heads = modelHeads(model);
  const author: 'f' | 'g' = c.author.sense === '>=' ? 'f' : 'g';
  const other: 'f' | 'g' = author === 'f' ? 'g' : 'f';
  const letter = heads.includes(author) && !heads.includes(other) ? other : author;
  return { letter, expr: letter === author ? c.author.expr : letter === 'f' ? c.gap : neg(c.gap), turned: letter !== author };
}

/** The letters a period is printed with, the first free one chosen. */
/** A measured number as the prose prints it: four significant digits, trailing zeros dropped (1.571, 0.84). */
export const fourDigits = (v: number): string => `${Number(v.toPrecision(4))}`;

/** A small relative size to `digits` significant digits as LaTeX, m \cdot 10^{e} ("4.5 \cdot 10^{-9}"); 0 as "0". */
export const scientific = (v: number, digits: number): string => {
  if (v === 0) return '0';
  const [mantissa, exponent] = v.toExponential(digits - 1).split('e');
  return `${mantissa} \\cdot 10^{${Number(exponent)}}`;
};

/** A parameter's power of ten from 10⁴ on as 10^k (N = 10^5, not 100000); undefined for any other value. */
export const powerOfTen = (v: number): string | undefined => {
  const k = Math.log10(v);
  return Number.isInteger(k) && k >= 4 ? `10^{${k}}` : undefined;
};

/** A swept parameter's value: 10^k from 10⁴ on, else four digits (N = 1000, N = 10^5). */
export const sweptValue = (v: number): string => powerOfTen(v) ?? fourDigits(v);

export const PERIOD_SYMBOLS: readonly string[] = ['\\tau', 'P', '\\mathcal{T}'];

/** The report's letters for the mass matrix, the forcing and the constraints' rate term (chosen once per system). */
export function reportSymbols(system: DerivedSystem): ReportSymbols {
  const known = symbolsOf.get(system);
  if (known) return known;
  const heads = modelHeads(system.model);
  const multipliers = system.constraints !== undefined || system.unilateral !== undefined;
  const universal = system.patches?.terms.some((t) => t.universal !== undefined) ?? false;
  // The gaps f_j ≥ 0 of one-sided contacts, or f_s of those realized by forces (a compliant contact or a gap potential,
  // compliant.ts), or Kozlov's f = 0 of a realized retaining constraint (printed φ, kozlov1988 (1.2)): f is his, the forcing h.
  const gaps =
    (system.unilateral?.contacts.some((c) => gapForm(system.model, c.constraint).letter === 'f') ?? false) || (system.compliant?.terms.length ?? 0) > 0;
  const pick = (candidates: readonly string[], taken: readonly (string | false)[]): string =>
    candidates.find((c) => !heads.includes(c) && !taken.includes(c)) ?? candidates[0]!;
  const forcing = pick(['f', 'h', 'F', '\\tilde{f}'], [(gaps || system.supports !== undefined || system.hinges.length > 0) && 'f', multipliers && 'F']);
  const chosen: ReportSymbols = {
    // G is the contacts' gradient in the first-kind equations (lagrange1.ts), printed only with contacts.
    mass: pick(['M', 'G', '\\mathsf{M}'], [system.unilateral !== undefined && 'G']),
    forcing,
    rate: pick(['b', 'c', 'd', '\\tilde{b}'], [system.supports !== undefined && 'b']),
    measure: pick(['\\mu', '\\Lambda', '\\varpi'], [(system.unilateral?.coulomb.length ?? 0) > 0 && '\\mu']),
    // χ(ε) is the support pairs' switching function (friction.ts), Φ their friction modulus.
    constraint: pick(['\\varphi', '\\chi', '\\gamma', '\\Phi'], [system.supports !== undefined && '\\chi']),
    period: pick(PERIOD_SYMBOLS, []),
    hamiltonian: pick(['H', '\\mathcal{H}'], [universal && 'H']),
    columns: pick(['a', '\\tilde{a}'], []),
    load: pick(['b', '\\tilde{b}', '\\beta'], []),
    bias: pick(['\\beta', '\\kappa', '\\varsigma'], []),
    cartesian: pick(['x', 'r', '\\xi'], []),
    applied: pick(['F', '\\mathcal{F}', '\\Xi'], [forcing]),
  };
  symbolsOf.set(system, chosen);
  return chosen;
}

/** A mass parameter's name: m, M, m1, m_2. */
const MASS = /^[mM](_?\d+)?$/;

/**
 * Factor order as in mechanics texts: masses, then the other parameters, then sums of
 * parameters, then velocities, accelerations and momenta, then sums of
 * functions, then functions:
 * l_1^2 (m_1 + m_2) \dot{q}_1^2, m_2 l_1 l_2 \dot{q}_1 \dot{q}_2 \cos(q_1 - q_2).
 */
function mechanicsFactorRank(base: Expr): number {
  // Masses lead the parameters: m l², m g l, as Rubanovich–Formalsky (1.12) write m l ψ̇⁻ (the kernel's order is l² m).
  if (base.kind === 'sym' && MASS.test(base.name)) return 0.5;
  if (base.kind === 'sym' && base.name === TIME) return 1.5; // ω t, not t ω
  if (base.kind === 'sym' && symbolRole(base)) return 3.5;
  // Sums of functions follow the velocities: ψ̇⁻(1 − 3 sin²α), as Rubanovich–Formalsky write it.
  if (base.kind === 'add' && base.terms.some((t) => containsFunction(t.expr))) return 3.7;
  return defaultFactorRank(base);
}

function containsFunction(e: Expr): boolean {
  return e.kind === 'fn' || children(e).some(containsFunction);
}

export const MECHANICS: LatexOptions = { symbol: mechanicsSymbol, factorRank: mechanicsFactorRank };

/**
 * Quotients cancelled, then common factors pulled out, also inside the
 * bases of powers and denominators (collectFactors leaves a common
 * denominator as it found it):
 * \frac{…}{l_1^2 l_2 (m_1 + m_2 \sin^2(q_1 - q_2))}; last, each product's
 * square roots as one where no assumption is needed (√2·√q = √(2q): a
 * derivation keeps roots apart for its own algebra, e.g. the patch laws),
 * and double angles in one form, sin 2x and cos 2x (core/double-angles.ts);
 * first, a number beside a cosine of a doubled angle in the half angle's
 * sine, 7 + 9 sin²2β for (23 − 9 cos 4β)/2 (core/half-angles.ts).
 * Each sum's angle sums are contracted first, cos(q₁ − q₂) for
 * cos q₁ cos q₂ + sin q₁ sin q₂ (core/angle-contraction.ts), and its
 * c − c sin²x written c cos²x (pythagoreanPairs), also where collectFactors
 * makes such a factor: the bicycle's (1 − sin²φ) is cos²φ. A function's
 * argument is tidied where that shortens it, and the minus it prints with
 * goes out by the function's parity: arctan(−u) = −arctan u, cos(−u) = cos u.
 */
export function tidy(e: Expr): Expr {
  let out = tidied.get(e);
  if (out === undefined) tidied.set(e, (out = tidyOnce(e)));
  return out;
}

/**
 * Expressions tidied so far (interned, so equal ones are one key): a report
 * prints the same one several times, M_ij = M_ji, the matrix and its entries.
 */
const tidied = new WeakMap<Expr, Expr>();

function tidyOnce(e: Expr): Expr {
  return doubleAngles(combineRadicals(tidyParts(cancelQuotients(halfAngleSquares(e)))));
}

/**
 * Each part tidied, kept per node (a function of its structure alone):
 * expressions a report prints share their parts (the bicycle's mass matrix
 * sits in its equations, its inverse and their entries).
 */
const tidiedParts = new WeakMap<Expr, Expr>();

function tidyParts(u: Expr): Expr {
  let out = tidiedParts.get(u);
  if (out === undefined) tidiedParts.set(u, (out = tidyPartsOnce(u)));
  return out;
}

function tidyPartsOnce(u: Expr): Expr {
  switch (u.kind) {
    case 'num':
    case 'sym':
      return u;
    case 'fn':
      // The argument tidied where that shortens it (sin(π/3 + ψ) stays, not sin((π + 3ψ)/3)), and given its printed
      // sign, which the kernel's parity rule takes out (expr.ts fn): kozlov1988 §2's τ = 1 + 2 arctan(u)/√N, u one
      // fraction over 3 − cos √N, not 1 − 2 arctan(−u)/√N with u's denominators cos √N − 3 turned.
      return fn(
        u.name,
        ...u.args.map((a) => {
          const t = tidyParts(a);
          return withPrintedSign(opCount(t) < opCount(a) ? t : a);
        }),
      );
    case 'add': {
      // A number beside a doubled angle's cosine, in the half angle's sine: nothing in it is left to tidy.
      const half = inHalfAngle(u);
      if (half !== u) return half;
      // Pairs folded after the factors are collected: before, they would split the bicycle's common √(…) sums.
      const s = inCosines(inSines(contractAngleSums(u)));
      const nested = tidiedSum(s);
      // A polynomial in one base flat where that prints no more operations; its common factor's sum (1 − sin²x in
      // (1 − sin²x) sin²x) tidied in turn, the flat sum itself left as it is.
      const flat = flatPolynomial(s);
      const f = flat && (flat.kind === 'add' ? flat : tidyParts(flat));
      return f && opCount(f, true) <= opCount(nested, true) ? f : nested;
    }
    case 'pow':
      return pow(tidyParts(u.base), u.exp);
    case 'mul': {
      const { sign, factors } = withNegatedBasesJoined(u.factors.map((f) => ({ base: tidyParts(f.base), exp: f.exp })));
      return mul(num(sign < 0 ? Q.neg(u.coeff) : u.coeff), ...factors);
    }
    default:
      return unreachable(u);
  }
}

/** A sum's factors collected or its squares completed, and its terms tidied. */
function tidiedSum(s: Expr): Expr {
  const [squares, product] = [completeSquares(s), completeProduct(s)];
  const c = pythagoreanPairs(product && opCount(product) < opCount(squares) ? product : squares);
  if (c.kind !== 'add') return tidyParts(c);
  const terms = termsOf(c);
  const out = terms.map(tidyParts);
  // A factor sum folded into one term (1 − sin²φ into cos²φ) may leave the sum a common factor, cos φ: collected,
  // as combineRadicals collects a radicand, so that a sum prints alike under a root and outside.
  return terms.some((t, i) => sumFactors(out[i]!) < sumFactors(t)) ? collectFactors(add(...out)) : add(...out);
}

/**
 * A product's factors with a sum to an integer power written through its
 * negation where that is another factor's base, (−X)ⁿ = (−1)ⁿXⁿ, the sign
 * apart (a number times a sum is the sum scaled), so that the two join into
 * one power: tidied apart, the bicycle's contact height had X^(−1/2)·(−X)
 * where it means −√X.
 */
function withNegatedBasesJoined(factors: readonly { base: Expr; exp: Expr }[]): { sign: number; factors: Expr[] } {
  const integer = (x: Expr): boolean => x.kind === 'num' && x.value.d === 1;
  // Negations up to the orientation of the sums inside their terms, which tidying leaves to print time: by expansion,
  // tried only on sums of one length with opposite constants.
  const negates = (a: Expr, b: Expr): boolean =>
    a.kind === 'add' &&
    b.kind === 'add' &&
    a !== b &&
    a.terms.length === b.terms.length &&
    Q.eq(a.constant, Q.neg(b.constant)) &&
    (neg(a) === b || expand(add(a, b)) === ZERO);
  let sign = 1;
  const out = factors.map(({ base, exp }) => {
    const other = exp.kind === 'num' && integer(exp) ? factors.find((f) => negates(base, f.base)) : undefined;
    // Both to integer powers: one side (the later-made) turns, or each would turn into the other.
    if (!other || exp.kind !== 'num' || (integer(other.exp) && other.base.id > base.id)) return pow(base, exp);
    if (exp.value.n % 2 !== 0) sign = -sign;
    return pow(other.base, exp);
  });
  return { sign, factors: out };
}

/** How many of a term's factors are sums. */
const sumFactors = (t: Expr): number => factorsOf(t).filter((f) => f.kind === 'add' || (f.kind === 'pow' && f.base.kind === 'add')).length;

/**
 * A sum in cos²x written in sin²x (cos² = 1 − sin²) where that shortens it:
 * one term fewer (1 − cos²x = sin²x), or a smaller number (2 − 3 cos²α
 * becomes 3 sin²α − 1, which positiveSums orients as (1 − 3 sin²α), the
 * factor of Rubanovich–Formalsky (1.13), (1.16); Painlevé's 1 + 3 cos²θ
 * stays). Only sums of plain products (nothing to multiply out); the
 * kernel's form is left as it is.
 */
function inSines(u: Expr): Expr {
  // The terms' products without their coefficients (a number is no factor looked at): termsOf would make each term.
  const terms = u.kind === 'add' ? u.terms.map((t) => t.expr) : [u];
  if (terms.some((t) => factorsOf(t).some((f) => f.kind === 'add' || (f.kind === 'pow' && f.base.kind === 'add')))) return u;
  const cosines = new Set<Expr>();
  for (const t of terms) {
    for (const f of factorsOf(t)) {
      if (f.kind === 'pow' && f.base.kind === 'fn' && f.base.name === 'cos' && f.exp.kind === 'num' && f.exp.value.d === 1 && f.exp.value.n >= 2)
        cosines.add(f.base.args[0]!);
    }
  }
  let out = u;
  for (const x of cosines) {
    const r = pythagoreanIn(out, x, 'cos');
    const n = termCount(r),
      before = termCount(out);
    if (n < before || (n === before && Q.cmp(Q.abs(constantOf(r)), Q.abs(constantOf(out))) < 0)) out = r;
  }
  return out;
}

const constantOf = (e: Expr): Q.Rational => (e.kind === 'add' ? e.constant : e.kind === 'num' ? e.value : Q.ZERO);

/** Width budget of the right-hand side of a displayed equation (texWidth units). */
export const LINE_WIDTH = 58;

/** Whether a pmatrix of these printed entries fits a displayed line after a left-hand side `lhsWidth` wide. */
export function fits(entries: readonly (readonly string[])[], lhsWidth = 4): boolean {
  const cols = entries[0]?.length ?? 0;
  let width = lhsWidth;
  for (let j = 0; j < cols; j++) width += Math.max(...entries.map((r) => texWidth(r[j]!))) + 2;
  return width <= LINE_WIDTH + 10;
}

/** e in mechanics notation, common factors pulled out. */
export function math(e: Expr): string {
  let tex = printed.get(e);
  if (tex === undefined) printed.set(e, (tex = toLatex(tidy(e), MECHANICS)));
  return tex;
}

/** Expressions printed so far: a symmetric matrix prints each entry twice (M_ij = M_ji are one interned expression). */
const printed = new WeakMap<Expr, string>();

/** A parameter's declared range as a paper states it: α ∈ (0, π/2), or one-sided I > m l². */
export function declaredRange(p: Parameter): string {
  const [lower, upper] = p.range!;
  const x = math(p.symbol);
  if (lower && upper) return `${x} \\in ${p.open?.lower ? '(' : '['}${math(lower)}, ${math(upper)}${p.open?.upper ? ')' : ']'}`;
  return lower ? `${x} ${p.open?.lower ? '>' : '\\geq'} ${math(lower)}` : `${x} ${p.open?.upper ? '<' : '\\leq'} ${math(upper!)}`;
}

/**
 * Mechanics notation with two coordinates' names exchanged, and their rates': a contact phase printed as the mirror
 * image of an earlier one (derive/unilateral/mirror-phases.ts), in that one's forms.
 */
export function exchangedNotation([a, b]: readonly [string, string], primed: readonly string[] = []): LatexOptions {
  const partner = new Map([
    [a, b],
    [b, a],
    [`${a}'`, `${b}'`],
    [`${b}'`, `${a}'`],
  ]);
  // A sum the mirror names (its own value, the exchanged one) takes a prime, so that one letter keeps one meaning.
  return { ...MECHANICS, symbol: (name) => (primed.includes(name) ? `${mechanicsSymbol(name)}'` : mechanicsSymbol(partner.get(name) ?? name)) };
}

/**
 * e in mechanics notation as lines of at most `width`, for an aligned
 * environment. A list is a sum whose parts are printed in the given order,
 * each with its own common factors pulled out (T = ½M₁₁q̇₁² + M₁₂q̇₁q̇₂ + …).
 */
export function mathLines(e: Expr | readonly Expr[], width = LINE_WIDTH, options: LatexOptions = MECHANICS): string[] {
  const parts = Array.isArray(e) ? (e as readonly Expr[]).filter((t) => t !== ZERO).map(tidy) : [tidy(e as Expr)];
  if (parts.length === 0) return ['0'];
  // A quantity switched across a surface (kozlov1988 §2's force) as its cases, not its sign idiom.
  const cases = parts.length === 1 ? switchedCases(parts[0]!) : undefined;
  if (cases) {
    const [s, below, above] = [cases.surface, cases.below, cases.above].map((x) => toLatex(tidy(x), MECHANICS));
    return [`\\begin{cases} ${below}, & ${s} \\le 0 \\\\ ${above}, & ${s} > 0 \\end{cases}`];
  }
  // Pieces of a sum that fits are its terms, so one printing serves both (a 60-link chain's forcing prints once, not twice).
  const pieces = latexPieces(parts, width, options);
  const whole = pieces.join(' ');
  if (texWidth(whole) <= width) return [whole];
  return breakLines(pieces, width);
}

/**
 * Σ_index term(index) over the index values, or the one term when there is
 * one value: a report writes no sum over one term (Σ_j ∂f_j/∂q_i dμ_j over
 * a single contact is ∂f_1/∂q_i dμ_1).
 */
export function indexSum(index: string, values: readonly number[], term: (i: string) => string): string {
  return values.length === 1 ? term(`${values[0]}`) : `\\sum_{${index}} ${term(index)}`;
}

/** 1, …, n. */
/** A model's identifier as prose: a stem and its trailing letter or number apart, "footB" → "foot B", "foot1" → "foot 1"; others as they are. */
export const proseName = (name: string): string => name.replace(/^([a-z]+)([A-Z]|\d+)$/, '$1 $2');

/** A derived sentence with each contact's name in prose ("impulse of tipB" → "impulse of tip B"). */
export const proseNames = (names: readonly string[], text: string): string =>
  names.reduce((out, name) => out.replace(new RegExp(`\\b${name}\\b`, 'g'), proseName(name)), text);

export const upTo = (n: number): number[] => Array.from({ length: n }, (_, k) => k + 1);

/** LaTeX for a unit string: "m/s^2" → \mathrm{m}/\mathrm{s}^{2}, "kg m^2" → \mathrm{kg}\,\mathrm{m}^{2}. */
export function unitLatex(unit: string): string {
  return unit
    .trim()
    .split(/\s+/)
    .map((word) =>
      word
        .split('/')
        .map((part) => {
          const m = /^([A-Za-z]+)(?:\^(-?\d+))?$/.exec(part);
          if (!m) return `\\mathrm{${part.replace(/[^A-Za-z0-9]/g, '')}}`;
          return `\\mathrm{${m[1]}}${m[2] ? `^{${m[2]}}` : ''}`;
        })
        .join('/'),
    )
    .join('\\,');
}

/**
 * The plotted energy's name: T + V, and the potential V_c of the contacts realized by forces
 * where one has a stiffness or a potential, which the run's energy holds (kozlov1988 §3: the
 * medium's c²Nf²/2 during the compression); then each realized retaining constraint's added
 * mass T_s and stiffness V_s, as the report prints them (kozlov1988 (1.2)'s T_N − T, V_N − V).
 */
export function energyLabel(model: Model): string {
  const potential = (model.compliant ?? []).some((c) => (HOLDS_POTENTIAL[c.law.kind] as (law: RealizedLaw) => boolean)(c.law));
  const realized = (model.realizations ?? []).flatMap((r) => [
    ...(r.addedMass ? [`T_{${constraintLabel(r.name)}}`] : []),
    ...(r.stiffness ? [`V_{${constraintLabel(r.name)}}`] : []),
  ]);
  return ['E = T + V', ...(potential ? ['V_{c}'] : []), ...realized].join(' + ');
}

/** A constraint's name as a subscript: rod → \mathrm{rod}. */
export const constraintLabel = (name: string): string => `\\mathrm{${name.replace(/_/g, '\\_')}}`;

/** Whether a realized law puts a potential V_c into the energy, keyed by RealizedLaw['kind']: a new law does not compile without its entry. */
const HOLDS_POTENTIAL: { readonly [K in RealizedLaw['kind']]: (law: Extract<RealizedLaw, { kind: K }>) => boolean } = {
  compliant: (law) => law.stiffness !== undefined,
  potential: () => true,
};

/** ṡ of a contact's slip coordinate, subscripted by the contact (ṡ_A of end A, ṡ_tip). */
export function slipRateSymbol(name: string): string {
  return `\\dot{s}_{${contactSubscript(name)}}`;
}

/** A contact's name as a subscript: a word and a letter by the letter (endA → A, as proseName reads it "end A"), else upright (tip). */
export const contactSubscript = (name: string): string => /^[a-z]+([A-Z])$/.exec(name)?.[1] ?? `\\mathrm{${name.replace(/_/g, '\\_')}}`;
