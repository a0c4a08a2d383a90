// The motion from the model's initial state in closed form, piece by piece:
// kozlov1988 (2.4)–(2.5), the point pressed onto the line, released from it, or
// held below it by a realization. Within a piece every contact keeps its
// state (a rigid contact open or held, a realized one open, pressing or
// separating) and every sign(s) in the forces its value; where the
// equations are then q̈ᵢ = aᵢ − kᵢqᵢ − cᵢq̇ᵢ with constants aᵢ, kᵢ, cᵢ, each
// coordinate alone (a constant diagonal mass matrix, or a held phase's
// explicit accelerations), every coordinate's motion is the closed form of
// linear-ode.ts. A coordinate at rest at 0 whose acceleration vanishes
// there, whatever the others do, stays there (atRest).
//
// A piece starts in the first combination of states and signs (held before
// open, pressing before separating before open: the boundary f = 0 belongs
// to the contact, as in compliant.ts) that the motion keeps just after its
// start; it ends where one of its conditions first fails — a sign's argument
// or a gap crossing zero, a held contact's multiplier or a realized
// contact's force (without adhesion) turning negative. Which condition fails
// first, and where, is found at the parameters' defaults by sampling to the
// model's end time; the time is then the root of a polynomial of degree at
// most 2 in t, or of a swing from a contact's surface (trig-root.ts), that
// takes that value, or the closed form stops there and says why (a
// transcendental root, kept as `pending` for limit-motion.ts; an impact on a
// rigid contact). A coordinate swinging undamped through a whole
// period in a piece gets its extent (kozlov1988 §2's strip). The closed forms
// hold wherever the order of events is the one at the defaults. A model
// with retaining constraints, friction (Coulomb contacts, supports, hinges)
// or contact patches is outside this class and gets no piece at all.
// Tests: test/derive/paper-results.test.ts, test/report/paper-kozlov.test.ts.
import { add, mul, neg, num, numberExpr, pow, sqrt, sub, sym, ZERO, type Expr } from '../../core/expr.js';
import { cancel } from '../../core/cancel.js';
import { combineRadicals } from '../../core/radicals.js';
import { diff } from '../../core/diff.js';
import { evaluate, type Env } from '../../core/evaluate.js';
import { signArguments, withSigns } from '../../core/sign-arguments.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import { TIME } from '../../model/names.js';
import type { CompliantTerm } from '../compliant/compliant.js';
import { pullPositive } from '../compliant/positive.js';
import { positiveParameters } from '../proofs/assumptions.js';
import { freeOfState } from '../lagrange/lagrange2.js';
import type { DerivedSystem } from '../system.js';
import { linearMotion, undampedRange, type LinearMotion } from './linear-ode.js';
import { offSurfaceRoot, swingRoot } from './trig-root.js';
import { bisect } from '../../numeric/bisect.js';

export type ContactState = 'open' | 'held' | 'pressing' | 'separating';

export interface MotionPiece {
  readonly start: Expr;
  /** When the next piece starts; absent for the last piece. */
  readonly end?: Expr;
  /** q(t) and q̇(t) in coordinate order. */
  readonly q: readonly Expr[];
  readonly qd: readonly Expr[];
  /** Each contact (the rigid ones, then the realized ones) with its state in the piece. */
  readonly contacts: readonly { readonly name: string; readonly state: ContactState }[];
  /** Per coordinate, its extent where it swings undamped through at least one period in the piece (kozlov1988 §2: the strip −2g/N ≤ y ≤ 0). */
  readonly range: readonly ({ readonly min: Expr; readonly max: Expr } | undefined)[];
  /** Per coordinate, ∫ q dt over a piece that ends (kozlov1988 (4.4): Lyapunov's integral of p ∝ y₀). */
  readonly integral?: readonly (Expr | undefined)[];
}

export interface PiecewiseMotion {
  readonly pieces: readonly MotionPiece[];
  /** Why the closed form stops before the model's end time; absent when it reaches it. */
  readonly stop?: string;
  /** The last piece's ending condition (≥ 0 while it lasts) where its root is not in closed form, and that root at the defaults. */
  readonly pending?: { readonly condition: Expr; readonly at: number };
}

interface Contact {
  readonly name: string;
  readonly gap: Expr;
  /** Index into the rigid contacts, or the realized term. */
  readonly rigid?: number;
  readonly term?: CompliantTerm;
}

/** A condition of a piece, ≥ 0 while it lasts. */
interface Condition {
  readonly value: Expr;
  readonly what: string;
  /** Its failure is an impact on a rigid contact, which is not followed. */
  readonly impact?: boolean;
}

const t = sym(TIME);
/** τ = t − t₀ while a piece is solved (not a name a model can declare). */
const TAU = sym('τ*');
const MAX_PIECES = 8;
const SAMPLES = 2000;

export interface PiecewiseOptions {
  /**
   * Solve the end of a swing that starts off the contact's surface (trig-root.ts offSurfaceRoot: the elastic
   * line's release for every N, kozlov1988 §2); without, it stays pending, as the limit motion wants it: its
   * limit taken before the root is solved.
   */
  readonly offSurface?: boolean;
}

/** The motion from the initial state in closed form, as far as it is one. */
export function piecewiseMotion(system: DerivedSystem, options: PiecewiseOptions = {}): PiecewiseMotion {
  const outside = outsideClass(system);
  if (outside) return { pieces: [], stop: outside };
  const { model } = system;
  return motionFrom(system, ZERO, model.initialExprs.q0.map(initialExpr), model.initialExprs.qd0.map(initialExpr), options);
}

/** The pieces from the state (q₀, v₀) at `start` (limit-motion.ts continues a limit motion with it). */
export function motionFrom(system: DerivedSystem, from: Expr, q: readonly Expr[], v: readonly Expr[], options: PiecewiseOptions = {}): PiecewiseMotion {
  const { model } = system;
  const env: Env = Object.fromEntries(model.parameters.map((p) => [p.name, p.default]));
  const value = (e: Expr, at: Env = {}): number => evaluate(e, { ...env, ...at });
  const end = value(initialExpr(model.initialExprs.t1));
  const contacts: Contact[] = [
    ...model.unilateral.map((c, j) => ({ name: c.name, gap: c.gap, rigid: j })),
    ...(system.compliant?.terms ?? []).filter((term) => !term.everywhere).map((term) => ({ name: term.name, gap: term.gap, term })),
  ];
  // A root's radicals joined as the positive parameters allow (kozlov1988 (4.2): √(v²/g²) = v/g for the flight's 2v/g).
  const positive = positiveParameters(model);
  const joined = (e: Expr): Expr => simplify(combineRadicals(e, (s) => s.kind === 'sym' && positive.has(s.name)));
  let start = from;
  let [q0, v0] = [q, v];
  const pieces: MotionPiece[] = [];
  while (pieces.length < MAX_PIECES) {
    const t0 = value(start);
    const h = 1e-4 * Math.max(1, end - t0);
    const piece = firstPiece(system, contacts, start, q0, v0, env, (c) => value(c, { [TIME]: t0 + h }) >= 0);
    if (typeof piece === 'string') return { pieces, stop: `${piece} (from t = ${t0.toPrecision(6)})` };
    const failure = firstFailure(piece.conditions, (e, at) => value(e, { [TIME]: at }), t0 + h, end);
    // A swing counts where the piece lasts a period at the defaults.
    const range = piece.swings.map((r) => (r && value(r.period) <= (failure?.at ?? end) - t0 ? { min: r.min, max: r.max } : undefined));
    if (!failure) {
      pieces.push({ ...piece.piece, range });
      return { pieces };
    }
    const found = closedRoot(failure.condition.value, failure.at, env, options.offSurface ? start : undefined);
    const root = found && joined(found.time);
    const there = (e: Expr): Expr => simplify(subs(found?.atRoot ? found.atRoot(e) : e, new Map([[TIME, root!]])));
    const integral =
      root && piece.laws.map((law, i) => integralOf(law, simplify(sub(root, start)), q0[i]!, v0[i]!, there(piece.piece.q[i]!), there(piece.piece.qd[i]!)));
    pieces.push(root ? { ...piece.piece, end: root, range, integral: integral! } : { ...piece.piece, range });
    const at = `${failure.condition.what} at t ≈ ${failure.at.toPrecision(6)}`;
    if (!root) {
      const pending = failure.condition.impact ? {} : { pending: { condition: failure.condition.value, at: failure.at } };
      return { pieces, stop: `${at}: not a root in closed form`, ...pending };
    }
    if (failure.condition.impact) return { pieces, stop: `${at}: the motion after an impact is not followed` };
    q0 = piece.piece.q.map(there);
    v0 = piece.piece.qd.map(there);
    start = root;
  }
  return { pieces, stop: `more than ${MAX_PIECES} pieces` };
}

/** What the pieces' equations leave out, where the model has it: their motion would not be the model's. */
function outsideClass(system: DerivedSystem): string | undefined {
  const parts: [boolean, string][] = [
    [system.constraints !== undefined, 'retaining constraints'],
    [(system.unilateral?.coulomb.length ?? 0) > 0, 'Coulomb friction at a contact'],
    [system.supports !== undefined, 'supports with friction'],
    [system.hinges.length > 0, 'hinges with friction'],
    [system.patches !== undefined, 'contact patches'],
  ];
  const found = parts.filter(([has]) => has).map(([, what]) => what);
  return found.length ? `${found.join(', ')}: outside the equations solved in closed form` : undefined;
}

const initialExpr = (v: number | Expr): Expr => (typeof v === 'number' ? numberExpr(v) : v);

/** The pieces' candidate states of a contact, in the order of preference. */
function statesOf(c: Contact): ContactState[] {
  if (c.rigid !== undefined) return ['held', 'open'];
  const force = c.term!.force;
  return c.term!.adhesion || force === ZERO ? ['pressing', 'open'] : ['pressing', 'separating', 'open'];
}

/** Every combination of the contacts' states, in the order of preference. */
function combinations(contacts: readonly Contact[]): ContactState[][] {
  return contacts.reduce<ContactState[][]>((acc, c) => acc.flatMap((prefix) => statesOf(c).map((s) => [...prefix, s])), [[]]);
}

interface Equations {
  readonly qdd: readonly Expr[];
  /** Each held rigid contact's multiplier (≥ 0 while it is held), by contact index. */
  readonly multipliers: ReadonlyMap<number, Expr>;
}

/** q̈ in the states given, or why there is none in closed form. */
function equations(system: DerivedSystem, contacts: readonly Contact[], states: readonly ContactState[]): Equations | string {
  const held = contacts.flatMap((c, i) => (states[i] === 'held' ? [c.rigid!] : []));
  const inside = contacts.filter((c, i) => c.term && states[i] !== 'open');
  if (held.length) {
    if (inside.length) return 'a rigid contact held together with a realized one';
    const phase = system.unilateral?.phases.find((p) => p.active.length === held.length && held.every((j) => p.active.includes(j)));
    if (!phase?.explicit) return 'a contact phase without explicit accelerations';
    const multipliers = new Map(phase.rows.flatMap((r, k) => (r.kind === 'normal' ? [[r.contact, phase.explicit!.multipliers[k]!] as const] : [])));
    return { qdd: phase.explicit.qdd, multipliers };
  }
  const { massMatrix, forcing } = system.lagrange2;
  const n = forcing.length;
  const M = massMatrix.map((r) => [...r]);
  const F = [...forcing];
  const everywhere = (system.compliant?.terms ?? []).filter((term) => term.everywhere);
  const acting = [
    ...everywhere.map((term) => ({ term, pressing: true })),
    ...contacts.flatMap((c, i) => (c.term && states[i] !== 'open' ? [{ term: c.term, pressing: states[i] === 'pressing' }] : [])),
  ];
  for (const { term, pressing } of acting) {
    for (let i = 0; i < n; i++) {
      if (pressing) F[i] = add(F[i]!, term.generalizedForce[i]!);
      if (!term.inertia) continue;
      F[i] = add(F[i]!, term.inertia.forcing[i]!);
      for (let j = 0; j < n; j++) M[i]![j] = add(M[i]![j]!, term.inertia.mass[i]![j]!);
    }
  }
  const diagonal = M.every((r, i) => r.every((m, j) => (i === j ? freeOfState(m, system.model, true) : simplify(m) === ZERO)));
  if (!diagonal) return 'a mass matrix that is not constant and diagonal';
  return { qdd: F.map((f, i) => simplify(mul(f, pow(M[i]![i]!, -1)))), multipliers: new Map() };
}

/**
 * The equations with every coordinate that starts at rest at 0 where its acceleration vanishes
 * identically (whatever the others do) held there: q ≡ 0 is then its motion, by uniqueness, and the
 * others move with it set to 0 (kozlov1988 (4.2): the bouncing on the axis x = 0 of y = f(x)).
 */
function atRest(system: DerivedSystem, qdd: readonly Expr[], q0: readonly Expr[], v0: readonly Expr[]): Expr[] {
  const cs = system.model.coordinates;
  const still = cs.filter((c, i) => {
    if (q0[i] !== ZERO || v0[i] !== ZERO) return false;
    return (
      simplify(
        subs(
          qdd[i]!,
          new Map([
            [c.q.name, ZERO],
            [c.qd.name, ZERO],
          ]),
        ),
      ) === ZERO
    );
  });
  if (still.length === 0) return [...qdd];
  const zero = new Map(still.flatMap((c) => [[c.q.name, ZERO] as const, [c.qd.name, ZERO] as const]));
  return qdd.map((e, i) => (still.includes(cs[i]!) ? ZERO : simplify(subs(e, zero))));
}

/**
 * ∫ q dτ over a piece of length L from (q₀, v₀) to (q₁, v₁): integrating q̈ = a − kq − cq̇ once,
 * k∫q = aL − c(q₁ − q₀) − (v₁ − v₀); with k = c = 0, q₀L + v₀L²/2 + aL³/6; undefined otherwise.
 */
function integralOf({ a, k, c }: LinearMotion, L: Expr, q0: Expr, v0: Expr, q1: Expr, v1: Expr): Expr | undefined {
  if (k !== ZERO) return simplify(mul(sub(sub(mul(a, L), mul(c, sub(q1, q0))), sub(v1, v0)), pow(k, -1)));
  if (c !== ZERO) return undefined;
  return simplify(add(mul(q0, L), mul(num(1 / 2), v0, pow(L, 2)), mul(a, pow(L, 3), pow(num(6), -1))));
}

/** q̈ᵢ = a − k qᵢ − c q̇ᵢ with constant a, k, c, or undefined. */
function linearIn(e: Expr, i: number, system: DerivedSystem): { a: Expr; k: Expr; c: Expr } | undefined {
  const { model } = system;
  const c = model.coordinates[i]!;
  const k = simplify(neg(diff(e, c.q.name)));
  const damping = simplify(neg(diff(e, c.qd.name)));
  // e + k q + c q̇ is the constant a exactly when e is linear in (q, q̇) of this coordinate alone.
  const a = simplify(add(e, mul(k, c.q), mul(damping, c.qd)));
  const constant = [a, k, damping].every((x) => freeOfState(x, model, true));
  return constant ? { a, k, c: damping } : undefined;
}

interface Candidate {
  readonly piece: Omit<MotionPiece, 'range'>;
  readonly laws: readonly LinearMotion[];
  readonly swings: readonly (ReturnType<typeof undampedRange> | undefined)[];
  readonly conditions: readonly Condition[];
}

/** The first combination of states and signs whose conditions hold just after the start, or why there is none. */
function firstPiece(
  system: DerivedSystem,
  contacts: readonly Contact[],
  start: Expr,
  q0: readonly Expr[],
  v0: readonly Expr[],
  env: Env,
  holds: (condition: Expr) => boolean,
): Candidate | string {
  const { model } = system;
  const positive = positiveParameters(model);
  const state = new Map(model.coordinates.flatMap((c, i) => [[c.q.name, q0[i]!] as const, [c.qd.name, v0[i]!] as const]));
  let reason = 'no combination of contact states that the motion keeps';
  // A rigid contact can be held only where it is closed at rest (f = ḟ = 0).
  const closed = contacts.map((c) => {
    if (c.rigid === undefined) return false;
    const row = system.unilateral!.contacts[c.rigid]!.normal;
    const rate = add(row.rate, ...row.row.map((g, i) => mul(g, model.coordinates[i]!.qd)));
    return [c.gap, rate].every((e) => Math.abs(evaluate(subs(e, state), env)) <= 1e-12);
  });
  for (const states of combinations(contacts)) {
    if (states.some((s, i) => s === 'held' && !closed[i])) continue;
    const eqs = equations(system, contacts, states);
    if (typeof eqs === 'string') {
      reason = eqs;
      continue;
    }
    const args = new Set<Expr>();
    [...eqs.qdd, ...eqs.multipliers.values()].forEach((e) => signArguments(e).forEach((u) => args.add(u)));
    // An argument away from zero fixes its sign; one at zero may take either.
    const choices = [...args].map((s) => {
      const x = evaluate(subs(s, state), env);
      return Math.abs(x) > 1e-12 ? [Math.sign(x)] : [-1, 1];
    });
    for (const signs of product(choices)) {
      const signOf = new Map([...args].map((s, k) => [s, signs[k]!]));
      const qdd = atRest(
        system,
        eqs.qdd.map((e) => withSigns(e, signOf)),
        q0,
        v0,
      );
      const laws = qdd.map((e, i) => linearIn(e, i, system));
      if (laws.some((l) => !l)) {
        reason = 'equations that are not linear with constant coefficients in each coordinate';
        continue;
      }
      // Frequencies with their positive factors pulled out of the root (kozlov1988 (3.6): ω√N/g₁₁, not √(N(c² − k²/g₁₁)/g₁₁)).
      const inTau = laws.map((l, i) => {
        const x = linearMotion(l!, q0[i]!, v0[i]!, TAU, env);
        return x && simplify(pullPositive(x, positive));
      });
      if (inTau.some((x) => !x)) {
        reason = 'a critically damped coordinate';
        continue;
      }
      // In powers of t − t₀ as solved, not multiplied out: (2.4)'s g(t − 1)²/2.
      const q = inTau.map((x) => subs(x!, new Map([[TAU.name, sub(t, start)]])));
      const along = new Map(model.coordinates.flatMap((c, i) => [[c.q.name, q[i]!] as const, [c.qd.name, simplify(diff(q[i]!, TIME))] as const]));
      const on = (e: Expr): Expr => simplify(subs(e, along));
      const conditions: Condition[] = [
        ...[...args].map((s, k) => ({ value: on(mul(num(signs[k]!), s)), what: `sign(${s.kind === 'sym' ? s.name : '…'}) changing` })),
        ...contacts.flatMap((c, i): Condition[] => conditionsOf(c, states[i]!, on, eqs.multipliers, signOf)),
      ];
      if (!conditions.every((c) => holds(c.value))) continue;
      const piece = {
        start,
        q: q as Expr[],
        qd: model.coordinates.map((c) => along.get(c.qd.name)!),
        contacts: contacts.map((c, i) => ({ name: c.name, state: states[i]! })),
      };
      return { piece, conditions, laws: laws as LinearMotion[], swings: laws.map((l, i) => undampedRange(l!, q0[i]!, v0[i]!, env)) };
    }
  }
  return reason;
}

function conditionsOf(
  c: Contact,
  state: ContactState,
  on: (e: Expr) => Expr,
  multipliers: ReadonlyMap<number, Expr>,
  signs: ReadonlyMap<Expr, number>,
): Condition[] {
  const gap = on(c.gap);
  if (state === 'open') return [{ value: gap, what: `${c.name} closing`, impact: c.rigid !== undefined }];
  if (state === 'held') return [{ value: on(withSigns(multipliers.get(c.rigid!)!, signs)), what: `${c.name} releasing` }];
  const inside = { value: neg(gap), what: `${c.name} reopening` };
  const force = c.term!.force;
  if (c.term!.adhesion || force === ZERO) return [inside];
  return state === 'pressing'
    ? [inside, { value: on(force), what: `${c.name}'s force vanishing` }]
    : [inside, { value: neg(on(force)), what: `${c.name}'s force rising` }];
}

function product(choices: readonly (readonly number[])[]): number[][] {
  return choices.reduce<number[][]>((acc, xs) => acc.flatMap((prefix) => xs.map((x) => [...prefix, x])), [[]]);
}

/** The first condition to fail after t₀ (sampled to the end time, then bisected), or undefined. */
function firstFailure(
  conditions: readonly Condition[],
  value: (e: Expr, t: number) => number,
  from: number,
  to: number,
): { readonly condition: Condition; readonly at: number } | undefined {
  let previous = from;
  for (let k = 1; k <= SAMPLES; k++) {
    const now = from + ((to - from) * k) / SAMPLES;
    const failed = conditions.filter((c) => value(c.value, now) < 0);
    if (failed.length) {
      const roots = failed.map((c) => ({ condition: c, at: bisect((x) => value(c.value, x), previous, now) }));
      return roots.reduce((a, b) => (b.at < a.at ? b : a));
    }
    previous = now;
  }
  return undefined;
}

/**
 * The root of e(t) = 0 at t ≈ at, when e is a polynomial of degree ≤ 2 in t or a swing from the surface
 * (trig-root.ts), with what puts a swing's sines and cosines there in closed form.
 */
function closedRoot(e: Expr, at: number, env: Env, start?: Expr): { readonly time: Expr; readonly atRoot?: (e: Expr) => Expr } | undefined {
  const near = (x: Expr): boolean => Math.abs(evaluate(x, env) - at) <= 1e-6 * Math.max(1, Math.abs(at));
  const time = polynomialRoots(e)?.find(near);
  if (time) return { time };
  const swing = swingRoot(e, env, at) ?? (start && offSurfaceRoot(e, env, start));
  return swing && near(swing.time) ? swing : undefined;
}

/** The roots of e(t) = 0 in closed form where e is a polynomial of degree ≤ 2 in t, else undefined. */
export function polynomialRoots(e: Expr): Expr[] | undefined {
  const d1 = diff(e, TIME);
  const d2 = diff(d1, TIME);
  if (simplify(diff(d2, TIME)) !== ZERO) return undefined;
  const origin = new Map([[TIME, ZERO]]);
  const [c0, c1, c2] = [e, d1, mul(num(1 / 2), d2)].map((x) => simplify(subs(x, origin)));
  const ratio = (x: Expr, y: Expr): Expr => simplify(cancel(mul(x, pow(y, -1))));
  if (c2 === ZERO) return c1 === ZERO ? [] : [ratio(neg(c0!), c1!)];
  // t² + p t + r = 0, monic so that the parameters cancel out of the root (kozlov1988 (2.5): t² − 4t + 2).
  const half = mul(num(1 / 2), ratio(c1!, c2));
  const r = ratio(c0!, c2);
  const w = sqrt(simplify(sub(mul(half, half), r)));
  return [sub(neg(half), w), add(neg(half), w)].map(simplify);
}
