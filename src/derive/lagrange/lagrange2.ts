// Lagrange equations of the second kind, M(q,t) q̈ = f(q, q̇, t):
//   d/dt(∂L/∂q̇) − ∂L/∂q = Q,  with L = ½q̇ᵀMq̇ + bᵀq̇ + L₀ and p = ∂L/∂q̇ = Mq̇ + b:
//   M_ij = ∂²L/∂q̇_i∂q̇_j,
//   f_i  = ∂L/∂q_i − Σ_k (∂p_i/∂q_k) q̇_k − ∂p_i/∂t + Q_i.
// Kugushev–Sorokina (10.13) without the impulse terms (those are added by
// the measure form in unilateral.ts).
//
// Order of work matters for speed: M is the Hessian of the *unexpanded* L
// (differentiating ½m(Σ l cos q q̇)² twice is cheap; expanding it first
// creates O(n³) monomials), each entry simplified on its own, and L is then
// rebuilt from the compact M, b, L₀. On the 10-link pendulum this is ~5×
// faster than simplify(L) first. Neither nerdamer nor mathjs is used here:
// both take seconds on this system (see ARCHITECTURE.md).
import { MechanicsError } from '../../errors.js';
import { addAll, dependsOn, HALF, makeMul, mul, neg, num, ONE, splitCoeff, symbolsIn, TermSum, ZERO, type Expr, type Term } from '../../core/expr.js';
import * as Q from '../../core/rational.js';
import { collectCoefficients } from '../../core/coefficients.js';
import { pullContent } from '../../core/content.js';
import { derivativeParts, diff, differentiator, type Differentiator } from '../../core/diff.js';
import { expandAll, expandTerms, type Kept, type Part } from '../../core/expand.js';
import { simplifyByPattern } from '../../core/pattern.js';
import { mapChildren, memoPass } from '../../core/traverse.js';
import { simplify, simplifyCopiesOf, simplifyTrig } from '../../core/trig.js';
import { energyField, type Model } from '../../model/model.js';
import { TIME } from '../../model/names.js';

export interface Lagrange2 {
  /** L = ½q̇ᵀMq̇ + bᵀq̇ + L₀, as a sum of products of the simplified parts. */
  readonly L: Expr;
  /** p_i = ∂L/∂q̇_i = Σ_j M_ij q̇_j + b_i (not multiplied out). */
  readonly momenta: readonly Expr[];
  /** ∂L/∂q_i (used by Hamilton's equations: ∂H/∂q = −∂L/∂q). */
  readonly dLdq: readonly Expr[];
  /** Symmetric n×n. */
  readonly massMatrix: readonly (readonly Expr[])[];
  /** b(q,t) = ∂L/∂q̇ at q̇ = 0 (gyroscopic / moving-frame terms). */
  readonly b: readonly Expr[];
  /** L at q̇ = 0. */
  readonly L0: Expr;
  readonly forcing: readonly Expr[];
  /**
   * M depends neither on q nor on t (Cartesian coordinates of point masses,
   * among others): then the report also gives Lagrange's first kind in
   * measure form (Kugushev–Sorokina (8.10)) for contact models, and
   * single-contact impact maps are short enough to derive and print.
   */
  readonly constantMass: boolean;
  /** The forcing depends on none of q, q̇, t (a uniform field on point masses): the generated module's `model.constant.forcing`, before added forces. */
  readonly constantForcing: boolean;
}

/**
 * M_ij = ∂(∂L/∂q̇_i)/∂q̇_j, simplified. Of particles, ∂L/∂q̇_i is
 * Σ_k c_k·a_k·P_k (a_k = m_k, P_k = ẋ_k·∂ẋ_k/∂q̇_i + …) and every ∂P_k/∂q̇_j
 * is one sum S (2l_il_j(cos q_i cos q_j + sin q_i sin q_j) on the n-link
 * pendulum): simplifyCopiesOf simplifies Σ_k c_k·a_k·S from the copies, as
 * simplify(diff(…)) does, without making the n − j products a_k·S and their
 * sum; S is simplified by its pattern (pattern.ts), the same for every
 * entry of the chain. Any other shape: simplify(diff(…)).
 */
function massEntry(grad: Expr, row: readonly CopyTerm[] | undefined, x: string, D: Differentiator | undefined): Expr {
  const copies = row && D && copiesOfDerivative(row, D);
  if (copies && copies.terms.length > 1) return mul(massSum(copies.terms), simplifyByPattern(copies.S));
  return (copies && simplifyCopiesOf(copies.terms, copies.S)) ?? simplify(diff(grad, x));
}

/**
 * Σ_k c_k·a_k as g·μ: μ the sum with its rational content g and its common
 * factors taken out (pullContent), the mass sum m_j + … + m_n of the n-link
 * pendulum's M_ij. It is one node, shared by every entry, derivative and
 * forcing term it multiplies: multiplied out, M and the forcing had n³/3
 * terms instead of n².
 */
function massSum(terms: readonly Term[]): Expr {
  const g = terms.reduce((acc, t) => Q.gcdOf(acc, t.coeff), Q.ZERO);
  const sum = new TermSum();
  for (const t of terms) sum.spread(t.expr, Q.div(t.coeff, g));
  return mul(num(g), pullContent(sum.build()));
}

/** A term c·a·P of ∂L/∂q̇_i: P its first factor that is a sum to the power 1, a the product of the others; without such a factor, P undefined and a the term. */
interface CopyTerm {
  readonly a: Expr;
  readonly P: (Expr & { kind: 'add' }) | undefined;
  readonly coeff: Q.Rational;
}

/**
 * The terms of ∂L/∂q̇_i split as copiesOfDerivative reads them, once for
 * the n entries of its row of M (split per entry, the n³/6 splits and
 * products a_k were a third of the copies' time at n = 40); undefined
 * where e is neither a sum nor a product.
 */
function copyTerms(e: Expr): CopyTerm[] | undefined {
  // A lone term c·a·P is a product.
  const eTerms = e.kind === 'add' ? e.terms : e.kind === 'mul' ? [{ expr: makeMul(Q.ONE, e.factors), coeff: e.coeff }] : undefined;
  return eTerms?.map((t) => {
    const fs = t.expr.kind === 'mul' ? t.expr.factors : [];
    const i = fs.findIndex((f) => f.base.kind === 'add' && f.exp === ONE);
    if (i < 0) return { a: t.expr, P: undefined, coeff: t.coeff };
    return {
      a: makeMul(
        Q.ONE,
        fs.filter((_, k) => k !== i),
      ),
      P: fs[i]!.base as Expr & { kind: 'add' },
      coeff: t.coeff,
    };
  });
}

/** ∂e/∂x of e's terms `row` (copyTerms) as the copies {a_k, c_k} of one sum S (see massEntry), when every term of e that depends on x is c·a·P with a free of x and ∂P/∂x = k·S. */
function copiesOfDerivative(row: readonly CopyTerm[], D: Differentiator): { readonly terms: Term[]; readonly S: Expr } | undefined {
  const terms: Term[] = [];
  let S: Expr | undefined;
  // The last P_k differentiated, with what its derivative was made of
  // (derivativeParts): a P_k made of the same parts has the same
  // derivative, found without differentiating it (the copies' derivatives
  // were half of the mass matrix's time at n = 10).
  let last: { readonly parts: readonly unknown[]; readonly d: Expr } | undefined;
  for (const { a, P, coeff } of row) {
    // Whether the term depends on x from its parts (a_k, then P_k), not
    // from its own symbols: a list per term of ∂L/∂q̇_i merged only for this.
    if (D.has(a)) return undefined;
    if (P === undefined || !D.has(P)) continue;
    const parts = derivativeParts(P, D);
    const d = parts !== undefined && last !== undefined && sameParts(parts, last.parts) ? last.d : D.d(P);
    if (parts !== undefined) last = { parts, d };
    const [k, sum] = splitCoeff(d);
    if (sum.kind !== 'add' || (S !== undefined && sum !== S)) return undefined;
    S = sum;
    terms.push({ expr: a, coeff: Q.mul(coeff, k) });
  }
  return S === undefined ? undefined : { terms, S };
}

const sameParts = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether e is free of every coordinate and of t (velocities too when asked): what a time-stepper may evaluate once. */
export function freeOfState(e: Expr, model: Model, velocities = false): boolean {
  return !dependsOn(e, TIME) && model.coordinates.every((c) => !dependsOn(e, c.q.name) && !(velocities && dependsOn(e, c.qd.name)));
}

/**
 * Whether an expression is free of q, q̇, t and of the names in `also` (q̈,
 * λ of the linearization): the sums an expansion of the equations keeps as
 * factors (expandTerms' `keep`), the mass sums of M (massSum) among them.
 */
export function keptSums(model: Model, also: readonly string[] = []): Kept {
  const state = new Set([TIME, ...also, ...model.coordinates.flatMap((c) => [c.q.name, c.qd.name])]);
  // Asked of every factor of every term an expansion meets: a mass sum's n symbols looked up once.
  const known = new WeakMap<Expr, boolean>();
  return (e) => {
    let free = known.get(e);
    if (free === undefined) known.set(e, (free = symbolsIn(e).every((s) => !state.has(s.name))));
    return free;
  };
}

/**
 * b = ∂L/∂q̇ and L₀ = L at q̇ = 0, collected by state monomial (the
 * potential's sums of masses as the factors M has, collectCoefficients):
 * cheap beside M, and all a model assembled body by body needs of Lagrange
 * II before its M is asked for (deferredLagrange2).
 */
function restTerms(model: Model, grad: readonly Expr[]): Pick<Lagrange2, 'b' | 'L0'> {
  // q̇ = 0, one memo for all ∂L/∂q̇_i and L: the gradients share their
  // inner sums (every ẋ_k of the n-link pendulum), which a subs call per
  // gradient walked again for each i (at n = 40 about 40–65 → 10–15 ms).
  const velocities = new Set(model.coordinates.map((c) => c.qd.name));
  const keep = keptSums(model);
  const atRest = memoPass<Expr>((u, go) => (u.kind === 'sym' ? (velocities.has(u.name) ? ZERO : u) : mapChildren(u, go)));
  return { b: grad.map((g) => collectCoefficients(simplify(atRest(g)), keep)), L0: collectCoefficients(simplify(atRest(model.L)), keep) };
}

const velocityGradient = (model: Model): Expr[] => model.coordinates.map((c) => diff(model.L, c.qd.name));

/**
 * Lagrange II with b and L₀ now and the rest (M, the forcing, L, p, ∂L/∂q,
 * the constant flags) derived on first access: a model whose M and forcing
 * the generated code assembles body by body (bodywise.ts) needs them only
 * for what prints them (the report, the dense route), and the bicycle's
 * take most of its derivation. The same values as deriveLagrange2's.
 */
export function deferredLagrange2(model: Model): Lagrange2 {
  const grad = velocityGradient(model);
  const rest = restTerms(model, grad);
  const { b, L0 } = rest;
  let full: Lagrange2 | undefined;
  const all = (): Lagrange2 => (full ??= lagrange2From(model, grad, rest));
  return {
    b,
    L0,
    get L() {
      return all().L;
    },
    get momenta() {
      return all().momenta;
    },
    get dLdq() {
      return all().dLdq;
    },
    get massMatrix() {
      return all().massMatrix;
    },
    get forcing() {
      return all().forcing;
    },
    get constantMass() {
      return all().constantMass;
    },
    get constantForcing() {
      return all().constantForcing;
    },
  };
}

export function deriveLagrange2(model: Model): Lagrange2 {
  return lagrange2From(model, velocityGradient(model));
}

/** Lagrange II from ∂L/∂q̇ and, where deferredLagrange2 has them already, b and L₀. */
function lagrange2From(model: Model, grad: readonly Expr[], rest?: Pick<Lagrange2, 'b' | 'L0'>): Lagrange2 {
  const cs = model.coordinates;
  const n = cs.length;
  const velocities = new Set(cs.map((c) => c.qd.name));
  const keep = keptSums(model);
  const M: Expr[][] = Array.from({ length: n }, () => new Array<Expr>(n));
  const byVelocity = cs.map((c) => differentiator(c.qd.name));
  for (let i = 0; i < n; i++) {
    const row = copyTerms(grad[i]!);
    for (let j = i; j < n; j++) {
      const mij = massEntry(grad[i]!, row, cs[j]!.qd.name, byVelocity[j]);
      // The entry's symbols looked up among the velocities, not a dependsOn
      // walk per velocity (n³/2 of them) nor a set of the entry's names per
      // entry (that set was a sixth of the mass matrix's time at n = 10).
      if (symbolsIn(mij).some((s) => velocities.has(s.name))) {
        const inEntry = new Set(symbolsIn(mij).map((s) => s.name));
        const v = cs.find((k) => inEntry.has(k.qd.name))!;
        throw new MechanicsError(
          'not-quadratic',
          'derivation',
          `the kinetic energy is not quadratic in the velocities: M[${cs[i]!.name}][${cs[j]!.name}] depends on ${v.name}'`,
          { model: model.name, field: energyField(model) },
        );
      }
      M[i]![j] = mij;
      M[j]![i] = mij;
    }
  }
  const { b, L0 } = rest ?? restTerms(model, grad);
  const qd = cs.map((c) => c.qd);
  // L and p as sums of products of the compact M, b, L₀ (not multiplied out).
  const quadratic: Expr[] = [];
  for (let i = 0; i < n; i++) {
    quadratic.push(mul(HALF, M[i]![i]!, qd[i]!, qd[i]!));
    for (let j = i + 1; j < n; j++) quadratic.push(mul(M[i]![j]!, qd[i]!, qd[j]!));
  }
  const L = addAll([...quadratic, ...b.map((bi, i) => mul(bi, qd[i]!)), L0]);
  // p on first use: the report prints it, the generated code and the rest of the derivation do not (n² products and n sorted sums).
  let momenta: Expr[] | undefined;
  // ∂M_jk/∂q_x and ∂b_j/∂q_x, each once: dLdq and the forcing both need
  // every one of them (∂M_ij/∂q_k q̇_j q̇_k in f_i is ∂M_jk/∂q_x with other
  // names), and differentiating twice cost a tenth of the derivation of the
  // 40-link pendulum. Which q_x an entry depends on is looked up once too.
  const partials = new Map<Expr, Map<string, Expr>>();
  const partial = (e: Expr, x: string): Expr => {
    let byName = partials.get(e);
    if (!byName) partials.set(e, (byName = new Map()));
    let d = byName.get(x);
    if (!d) byName.set(x, (d = diff(e, x)));
    return d;
  };
  const dependence = new Map<Expr, boolean[]>();
  // From the entry's symbols, not a dependsOn walk per coordinate (n per entry).
  const coordinate = new Map(cs.map((c, k) => [c.q.name, k]));
  const qFlags = (e: Expr): boolean[] => {
    let flags = dependence.get(e);
    if (!flags) {
      dependence.set(e, (flags = new Array<boolean>(n).fill(false)));
      for (const s of symbolsIn(e)) {
        const k = coordinate.get(s.name);
        if (k !== undefined) flags[k] = true;
      }
    }
    return flags;
  };
  const dependsOnQ = (e: Expr, k: number): boolean => qFlags(e)[k]!;
  // Whether M_jk depends on q_x, read as Mq[j][k][x] in ∂L/∂q's and the forcing's n³/2
  // (i, j, k) without a lookup by node.
  const Mq = M.map((row) => row.map(qFlags));
  const bq = b.map(qFlags);
  // ∂L/∂q_i = ½ q̇ᵀ(∂M/∂q_i)q̇ + (∂b/∂q_i)·q̇ + ∂L₀/∂q_i, from the derivatives of
  // the compact entries: differentiating the multiplied-out L instead costs
  // O(n⁴) on the n-link pendulum.
  // The velocity monomials q̇_jq̇_k (j ≤ k), made once: the parts below are
  // c·q̇_jq̇_k·∂M_jk/∂q_x, multiplied out without making those products.
  const pairs = qd.map((v, j) => qd.map((w, k) => (k < j ? ZERO : mul(v, w))));
  const dLdqParts = cs.map((c, x) => {
    const name = c.q.name;
    const parts: Part[] = [{ expr: diff(L0, name), coeff: Q.ONE }];
    for (let j = 0; j < n; j++) {
      const Mj = Mq[j]!;
      if (bq[j]![x]) parts.push({ expr: partial(b[j]!, name), coeff: Q.ONE, times: qd[j]! });
      if (Mj[j]![x]) parts.push({ expr: partial(M[j]![j]!, name), coeff: Q.HALF, times: pairs[j]![j]! });
      for (let k = j + 1; k < n; k++) if (Mj[k]![x]) parts.push({ expr: partial(M[j]![k]!, name), coeff: Q.ONE, times: pairs[j]![k]! });
    }
    // simplify(Σ parts) is simplifyTrig of its expansion: expanded part by
    // part (each ∂M_jk/∂q_x q̇_j q̇_k term by term), without building the sum.
    return expandTerms(parts, keep);
  });
  const dLdq = dLdqParts.map((e) => simplifyTrig(e));
  // Σ c·∂e/∂q_k over the (e, k, c) whose e depends on q_k, times the
  // monomial m, into `parts` term by term: its terms collected without
  // making the multiples c·∂e/∂q_k, and neither the sum (a Christoffel
  // coefficient) nor its product with m made only to be multiplied out.
  const combination = (parts: Part[], m: Expr, items: readonly (readonly [Expr, number, Q.Rational])[]): void => {
    const sum = new TermSum();
    for (const [e, k, c] of items) if (dependsOnQ(e, k)) sum.spread(partial(e, cs[k]!.q.name), c);
    for (const [u, c] of sum.terms) if (!Q.isZero(c)) parts.push({ expr: u, coeff: c, times: m });
    if (!Q.isZero(sum.constant)) parts.push({ expr: ONE, coeff: sum.constant, times: m });
  };
  // f_i = ∂L/∂q_i − Σ_k (∂p_i/∂q_k) q̇_k − ∂p_i/∂t + Q_i with p_i = Σ_j M_ij q̇_j + b_i.
  // simplify(f_i) is simplifyTrig of the expansion of f_i, and expanding is
  // linear, so f_i's velocity terms are collected by monomial q̇_jq̇_k first
  // (Kugushev–Sorokina (10.13) with the Christoffel symbols of M):
  //   C_jj = ½∂M_jj/∂q_i − ∂M_ij/∂q_j,  C_jk = ∂M_jk/∂q_i − ∂M_ij/∂q_k − ∂M_ik/∂q_j (j < k),
  //   G_j = ∂b_j/∂q_i − ∂b_i/∂q_j,
  // f_i = ∂L₀/∂q_i + Σ C_jk q̇_jq̇_k + Σ G_j q̇_j − Σ ∂M_ij/∂t q̇_j − ∂b_i/∂t + Q_i.
  // The pairs whose parts cancel (q̇_iq̇_k on the n-link pendulum: half of
  // ∂L/∂q_i's terms) are never multiplied out. This is the expansion of
  // ∂L/∂q_i plus the other parts term for term, so it applies where ∂L/∂q_i
  // is its expansion (simplifyTrig left it as it was); else that sum.
  const forcing = cs.map((_, i) => {
    const parts: Expr[] = [model.Q[i]!, neg(diff(b[i]!, TIME))];
    for (let j = 0; j < n; j++) if (dependsOn(M[i]![j]!, TIME)) parts.push(neg(mul(diff(M[i]![j]!, TIME), qd[j]!)));
    if (dLdq[i] !== dLdqParts[i]) {
      for (const [k, c] of cs.entries()) {
        const x = c.q.name;
        if (dependsOnQ(b[i]!, k)) parts.push(neg(mul(partial(b[i]!, x), qd[k]!)));
        for (let j = 0; j < n; j++) if (dependsOnQ(M[i]![j]!, k)) parts.push(neg(mul(partial(M[i]![j]!, x), qd[j]!, qd[k]!)));
      }
      return simplifyTrig(expandAll([dLdq[i]!, ...parts], keep));
    }
    const half = Q.HALF;
    const minus = Q.MINUS_ONE;
    const terms: Part[] = [...parts, diff(L0, cs[i]!.q.name)].map((expr) => ({ expr, coeff: Q.ONE }));
    // A coefficient none of whose parts depends on its coordinate is 0: skipped before it is built.
    const Mi = Mq[i]!;
    for (let j = 0; j < n; j++) {
      if (bq[j]![i] || bq[i]![j])
        combination(terms, qd[j]!, [
          [b[j]!, i, Q.ONE],
          [b[i]!, j, minus],
        ]);
      const Mj = Mq[j]!;
      if (Mj[j]![i] || Mi[j]![j])
        combination(terms, pairs[j]![j]!, [
          [M[j]![j]!, i, half],
          [M[i]![j]!, j, minus],
        ]);
      for (let k = j + 1; k < n; k++) {
        if (Mj[k]![i] || Mi[j]![k] || Mi[k]![j])
          combination(terms, pairs[j]![k]!, [
            [M[j]![k]!, i, Q.ONE],
            [M[i]![j]!, k, minus],
            [M[i]![k]!, j, minus],
          ]);
      }
    }
    return simplifyTrig(expandTerms(terms, keep));
  });
  const constantMass = M.every((r) => r.every((e) => freeOfState(e, model)));
  const constantForcing = forcing.every((f) => freeOfState(f, model, true));
  return {
    L,
    get momenta() {
      momenta ??= cs.map((_, i) => addAll([b[i]!, ...qd.map((v, j) => mul(M[i]![j]!, v))]));
      return momenta;
    },
    dLdq,
    massMatrix: M,
    b,
    L0,
    forcing,
    constantMass,
    constantForcing,
  };
}
