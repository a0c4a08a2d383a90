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
// (src/report/confocal.ts).
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
}

/** Long enough for some fifty impacts: the path then shows the quadrilateral it fills. */
const T1 = 20;
const SAMPLES = 4001;

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
  return { a, g, runs };
}
