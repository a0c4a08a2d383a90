// kozlov1988 §5, Fig. 3: the heavy point above the parabola y = x²/(2a),
// reflected elastically, is integrable. In Chaplygin's parabolic coordinates
// (5.2) at b = 0 every motion keeps F(v) ≥ 0 ≥ F(w) for the quadratic
// F(c) = αc² − βc − γ of (5.3), α = g/4, β = h/2 + ag/4 (unit mass, h the
// energy); the integration constant is γ = (I − ah)/2 in the first integral
// I = (xẏ − (y − a/2)ẋ)ẋ + gx²/2 the model file states (the angular
// momentum about the focus times ẋ), which makes F(a) = 0 exactly on the
// vertical bouncing (I = 0), as the paper requires. F's roots c₁ < c₂ (the
// paper's x₁, x₂) are the confocal parabolas 2y = c + x²/(a − c) that bound
// the motion: for c₂ > a ≥ c₁ the quadrilateral (5.4) about the axis
// (Fig. 3a), for c₂ ≥ c₁ ≥ a the one (5.5) between two parabolas opening
// down (Fig. 3b). The motions the model file declares (paper.studyFigures
// 'confocal-motions', each start's panel its quadrilateral) are run here on
// the model's loaded module; the report draws them in their quadrilaterals
// (src/report/confocal.ts). Beside them, two runs of §4–§5's closed forms:
// a member of the family (5.7), leaving the wall at x₀ along its normal,
// (ẋ, ẏ) = (−x₀√(g/a), √(ag)), to strike it at −x₀ and again at x₀ after
// the period 4√(a/g); and the vertical bouncing with its apex above the
// focus, v²/g = 5a/4 > a (4.1), started 10⁻⁶ off the axis, whose strikes
// move away from it by a factor per strike (the multiplier outside the
// unit circle).
// Tests: test/studies/confocal.test.ts.
import type { ConfocalStartSpec } from '../model/spec.js';
import type { LoadedModule } from '../runtime/contract.js';
import { simulate } from '../runtime/hybrid/simulate.js';

/** One motion of Fig. 3: its start, the roots of F, and its path sampled. */
export interface ConfocalRun {
  /** Fig. 3a: c₂ > a ≥ c₁, (5.4); Fig. 3b: c₂ ≥ c₁ ≥ a, (5.5). */
  readonly panel: 'a' | 'b';
  readonly q0: readonly [number, number];
  readonly qd0: readonly [number, number];
  /** The start's energy h and Chaplygin's constant γ = (I − ah)/2 of (5.3), unit mass. */
  readonly h: number;
  readonly gamma: number;
  /** The roots c₁ ≤ c₂ of F, from the start's h and I. */
  readonly c1: number;
  readonly c2: number;
  readonly t: readonly number[];
  readonly x: readonly number[];
  readonly y: readonly number[];
  readonly xd: readonly number[];
  readonly yd: readonly number[];
}

export interface ConfocalStudy {
  readonly a: number;
  readonly g: number;
  readonly runs: readonly ConfocalRun[];
  /** The (5.7) member leaving the wall at x₀: where it strikes first (−x₀) and when it strikes at x₀ again, its period. */
  readonly family: { readonly x0: number; readonly first: number; readonly period: number };
  /** The bouncing at speed v off the vertex, v²/g > a: x at its strikes, and |x| multiplied per strike (STRIKES.from…to). */
  readonly unstable: { readonly v: number; readonly x0: number; readonly strikes: readonly number[]; readonly growth: number };
}

/** Long enough for some fifty impacts: the path then shows the quadrilateral it fills. */
const T1 = 20;
const SAMPLES = 4001;

/** Where the (5.7) member leaves the wall, in units of a. */
const FAMILY_X0 = 0.3;
/** The unstable bouncing: v²/g = APEX·a, its offset from the axis, and the strikes its growth is measured over (0-based: the first four are still mixed with the decaying direction; the last still linear). */
const APEX = 1.25;
const OFFSET = 1e-6;
const STRIKES = { from: 4, to: 8 };

/** The energy h and γ = (I − ah)/2 at a state (unit mass): F's constants, first integrals of the billiard. */
export function confocalConstants(a: number, g: number, [x, y]: readonly number[], [xd, yd]: readonly number[]): { h: number; gamma: number } {
  const h = (xd * xd + yd * yd) / 2 + g * y;
  const I = (x * yd - (y - a / 2) * xd) * xd + (g * x * x) / 2;
  return { h, gamma: (I - a * h) / 2 };
}

/** The roots c₁ ≤ c₂ of F(c) = (g/4)c² − (h/2 + ag/4)c − γ at a state (unit mass). */
export function confocalRoots(a: number, g: number, q: readonly number[], qd: readonly number[]): [number, number] {
  const { h, gamma } = confocalConstants(a, g, q, qd);
  const [A, B, C] = [g / 4, -(h / 2 + (a * g) / 4), -gamma];
  // Real for every state: F(w) ≤ 0 at the state's own w (5.3). Clamped at 0 against rounding where they coincide (the vertical bouncing at the bifurcation).
  const root = Math.sqrt(Math.max(0, B * B - 4 * A * C));
  return [(-B - root) / (2 * A), (-B + root) / (2 * A)];
}

/** The declared starts' motions on the parabolic billiard's module (paper.studyFigures, checked: every coordinate given). */
export function confocalStudy(mod: LoadedModule, starts: readonly ConfocalStartSpec[]): ConfocalStudy {
  const param = (name: string): number => mod.model.parameters.find((p) => p.name === name)!.default;
  const [a, g] = [param('a'), param('g')];
  const [ix, iy] = ['x', 'y'].map((c) => mod.model.coordinates.indexOf(c)) as [number, number];
  // The module's state in its coordinates' order; the plane's (x, y) for the roots and the caption.
  const state = (s: Readonly<Record<string, number>>): number[] => mod.model.coordinates.map((c) => s[c]!);
  const plane = (s: Readonly<Record<string, number>>): [number, number] => [s.x!, s.y!];
  const runs = starts.map(({ panel, q, qd }): ConfocalRun => {
    const tr = simulate(mod, { q0: state(q), qd0: state(qd), t1: T1, samples: SAMPLES, rtol: 1e-10, atol: 1e-12 });
    const [c1, c2] = confocalRoots(a, g, plane(q), plane(qd));
    return {
      panel,
      q0: plane(q),
      qd0: plane(qd),
      ...confocalConstants(a, g, plane(q), plane(qd)),
      c1,
      c2,
      t: tr.t,
      x: tr.q.map((q) => q[ix]!),
      y: tr.q.map((q) => q[iy]!),
      xd: tr.qd.map((v) => v[ix]!),
      yd: tr.qd.map((v) => v[iy]!),
    };
  });
  return { a, g, runs, family: familyRun(mod, a, g, state), unstable: unstableRun(mod, a, g, state) };
}

type State = (s: Readonly<Record<string, number>>) => number[];

/** The strikes of a run on the wall: time and x of each impact. */
function strikes(mod: LoadedModule, q: readonly number[], qd: readonly number[], t1: number): { t: number; x: number }[] {
  const ix = mod.model.coordinates.indexOf('x');
  const tr = simulate(mod, { q0: q, qd0: qd, t1, samples: 2, rtol: 1e-11, atol: 1e-13 });
  return tr.events.filter((e) => e.type === 'impact').map((e) => ({ t: e.t, x: e.q[ix]! }));
}

/** kozlov1988 (5.7): leaving the wall at x₀ along its normal, struck at −x₀ and then at x₀ again. */
function familyRun(mod: LoadedModule, a: number, g: number, state: State): ConfocalStudy['family'] {
  const x0 = FAMILY_X0 * a;
  const s = strikes(mod, state({ x: x0, y: (x0 * x0) / (2 * a) }), state({ x: -x0 * Math.sqrt(g / a), y: Math.sqrt(a * g) }), 5 * Math.sqrt(a / g));
  return { x0, first: s[0]!.x, period: s[1]!.t };
}

/** kozlov1988 (4.1) violated: the bouncing at v²/g = APEX·a off the vertex, OFFSET off the axis. */
function unstableRun(mod: LoadedModule, a: number, g: number, state: State): ConfocalStudy['unstable'] {
  const v = Math.sqrt(APEX * a * g);
  const s = strikes(mod, state({ x: OFFSET, y: (OFFSET * OFFSET) / (2 * a) }), state({ x: 0, y: v }), (STRIKES.to + 1.5) * ((2 * v) / g)).map((k) => k.x);
  const growth = Math.abs(s[STRIKES.to]! / s[STRIKES.from]!) ** (1 / (STRIKES.to - STRIKES.from));
  return { v, x0: OFFSET, strikes: s, growth };
}
