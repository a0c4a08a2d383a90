// What a sketch marks beside the bodies, as the model declares it
// (DrawingSpec.annotations) or, for what it leaves out, as the model implies
// it: the plane's axes named after the coordinates a point is drawn at,
// an arc for every angle coordinate that alone turns a segment, gravity
// where the potential is linear in the points' positions (with the declared
// parameter that is its angle from the plane's downward direction, checked
// against it at the defaults), and the surfaces
// of the unilateral constraints of a point mass drawn at two coordinates. Drawn by
// sketch-marks.ts.
// Tests: test/report/sketch.test.ts, test/report/figures.test.ts.
import { evaluate, evaluator } from '../core/evaluate.js';
import { MechanicsError } from '../errors.js';
import { freeSymbols, termsOf, type Expr } from '../core/expr.js';
import { subsRecord } from '../core/subs.js';
import type { AngleMark, Drawing, DrawingAnnotations, Model, PlaneCurve } from '../model/types.js';
import { PLANE_X, PLANE_Y } from '../model/validate/drawing.js';
import { parameterEnv } from './sketch-view.js';

/** The annotations with every default filled in. */
export interface SketchAnnotations {
  readonly axes?: readonly [string, string];
  readonly angles: readonly AngleMark[];
  /** Unit direction of gravity in the plane. */
  readonly gravity?: readonly [number, number];
  /** The parameter that is gravity's angle from the plane's downward direction, with gravity only. */
  readonly gravityAngle?: string;
  readonly surfaces: readonly PlaneCurve[];
  readonly supports: readonly number[];
  readonly vectors: NonNullable<DrawingAnnotations['vectors']>;
  readonly notes: NonNullable<DrawingAnnotations['notes']>;
  readonly moments: NonNullable<DrawingAnnotations['moments']>;
}

export function sketchAnnotations(drawing: Drawing, model: Model): SketchAnnotations {
  const a = drawing.annotations;
  const axes = a.axes === false ? undefined : (a.axes ?? defaultAxes(drawing, model));
  const gravity = a.gravity === false ? undefined : a.gravity ? unit(a.gravity) : defaultGravity(drawing, model);
  if (a.gravityAngle) checkGravityAngle(a.gravityAngle, gravity, model);
  return {
    ...(axes ? { axes } : {}),
    angles: a.angles ?? defaultAngles(drawing, model),
    ...(gravity ? { gravity } : {}),
    ...(gravity && a.gravityAngle ? { gravityAngle: a.gravityAngle } : {}),
    surfaces: a.surfaces ?? defaultSurfaces(drawing, model),
    supports: a.supports,
    vectors: a.vectors ?? [],
    notes: a.notes ?? [],
    moments: a.moments ?? [],
  };
}

/** The declared angle is gravity's from the plane's downward direction (0, −1), to 10⁻⁶ rad at the parameters' values. */
function checkGravityAngle(name: string, gravity: readonly [number, number] | undefined, model: Model): void {
  const value = parameterEnv(model)[name]!;
  const tilt = gravity ? Math.abs(Math.atan2(gravity[0], -gravity[1])) : Number.NaN;
  if (!(Math.abs(tilt - Math.abs(value)) <= 1e-6))
    throw new MechanicsError(
      'bad-annotation',
      'model',
      `annotations.gravityAngle: ${name} = ${value} is not the angle of the drawn gravity from the downward direction (${gravity ? tilt : 'no gravity'})`,
      { model: model.name, field: 'drawing.annotations.gravityAngle' },
    );
}

const unit = ([x, y]: readonly [number, number]): [number, number] => {
  const n = Math.hypot(x, y);
  return [x / n, y / n];
};

/** The coordinate a drawing expression is, if it is one alone. */
function coordinateOf(e: Expr, model: Model): number {
  return e.kind === 'sym' ? model.coordinates.findIndex((c) => c.q.name === e.name) : -1;
}

/** The first point drawn at two coordinates [qᵢ, qⱼ]: the plane's axes are theirs. */
function planeCoordinates(drawing: Drawing, model: Model): readonly [number, number] | undefined {
  for (const p of drawing.points) {
    const [i, j] = [coordinateOf(p.x, model), coordinateOf(p.y, model)];
    if (i >= 0 && j >= 0 && i !== j) return [i, j];
  }
  return undefined;
}

function defaultAxes(drawing: Drawing, model: Model): readonly [string, string] {
  const plane = planeCoordinates(drawing, model);
  return plane ? [model.coordinates[plane[0]]!.name, model.coordinates[plane[1]]!.name] : ['x', 'y'];
}

/** Configurations near the initial one, every coordinate moved (deterministic: the report is committed). */
function samples(model: Model, count = 6): number[][] {
  const q0 = model.initial.q0;
  return Array.from({ length: count }, (_, k) => q0.map((v, i) => v + 0.7 * Math.sin(1.3 + 2.1 * k + 0.9 * i * (k + 1))));
}

function envAt(model: Model, q: readonly number[]): Record<string, number> {
  const env: Record<string, number> = { ...parameterEnv(model), [model.time.name]: 0 };
  model.coordinates.forEach((c, i) => (env[c.q.name] = q[i]!));
  return env;
}

/** The angle (rad, counter-clockwise from the right) of the segment a → b at q; NaN when it has no length. */
function direction(drawing: Drawing, a: number, b: number, at: (e: Expr) => number): number {
  const dx = at(drawing.points[b]!.x) - at(drawing.points[a]!.x);
  const dy = at(drawing.points[b]!.y) - at(drawing.points[a]!.y);
  return Math.hypot(dx, dy) > 1e-12 ? Math.atan2(dy, dx) : Number.NaN;
}

const wrap = (x: number): number => x - 2 * Math.PI * Math.round(x / (2 * Math.PI));

/**
 * For each coordinate in rad, the first segment whose direction is ±qᵢ plus
 * a constant at every sample: the arc goes from that constant direction (the
 * segment at qᵢ = 0) at the segment's first point to the segment.
 */
function defaultAngles(drawing: Drawing, model: Model): AngleMark[] {
  const envs = samples(model).map((q) => envAt(model, q));
  // One evaluator per sample, for every segment's points: they share subexpressions.
  const ats = envs.map((env) => evaluator(env));
  const marks: AngleMark[] = [];
  model.coordinates.forEach((c, i) => {
    if (c.unit !== 'rad') return;
    for (const [a, b] of drawing.segments) {
      const phis = ats.map((at) => direction(drawing, a, b, at));
      if (phis.some(Number.isNaN)) continue;
      const sign = [1, -1].find((s) => {
        const phi0 = wrap(phis[0]! - s * envs[0]![c.q.name]!);
        return phis.every((phi, k) => Math.abs(wrap(phi - s * envs[k]![c.q.name]! - phi0)) < 1e-9);
      });
      if (sign === undefined) continue;
      const phi0 = wrap(phis[0]! - sign * envs[0]![c.q.name]!);
      marks.push({ coordinate: i, at: a, to: b, from: { degrees: (phi0 * 180) / Math.PI } });
      return;
    }
  });
  return marks;
}

/** ∂f/∂qᵢ at env by central differences (the expressions are smooth where drawn). */
function gradient(f: Expr, model: Model, env: Record<string, number>): number[] {
  return model.coordinates.map((c) => {
    const x = env[c.q.name]!;
    const h = 1e-5 * (1 + Math.abs(x));
    return (evaluate(f, { ...env, [c.q.name]: x + h }) - evaluate(f, { ...env, [c.q.name]: x - h })) / (2 * h);
  });
}

/**
 * Gravity's direction in the plane where the potential is, term by term,
 * linear in the points' positions at every sample: ∇V = Σ cₖ ∇yₖ + Σ dₖ ∇xₖ
 * (m g y of a ball, −m g l cos θ of a bob at height −l cos θ, the rimless
 * wheel's 2 m g (y cos γ − x sin γ) in its slope's frame), gravity along
 * −(Σ dₖ, Σ cₖ); terms that are not (a spring's k x²/2) are set aside.
 */
function defaultGravity(drawing: Drawing, model: Model): [number, number] | undefined {
  if (!model.V || drawing.points.length === 0) return undefined;
  const envs = samples(model, Math.max(4, 2 * drawing.points.length)).map((q) => envAt(model, q));
  let [gx, gy] = [0, 0];
  for (const term of termsOf(model.V)) {
    const w = positionWeights(term, drawing, model, envs);
    if (w) [gx, gy] = [gx - w[0], gy - w[1]];
  }
  const n = Math.hypot(gx, gy);
  return n > 1e-12 ? [gx / n, gy / n] : undefined;
}

/** (Σ dₖ, Σ cₖ) when ∇term = Σ cₖ ∇yₖ + Σ dₖ ∇xₖ (least squares over the samples, a residual of round-off only), else undefined. */
function positionWeights(term: Expr, drawing: Drawing, model: Model, envs: readonly Record<string, number>[]): [number, number] | undefined {
  const rows: number[][] = [];
  const rhs: number[] = [];
  for (const env of envs) {
    const gv = gradient(term, model, env);
    const columns = [...drawing.points.map((p) => gradient(p.x, model, env)), ...drawing.points.map((p) => gradient(p.y, model, env))];
    gv.forEach((g, i) => {
      rows.push(columns.map((col) => col[i]!));
      rhs.push(g);
    });
  }
  const scale = Math.max(...rhs.map(Math.abs));
  if (scale < 1e-12) return undefined;
  const c = leastSquares(rows, rhs);
  const residual = Math.max(...rows.map((r, k) => Math.abs(r.reduce((s, v, j) => s + v * c[j]!, 0) - rhs[k]!)));
  if (residual > 1e-5 * scale) return undefined;
  const n = drawing.points.length;
  const sum = (from: number): number => c.slice(from, from + n).reduce((s, v) => s + v, 0);
  return [sum(0), sum(n)];
}

/** The minimum-norm least-squares solution of A c = b, through the normal equations with a tiny ridge. */
function leastSquares(A: readonly (readonly number[])[], b: readonly number[]): number[] {
  const n = A[0]?.length ?? 0;
  const N = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => A.reduce((s, r) => s + r[i]! * r[j]!, 0)));
  const y = Array.from({ length: n }, (_, i) => A.reduce((s, r, k) => s + r[i]! * b[k]!, 0));
  const ridge = 1e-12 * Math.max(1, ...N.map((r, i) => r[i]!));
  N.forEach((r, i) => (r[i]! += ridge));
  // Gaussian elimination with partial pivoting (N is symmetric positive definite with the ridge).
  for (let k = 0; k < n; k++) {
    let p = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(N[i]![k]!) > Math.abs(N[p]![k]!)) p = i;
    [N[k], N[p]] = [N[p]!, N[k]!];
    [y[k], y[p]] = [y[p]!, y[k]!];
    for (let i = k + 1; i < n; i++) {
      const f = N[i]![k]! / N[k]![k]!;
      for (let j = k; j < n; j++) N[i]![j]! -= f * N[k]![j]!;
      y[i]! -= f * y[k]!;
    }
  }
  const c = new Array<number>(n).fill(0);
  for (let k = n - 1; k >= 0; k--) c[k] = (y[k]! - N[k]!.slice(k + 1).reduce((s, v, j) => s + v * c[k + 1 + j]!, 0)) / N[k]![k]!;
  return c;
}

/**
 * The unilateral constraints f(qᵢ, qⱼ) ≥ 0, rigid or realized by forces, of a point mass drawn at
 * [qᵢ, qⱼ] (no disc around it: a disc's centre keeps its radius off the
 * wall), as curves f(x, y) = 0 of the plane (the solid where f < 0), in a
 * drawing that declares no ground of its own.
 */
function defaultSurfaces(drawing: Drawing, model: Model): PlaneCurve[] {
  const plane = planeCoordinates(drawing, model);
  if (!plane || drawing.ground.length > 0) return [];
  const point = drawing.points.findIndex((p) => coordinateOf(p.x, model) === plane[0] && coordinateOf(p.y, model) === plane[1]);
  if (drawing.discs.some((d) => d.center === point)) return [];
  const [qx, qy] = [model.coordinates[plane[0]]!.q.name, model.coordinates[plane[1]]!.q.name];
  const params = new Set(model.parameters.map((p) => p.symbol.name));
  const out: PlaneCurve[] = [];
  // A contact realized by forces is drawn where its forces begin, f = 0, as a rigid one is (kozlov1988 §4's stiff walls).
  for (const u of [...model.unilateral, ...(model.compliant ?? [])]) {
    if (![...freeSymbols(u.gap)].every((s) => s === qx || s === qy || params.has(s))) continue;
    out.push({ f: subsRecord(u.gap, { [qx]: PLANE_X, [qy]: PLANE_Y }) });
  }
  return out;
}
