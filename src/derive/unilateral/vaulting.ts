// The least speed after an impact with which the system, turning on the
// arriving contact alone, passes over it (rubanovich1981 §2: "if the speed
// drops below a limit, rolling stops and rocking from leg to leg begins").
// Where that contact phase leaves one coordinate c free and its acceleration
// c̈ = a(c) depends on c alone (a rigid body turning about a pinned foot),
// ½ċ² − ∫a dc is conserved, and c̈ opposes the motion up to the crest c*,
// the first zero of a ahead of the impact configuration c₀: the motion
// passes it iff ċ⁺² > −2∫_{c₀}^{c*} a dc. For the wheel with legs,
// a = g sin(ψ + 2α)/(l(1 + I*)), c₀ = −α, c* = −2α: 2g(1 − cos α)/(l(1 + I*)).
// The crest is found where a's one factor in c is sin or cos of a linear
// argument, its zero chosen at the parameters' defaults.
// Tests: test/derive/unilateral/vaulting.test.ts.
import { add, dependsOn, factorsOf, freeSymbols, isZero, mul, num, pow, sub, sym, ZERO, type Expr } from '../../core/expr.js';
import { diff } from '../../core/diff.js';
import { evaluate } from '../../core/evaluate.js';
import { definiteIntegral } from '../../core/integrate.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import { expandedAngles } from '../../core/multiple-angles.js';
import { expand } from '../../core/expand.js';
import type { DerivedSystem } from '../system.js';
import type { ImpactMap } from './unilateral-types.js';

/** The pinned phase on contact `j` alone: c̈ = a(c), a's one factor in c sin or cos of the linear argument L, slope dL/dc. */
interface PinnedWave {
  readonly a: Expr;
  readonly wave: Extract<Expr, { kind: 'fn' }>;
  readonly L: Expr;
  readonly slope: Expr;
}

function pinnedWave(system: DerivedSystem, j: number, c: string): PinnedWave | undefined {
  const { model } = system;
  const phase = system.unilateral?.phases.find((p) => p.active.length === 1 && p.active[0] === j);
  const v = model.coordinates.findIndex((x) => x.name === c);
  if (!phase?.explicit) return undefined;
  const a = phase.explicit.qdd[v]!;
  const parameters = new Set(model.parameters.map((p) => p.name));
  // On the pinned phase, a function of c and the parameters alone.
  if ([...freeSymbols(a)].some((s) => s !== c && !parameters.has(s))) return undefined;
  const inC = factorsOf(a).filter((f) => dependsOn(f, c));
  const wave = inC[0];
  if (inC.length !== 1 || wave?.kind !== 'fn' || (wave.name !== 'sin' && wave.name !== 'cos')) return undefined;
  const L = wave.args[0]!;
  const slope = simplify(diff(L, c));
  return dependsOn(slope, c) ? undefined : { a, wave, L, slope };
}

/** ċ⁺² at and above which the motion after impact `im` passes over the arriving contact; undefined where the phase is not of that kind. */
export function vaultingSpeedSquared(system: DerivedSystem, im: ImpactMap): Expr | undefined {
  const { model } = system;
  const sc = im.scenario;
  if (sc.independent.length !== 1) return undefined;
  const c = sc.independent[0]!;
  const direction = sc.approach.get(c);
  const c0 = sc.at.get(c);
  const pinned = pinnedWave(system, sc.arriving, c);
  if (!direction || !c0 || !pinned) return undefined;
  const { a, wave, L, slope } = pinned;
  const defaults: Record<string, number> = Object.fromEntries(model.parameters.map((p) => [p.name, p.default]));
  const at = (e: Expr, x: Expr): number => evaluate(subs(e, new Map([[c, x]])), defaults);
  // The zeros of sin L are L = nπ, of cos L, L = (n + ½)π: the first one ahead as c moves by `direction`.
  const shift = wave.name === 'sin' ? 0 : 0.5;
  const start = at(L, c0) / Math.PI - shift;
  const ahead = direction * evaluate(slope, defaults) > 0;
  const n = ahead ? Math.floor(start) + 1 : Math.ceil(start) - 1;
  const offset = simplify(subs(L, new Map([[c, ZERO]])));
  const crest = simplify(mul(sub(mul(num(n + shift), sym('pi')), offset), pow(slope, -1)));
  // The acceleration opposes the motion on the way up (otherwise there is no crest to pass).
  const middle = (evaluate(c0, defaults) + evaluate(crest, defaults)) / 2;
  if (direction * evaluate(a, { ...defaults, [c]: middle }) >= 0) return undefined;
  const work = definiteIntegral(a, c, c0, crest);
  return work && simplify(mul(num(-2), work));
}

/**
 * ċ² gained over one stride after impact `im` (rubanovich1981 §2, the wheel rolling down the slope): turning on the
 * arriving contact alone from the impact configuration c₀ to c₁, where its pinned phase's argument reaches the one the
 * closed contact's had at c₀ (the next contact then arrives as this one did, the impact repeated one spoke on):
 * 2∫_{c₀}^{c₁} a dc. For the wheel with legs, 4g sin α sin γ/(l(1 + I*)), the slope's drop 2l sin α sin γ per stride.
 * Undefined where the impact has not one closed contact or either pinned phase is not of vaultingSpeedSquared's kind.
 */
export function strideGain(system: DerivedSystem, im: ImpactMap): Expr | undefined {
  const sc = im.scenario;
  if (sc.independent.length !== 1 || sc.closed.length !== 1) return undefined;
  const c = sc.independent[0]!;
  const c0 = sc.at.get(c);
  const arriving = pinnedWave(system, sc.arriving, c);
  const closed = pinnedWave(system, sc.closed[0]!, c);
  if (!c0 || !arriving || !closed || arriving.wave.name !== closed.wave.name) return undefined;
  const defaults: Record<string, number> = Object.fromEntries(system.model.parameters.map((p) => [p.name, p.default]));
  // Each argument taken increasing in c (sin(γ − ψ) = −sin(ψ − γ): the check below keeps the amplitudes' signs honest).
  const rising = (w: PinnedWave): { L: Expr; slope: Expr } =>
    evaluate(w.slope, defaults) < 0 ? { L: mul(num(-1), w.L), slope: mul(num(-1), w.slope) } : { L: w.L, slope: w.slope };
  const [arr, cl] = [rising(arriving), rising(closed)];
  if (!isZero(simplify(sub(arr.slope, cl.slope)))) return undefined;
  // L_arriving(c₁) = L_closed(c₀): both linear in c with one slope.
  const here = (e: Expr): Expr => subs(e, new Map([[c, c0]]));
  const c1 = simplify(add(c0, mul(sub(here(cl.L), here(arr.L)), pow(arr.slope, -1))));
  // The arriving phase from c₁ repeats the closed one's from c₀.
  const from = (e: Expr, start: Expr, s: number): number => evaluate(subs(e, new Map([[c, add(start, num(s))]])), defaults);
  if ([-0.3, 0.1, 0.7].some((s) => Math.abs(from(arriving.a, c1, s) - from(closed.a, c0, s)) > 1e-9 * (1 + Math.abs(from(closed.a, c0, s))))) return undefined;
  const work = definiteIntegral(arriving.a, c, c0, c1);
  // cos(α − γ) − cos(α + γ) as the product 2 sin α sin γ the slope's drop reads.
  return work && simplify(expandedAngles(expand(mul(num(2), work))));
}
