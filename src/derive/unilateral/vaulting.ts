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
import { dependsOn, factorsOf, freeSymbols, mul, num, pow, sub, sym, ZERO, type Expr } from '../../core/expr.js';
import { diff } from '../../core/diff.js';
import { evaluate } from '../../core/evaluate.js';
import { definiteIntegral } from '../../core/integrate.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import type { DerivedSystem } from '../system.js';
import type { ImpactMap } from './unilateral-types.js';

/** ċ⁺² at and above which the motion after impact `im` passes over the arriving contact; undefined where the phase is not of that kind. */
export function vaultingSpeedSquared(system: DerivedSystem, im: ImpactMap): Expr | undefined {
  const { model } = system;
  const sc = im.scenario;
  if (sc.independent.length !== 1) return undefined;
  const c = sc.independent[0]!;
  const direction = sc.approach.get(c);
  const c0 = sc.at.get(c);
  const phase = system.unilateral?.phases.find((p) => p.active.length === 1 && p.active[0] === sc.arriving);
  const v = model.coordinates.findIndex((x) => x.name === c);
  if (!direction || !c0 || !phase?.explicit) return undefined;
  const a = phase.explicit.qdd[v]!;
  const parameters = new Set(model.parameters.map((p) => p.name));
  // On the pinned phase, a function of c and the parameters alone.
  if ([...freeSymbols(a)].some((s) => s !== c && !parameters.has(s))) return undefined;
  const inC = factorsOf(a).filter((f) => dependsOn(f, c));
  const wave = inC[0];
  if (inC.length !== 1 || wave?.kind !== 'fn' || (wave.name !== 'sin' && wave.name !== 'cos')) return undefined;
  const L = wave.args[0]!;
  const slope = simplify(diff(L, c));
  if (dependsOn(slope, c)) return undefined;
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
