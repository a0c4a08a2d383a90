// The motion's limit as a parameter p grows, piece by piece (kozlov1988 (2.6),
// (2.7)): each piece of motion/piecewise.ts with the terms e^{p·c + d} that
// vanish inside it (c < 0 there) dropped, then the limit of the rest
// (core/limit.ts). A piece whose end is no root in closed form for finite p
// — the viscous release τ = 2 + O(1/N) of (2.7), transcendental — ends in
// the limit at the root of its ending condition's leading term: pʳ·C(t) → ℓ(t)
// with r the least power for which ℓ is finite and not 0; at a simple root
// of ℓ the roots for finite p tend to it (implicit functions). The motion
// then goes on, solved again from the limit state there. An end that
// oscillates in the fast time √p(t − t₀) within one period of the piece's
// start tends to that start (fast-root.ts: the elastic strip's release,
// Theorem 2). Such an end's condition without its vanishing terms, where
// polynomial in t, gives the end for finite p up to terms exponentially
// small in p (the viscous τ = 2 + 1/N + O(e^{−N})). The limit is taken
// before solving for the end, as in the
// paper's asymptotics; where some piece has no limit of this kind the limit
// motion stops there and says why. nearMotion keeps the finite motion instead,
// each such end at that root, and solves on from there: the motion for large p
// up to O(e^{−cp}) (kozlov1988 (2.7): the flight from 2 + 1/N at the speed g/N).
// Tests: test/derive/motion/limit-motion.test.ts
import { dependsOn, mul, numberExpr, pow, sub, sym, ZERO, type Expr } from '../../core/expr.js';
import { diff } from '../../core/diff.js';
import { evaluate, type Env } from '../../core/evaluate.js';
import { limitAtInfinity } from '../../core/limit.js';
import { subs } from '../../core/subs.js';
import { mapChildren, memoPass } from '../../core/traverse.js';
import { simplify } from '../../core/trig.js';
import { TIME } from '../../model/names.js';
import { defaultValues } from '../../model/validate/parameters.js';
import type { DerivedSystem } from '../system.js';
import { assumptionDomain, parameterAssumptions } from '../proofs/assumptions.js';
import { fastRootLimit } from './fast-root.js';
import { motionFrom, piecewiseMotion, polynomialRoots, type MotionPiece, type PiecewiseMotion } from './piecewise.js';

export interface LimitPiece {
  readonly start: Expr;
  readonly end?: Expr;
  /** A transcendental end for finite p up to terms O(e^{−cp}): the root of its condition with them dropped. */
  readonly nearEnd?: Expr;
  readonly q: readonly Expr[];
  readonly qd: readonly Expr[];
  /**
   * Each realized contact engaged in the piece with the limit of all it exerts along its normal, F_n − a f̈: the
   * multiplier of the contact held (kozlov1988 (2.7): the viscous line holds with g, then pulls with −g until τ = 2),
   * and whether it pulls there (negative inside the piece at the defaults).
   */
  readonly reactions: readonly { readonly name: string; readonly reaction: Expr; readonly tensile: boolean }[];
}

export interface LimitMotion {
  readonly pieces: readonly LimitPiece[];
  /** Why it stops before the finite motion's pieces run out; absent when it follows them all. */
  readonly stop?: string;
}

/** Leading powers tried for an ending condition. */
const MAX_ORDER = 4;
/** Restarts from a limit state (each after a transcendental end). */
const MAX_RESTARTS = 4;

const initialTime = (v: number | Expr): Expr => (typeof v === 'number' ? numberExpr(v) : v);

const cache = new WeakMap<DerivedSystem, Map<string, LimitMotion>>();

/** The limit of the motion as `p` → ∞, memoized per system. */
export function limitMotion(system: DerivedSystem, p: string): LimitMotion {
  const bySystem = cache.get(system) ?? new Map<string, LimitMotion>();
  cache.set(system, bySystem);
  const known = bySystem.get(p);
  if (known) return known;
  const result = follow(system, p);
  bySystem.set(p, result);
  return result;
}

function follow(system: DerivedSystem, p: string): LimitMotion {
  const env: Env = Object.fromEntries(system.model.parameters.map((x) => [x.name, x.default]));
  const t1 = evaluate(initialTime(system.model.initialExprs.t1), env);
  const pieces: LimitPiece[] = [];
  const domain = assumptionDomain(parameterAssumptions(system.model));
  let motion: PiecewiseMotion = piecewiseMotion(system);
  for (let restart = 0; ; restart++) {
    for (const [k, piece] of motion.pieces.entries()) {
      const last = k === motion.pieces.length - 1;
      const t0 = evaluate(piece.start, env);
      // A point inside the piece at the defaults, where the vanishing terms are told apart.
      const inside = piece.end ? (t0 + evaluate(piece.end, env)) / 2 : last && motion.pending ? motion.pending.at : (t0 + t1) / 2;
      const probe = { ...env, [TIME]: inside };
      const q = piece.q.map((e) => limitInside(e, p, probe));
      const qd = piece.qd.map((e) => limitInside(e, p, probe));
      const start = pieces.length ? pieces[pieces.length - 1]!.end : limitAtInfinity(piece.start, p);
      if (!start || q.some((e) => !e) || qd.some((e) => !e)) return { pieces, stop: `piece ${pieces.length + 1}: no limit in closed form` };
      const pending = last ? motion.pending : undefined;
      const end = piece.end
        ? limitAtInfinity(piece.end, p)
        : pending && (leadingRoot(pending.condition, p, { ...env, [TIME]: pending.at }, t0) ?? fastRootLimit(pending.condition, p, start, domain));
      const nearEnd =
        pending && end ? nearestRoot(withoutVanishing(pending.condition, p, { ...env, [TIME]: pending.at }), { ...env, [TIME]: pending.at }, t0) : undefined;
      const reactions = engaged(system, piece, p, probe);
      pieces.push({ start, ...(end ? { end } : {}), ...(nearEnd ? { nearEnd } : {}), q: q as Expr[], qd: qd as Expr[], reactions });
      if (piece.end && !end) return { pieces, stop: `piece ${pieces.length}: its end has no limit in closed form` };
      if (pending && !end) return { pieces, stop: `piece ${pieces.length}: no simple root of its ending condition's leading term` };
    }
    const lastPiece = pieces[pieces.length - 1];
    if (!motion.pending || !lastPiece?.end) return motion.stop && !motion.pending ? { pieces, stop: motion.stop } : { pieces };
    if (restart === MAX_RESTARTS) return { pieces, stop: `more than ${MAX_RESTARTS} ends found in the limit` };
    const at = new Map([[TIME, lastPiece.end]]);
    motion = motionFrom(
      system,
      lastPiece.end,
      lastPiece.q.map((e) => simplify(subs(e, at))),
      lastPiece.qd.map((e) => simplify(subs(e, at))),
    );
  }
}

/**
 * The motion for finite but large p: the finite motion's pieces as solved (motion/piecewise.ts), where one's end
 * is no root in closed form that end taken as the root of its condition without the terms e^{p·c + d} that vanish
 * there (the viscous release τ = 2 + 1/N of kozlov1988 (2.7)), and the motion solved again from the piece's state
 * there, those terms dropped too: each piece after such an end is the finite motion's up to O(e^{−cp}), and
 * `approximate` says so. Where an end has no such root, the motion stops there and says why.
 */
export function nearMotion(system: DerivedSystem, p: string): PiecewiseMotion & { readonly approximate: boolean } {
  const env: Env = defaultValues(system.model.parameters);
  const pieces: MotionPiece[] = [];
  let motion = piecewiseMotion(system);
  for (let restart = 0; ; restart++) {
    const { pending } = motion;
    const last = motion.pieces.at(-1);
    if (!pending || !last) return { ...motion, pieces: [...pieces, ...motion.pieces], approximate: restart > 0 };
    const probe = { ...env, [TIME]: pending.at };
    const end = nearestRoot(withoutVanishing(pending.condition, p, probe), probe, evaluate(last.start, env));
    const stop = !end
      ? `the end near t ≈ ${pending.at.toPrecision(6)} has no root in closed form for large ${p}`
      : restart === MAX_RESTARTS
        ? `more than ${MAX_RESTARTS} ends found for large ${p}`
        : undefined;
    if (stop) return { pieces: [...pieces, ...motion.pieces], stop, approximate: restart > 0 };
    pieces.push(...motion.pieces.slice(0, -1), { ...last, end });
    const at = new Map([[TIME, end!]]);
    const state = (e: Expr): Expr => simplify(subs(withoutVanishing(e, p, probe), at));
    motion = motionFrom(system, end!, last.q.map(state), last.qd.map(state));
  }
}

/** The realized contacts engaged in a piece of the finite motion, each with the limit of F_n − a f̈ along it (F_n where it presses). */
function engaged(system: DerivedSystem, piece: MotionPiece, p: string, probe: Env): LimitPiece['reactions'] {
  const along = new Map(system.model.coordinates.flatMap((c, i) => [[c.q.name, piece.q[i]!] as const, [c.qd.name, piece.qd[i]!] as const]));
  return piece.contacts.flatMap(({ name, state }) => {
    const term = system.compliant?.terms.find((x) => x.name === name);
    if (!term || state === 'open') return [];
    const fdd = diff(subs(term.gapRate, along), TIME);
    const reaction = limitInside(sub(state === 'pressing' ? subs(term.force, along) : ZERO, mul(term.addedMass, fdd)), p, probe);
    if (!reaction) return [];
    const limit = simplify(reaction);
    return [{ name, reaction: limit, tensile: evaluate(limit, probe) < 0 }];
  });
}

/** e without its terms e^{p·c + d} with c < 0 at the probe (they vanish there as p → ∞), then its limit. */
function limitInside(e: Expr, p: string, probe: Env): Expr | undefined {
  return limitAtInfinity(withoutVanishing(e, p, probe), p);
}

function withoutVanishing(e: Expr, p: string, probe: Env): Expr {
  const pass = memoPass<Expr>((u, go) => {
    const v = mapChildren(u, go);
    if (v.kind !== 'fn' || v.name !== 'exp' || !dependsOn(v.args[0]!, p)) return v;
    const rate = simplify(diff(v.args[0]!, p));
    return !dependsOn(rate, p) && evaluate(rate, probe) < 0 ? ZERO : v;
  });
  const kept = pass(e);
  // Untouched, it keeps its form (powers of t − t₀, as solved).
  return kept === e ? e : simplify(kept);
}

/** The simple root nearest the finite one of ℓ(t) = lim pʳC(t), r the least power giving a finite ℓ ≢ 0. */
function leadingRoot(condition: Expr, p: string, probe: Env, after: number): Expr | undefined {
  const kept = withoutVanishing(condition, p, probe);
  for (let r = 0; r <= MAX_ORDER; r++) {
    const leading = limitAtInfinity(simplify(mul(kept, pow(sym(p), r))), p);
    if (!leading) return undefined;
    if (simplify(leading) === ZERO) continue;
    return nearestRoot(leading, probe, after);
  }
  return undefined;
}

/** The simple root in t of a polynomial after `after` nearest the probe's time. */
function nearestRoot(e: Expr, probe: Env, after: number): Expr | undefined {
  const at = probe[TIME]!;
  const slope = diff(e, TIME);
  const simple = (polynomialRoots(e) ?? []).filter((x) => {
    const t = evaluate(x, probe);
    return Number.isFinite(t) && t > after && Math.abs(evaluate(slope, { ...probe, [TIME]: t })) > 1e-12;
  });
  return simple.sort((a, b) => Math.abs(evaluate(a, probe) - at) - Math.abs(evaluate(b, probe) - at))[0];
}
