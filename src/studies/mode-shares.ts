// Which mode an impact takes when more than two pre-impact velocities are
// free (a rod striking the floor flat with both ends: ẋ⁻, ẏ⁻, θ̇⁻), where
// the direction of the velocities is no longer an angle (mode-directions.ts
// reads two): directions drawn uniformly on the unit sphere at the default
// parameters, kept where the arriving contact and every contact striking
// with it approach, and per mode the share of them on which it is
// admissible (a sliding mode in either direction of sliding). Every
// condition is homogeneous in the velocities, so the share of directions is
// the share of the approach cone. A sampled share, not a derived one: a
// mode admissible on none of the samples is reported as such. With three
// free velocities the cones are polyhedral in R³, and each mode's share is
// exact: solid angles (solid-angle.ts), the samples kept for the rest.
// Tests: test/studies/mode-shares.test.ts.
import { evaluate, type Env } from '../core/evaluate.js';
import { addAll, freeSymbols, mul, sym, type Expr } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import { preImpactName } from '../model/names.js';
import { neverLeaving, slidingSigns, stickCone, type StickCone } from './mode-directions.js';
import { gaussian, seeded } from './seeded.js';
import { coneSolidAngle } from './solid-angle.js';

export interface ModeShares {
  /** Index into the system's impact maps. */
  readonly map: number;
  /** The free pre-impact velocities' names. */
  readonly velocities: readonly string[];
  /** The values (the defaults) of the parameters the conditions contain. */
  readonly parameters: Readonly<Record<string, number>>;
  /** Approaching directions sampled. */
  readonly samples: number;
  /**
   * Per mode of the map, the share of the sampled directions on which it is admissible; with three free velocities
   * the exact share instead, its cones' solid angles over the approach cone's (solid-angle.ts).
   */
  readonly modeShares: readonly number[];
  readonly exact?: true;
  /** The share on which no mode is admissible. */
  readonly withoutOutcome: number;
  /** The closed contacts that leave in no mode admissible on the samples (a rod's end lying on the floor). */
  readonly neverLeave: readonly number[];
  /** The sticking mode's cone in the pre-impact velocities (mode-directions.ts stickCone). */
  readonly stick?: StickCone;
}

/** Approaching directions drawn per map. */
const SAMPLES = 4000;

/** The sampled shares of every impact map with more than two free pre-impact velocities and closed contacts to stay or leave. */
export function modeShares(system: DerivedSystem, samples = SAMPLES): ModeShares[] {
  const u = system.unilateral;
  const parameters: Env = Object.fromEntries(system.model.parameters.map((p) => [p.name, p.default]));
  return (u?.impactMaps ?? []).flatMap((im, map): ModeShares[] => {
    if (im.scenario.independent.length <= 2 || !im.scenario.closed.length) return [];
    const names = im.scenario.independent.map(preImpactName);
    const at: Record<string, number> = { ...parameters };
    for (const [name, value] of im.scenario.at) at[name] = evaluate(value, at);
    for (const c of system.model.coordinates) at[preImpactName(c.name)] = 0;
    // Each condition as its coefficients in the free velocities, read once: the sampling is then dot products.
    const linear = (e: Expr, signs: Env = {}): number[] | undefined => {
      const value = (v: readonly number[]): number => evaluate(e, { ...at, ...signs, ...Object.fromEntries(names.map((n, i) => [n, v[i]!])) });
      const coefficients = names.map((_, i) => value(names.map((_n, k) => (k === i ? 1 : 0))));
      const probe = names.map((_, i) => 0.3 - 0.7 * i);
      const scale = Math.max(1e-300, ...coefficients.map(Math.abs));
      return Math.abs(value(probe) - dot(coefficients, probe)) <= 1e-9 * scale ? coefficients : undefined;
    };
    // The normal velocity before of the arriving contact and of each contact striking with it.
    const coordinates = system.model.coordinates.map((c) => preImpactName(c.name));
    const striking = (im.scenario.striking ?? []).map((j) => addAll(u!.contacts[j]!.normal.row.map((r, i) => mul(r, sym(coordinates[i]!)))));
    const approach = [im.approach, ...striking].map((e) => linear(e));
    const modes = im.modes.map((mode) => slidingSigns(system, mode).map((signs) => mode.conditions.map((c) => linear(c.expr, signs))));
    if (approach.some((a) => !a) || modes.some((ds) => ds.some((cs) => cs.some((c) => !c)))) return [];
    const random = seeded(1981);
    const counts = im.modes.map(() => 0);
    let kept = 0;
    let none = 0;
    for (let tries = 0; kept < samples && tries < 50 * samples; tries++) {
      // Normal components make the direction uniform on the sphere.
      const v = names.map(() => gaussian(random));
      if (!approach.every((a) => dot(a!, v) < 0)) continue;
      kept++;
      const admissible = modes.map((ds) => ds.some((cs) => cs.every((c) => dot(c!, v) >= 0)));
      admissible.forEach((yes, k) => {
        if (yes) counts[k]!++;
      });
      if (!admissible.includes(true)) none++;
    }
    if (!kept) return [];
    // Three velocities: each mode's share exact, the solid angles of its cones (one per sliding direction, disjoint)
    // cut from the approach cone, over the approach cone's.
    const exact = names.length === 3;
    const cone = (rows: readonly (readonly number[])[]): number => coneSolidAngle(rows.map((r) => [r[0]!, r[1]!, r[2]!] as const));
    const inward = approach.map((a) => a!.map((x) => -x));
    const shares = exact
      ? modes.map((ds) => ds.reduce((sum, cs) => sum + cone([...inward, ...cs.map((c) => c!)]), 0) / cone(inward))
      : counts.map((c) => c / kept);
    const used = new Set(im.modes.flatMap((mode) => mode.conditions.flatMap((c) => [...freeSymbols(c.expr)])));
    return [
      {
        map,
        velocities: names,
        parameters: Object.fromEntries(Object.entries(parameters).filter(([name]) => used.has(name))),
        samples: kept,
        modeShares: shares,
        ...(exact ? { exact: true as const } : {}),
        withoutOutcome: none / kept,
        neverLeave: neverLeaving(im, counts),
        ...(stickCone(im) ? { stick: stickCone(im)! } : {}),
      },
    ];
  });
}

const dot = (a: readonly number[], b: readonly number[]): number => a.reduce((s, x, i) => s + x * b[i]!, 0);
