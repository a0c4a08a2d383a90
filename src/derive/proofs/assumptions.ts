// What is assumed of the parameters when signs are decided (admissibility
// of impact modes): each parameter lies in an interval, stated as data so a
// report can print exactly what a verdict rests on.
//  - a declared range is used as declared, closed unless declared open
//    (α ∈ (0, π/2) for the compass); only an open end admits the endpoint
//    rule of positivity.ts, since a closed one must itself satisfy f > 0;
//  - a parameter without a range whose default is positive is taken in
//    (0, ∞): masses, lengths, g, moments of inertia. This is a reading of
//    the default, not something the model states; the report says so.
//  - any other parameter may take any real value.
// Range ends are constants (numbers, π) as declared; an end that depends on
// other parameters is replaced by the constant enclosing it over those
// parameters' own assumptions (I > m l² gives I > 0), or, where that is
// unbounded, not used (that side is taken unbounded).
import { freeSymbols, num, numericValue, ZERO, type Expr } from '../../core/expr.js';
import type { Model } from '../../model/model.js';
import { enclose, WHOLE, type Interval } from './interval.js';
import type { Domain, Variable } from './positivity.js';

export interface ParameterAssumption {
  readonly parameter: string;
  /** The interval's ends; an absent end is unbounded. */
  readonly lower?: Expr;
  readonly upper?: Expr;
  /** Which ends are excluded (a positive default's lower end 0 is). */
  readonly lowerOpen: boolean;
  readonly upperOpen: boolean;
  /** 'declared': the model's range; 'positive default': no range, default > 0, taken in (0, ∞). */
  readonly source: 'declared' | 'positive default';
}

const constant = (e: Expr): boolean => [...freeSymbols(e)].every((s) => s === 'pi');

export function parameterAssumptions(model: Model): ParameterAssumption[] {
  const direct = model.parameters.map((p): ParameterAssumption | undefined => {
    if (p.range) {
      const [lower, upper] = p.range;
      return {
        parameter: p.name,
        ...(lower && constant(lower) ? { lower } : {}),
        ...(upper && constant(upper) ? { upper } : {}),
        lowerOpen: p.open?.lower ?? false,
        upperOpen: p.open?.upper ?? false,
        source: 'declared',
      };
    }
    return p.default > 0 ? { parameter: p.name, lower: ZERO, lowerOpen: true, upperOpen: false, source: 'positive default' } : undefined;
  });
  // An end in the other parameters is replaced by the constant that encloses it over their own
  // assumptions: I > m l² with m, l in (0, ∞) gives I > 0 (the end's enclosure is [0, ∞)).
  const box = new Map(direct.flatMap((a) => (a ? [[a.parameter, boundsOf(a)] as const] : [])));
  return direct.flatMap((a, k): ParameterAssumption[] => {
    if (!a) return [];
    const [lower, upper] = model.parameters[k]!.range ?? [];
    const lo = lower && !a.lower ? enclose(lower, box).lo : -Infinity;
    const hi = upper && !a.upper ? enclose(upper, box).hi : Infinity;
    return [{ ...a, ...(Number.isFinite(lo) ? { lower: num(lo) } : {}), ...(Number.isFinite(hi) ? { upper: num(hi) } : {}) }];
  });
}

/** The interval an assumption encloses (its constant ends). */
function boundsOf(a: ParameterAssumption): Interval {
  return { lo: a.lower ? enclose(a.lower, new Map()).lo : WHOLE.lo, hi: a.upper ? enclose(a.upper, new Map()).hi : WHOLE.hi };
}

/**
 * The parameters the model's assumptions make > 0 (a lower end > 0, or 0
 * excluded): the one notion of a positive parameter, used wherever a sign
 * is taken for granted: combineRadicals (core/radicals.ts) lets
 * √N·k/√(N·X) be k/√X for a stiffness N > 0, and pullPositive
 * (compliant/positive.ts) takes N out of (N·X)^½.
 */
export function positiveParameters(model: Model): ReadonlySet<string> {
  return new Set(
    parameterAssumptions(model)
      .filter((a) => a.lower !== undefined && (a.lower === ZERO ? a.lowerOpen : (numericValue(a.lower) ?? 0) > 0))
      .map((a) => a.parameter),
  );
}

/** The parameters whose declared range lies below 0 (kozlov1988 §6's c < 0 of (6.2), where |c| = −c). */
export function negativeParameters(model: Model): ReadonlySet<string> {
  return new Set(
    parameterAssumptions(model)
      .filter((a) => a.upper !== undefined && (a.upper === ZERO ? a.upperOpen : (numericValue(a.upper) ?? 0) < 0))
      .map((a) => a.parameter),
  );
}

/** The assumptions as a domain of sign decisions. */
export function assumptionDomain(assumptions: readonly ParameterAssumption[]): Domain {
  const box = new Map();
  const variables = new Map<string, Variable>(
    assumptions.map((a) => [
      a.parameter,
      {
        bounds: { lo: a.lower ? enclose(a.lower, box).lo : WHOLE.lo, hi: a.upper ? enclose(a.upper, box).hi : WHOLE.hi },
        ...(a.lower && a.lowerOpen ? { lower: a.lower } : {}),
        ...(a.upper && a.upperOpen ? { upper: a.upper } : {}),
      },
    ]),
  );
  return { variables };
}
