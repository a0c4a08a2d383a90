// The papers' sketches of the mechanism (src/report/paper-sketches.ts),
// checked on what they draw, in model units: rubanovich1981 Figs. 1, 2, 3
// and 5 put the legs and spokes where the papers' geometry has them (feet on
// the line, legs of length l at the half-angle, the centre of mass on the
// bisector) and the reactions along the line's normal at the named feet;
// kuleshov2011 Fig. 1 presses the springs over the arc of half-width ϑ₀ the
// derivation gives, their free ends on the disc there and on the line
// elsewhere; smirnov1981 Figs. 2 and 3 put the journal's hexagon on its circle
// turned by φ, the reactions inward at the bearing vertices either side of
// the load and along the axes where the circle meets them; Fig. 1's side
// view puts the prism's support pairs on its faces; every figure is printed for the page and the PDF with the
// paper's figure number in its caption.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { deriveSystem } from '../../src/derive/system.js';
import type { ModelSpec } from '../../src/model/spec.js';
import { buildModel } from '../../src/model/model.js';
import { checkSketches } from '../../src/model/validate/paper-sketches.js';
import { drawsInitial, paperSketchFigures, sketchLayout, type SketchLayout } from '../../src/report/paper-sketches.js';
import { modelDrawing } from '../../src/report/sketch.js';
import compass from '../../derivations/compass.js';
import hinged from '../../derivations/hinged-compass.js';
import wheel from '../../derivations/rimless-wheel.js';
import disk from '../../derivations/viscoelastic-disk.js';
import pendulum from '../../derivations/rough-hinge-pendulum.js';
import prism from '../../derivations/prism-in-guides.js';
import planar from '../../derivations/prism-in-guides-planar.js';

function layouts(spec: ModelSpec): SketchLayout[] {
  const model = buildModel(spec);
  const drawing = modelDrawing(spec, model)!;
  return checkSketches(spec.paper!.sketches, model, Object.keys(spec.drawing!.points)).map((s) => sketchLayout(model, drawing, s));
}

/** The unit vector from a to b. */
const unit = (a: readonly number[], b: readonly number[]): [number, number] => [(b[0]! - a[0]!) / dist(a, b), (b[1]! - a[1]!) / dist(a, b)];

const dist = (a: readonly number[], b: readonly number[]): number => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!);
/** The angle at o between a and b. */
const angle = (a: readonly number[], o: readonly number[], b: readonly number[]): number =>
  Math.acos(((a[0]! - o[0]!) * (b[0]! - o[0]!) + (a[1]! - o[1]!) * (b[1]! - o[1]!)) / (dist(a, o) * dist(b, o)));

describe('rubanovich1981’s sketches, at the defaults l = 1, α = β = 0.3, k = 6', () => {
  const [l, alpha] = [1, 0.3];

  it('Fig. 1: the compass stands on B, its legs l long at the angle 2α, D 2l sin ψ sin α above the line, C on the bisector at (l/2)cos α', () => {
    const { points: p, q } = layouts(compass)[0]!;
    const [B, O, D, C] = ['B', 'O', 'D', 'C'].map((n) => p.get(n)!);
    const psi = q[2]!;
    // The run's start, ψ = 0.05, standing on B.
    expect(psi).toBeCloseTo(0.05, 14);
    expect(B![1]).toBeCloseTo(0, 14);
    expect(dist(O!, B!)).toBeCloseTo(l, 14);
    expect(dist(O!, D!)).toBeCloseTo(l, 14);
    expect(angle(B!, O!, D!)).toBeCloseTo(2 * alpha, 14);
    expect(D![1]).toBeCloseTo(2 * l * Math.sin(psi) * Math.sin(alpha), 14);
    expect(dist(O!, C!)).toBeCloseTo((l / 2) * Math.cos(alpha), 14);
    expect(angle(B!, O!, C!)).toBeCloseTo(alpha, 14);
  });

  it('Fig. 1 draws the initial configuration, which the report then draws once; Fig. 2 does not', () => {
    const model = buildModel(compass);
    const drawing = modelDrawing(compass, model)!;
    const sketches = checkSketches(compass.paper!.sketches, model, Object.keys(compass.drawing!.points));
    expect(sketches.map((k) => drawsInitial(model, drawing, k))).toEqual([true, false]);
  });

  it('Fig. 2: both feet on the line, O above their midpoint, R₁ at D and R₂ at B along the line’s normal', () => {
    const { points: p, reactions } = layouts(compass)[1]!;
    const [B, O, D] = ['B', 'O', 'D'].map((n) => p.get(n)!);
    expect([B![1], D![1]].map((y) => Math.abs(y))).toEqual([expect.closeTo(0, 14), expect.closeTo(0, 14)]);
    expect(O![1]).toBeCloseTo(l * Math.cos(alpha), 14);
    expect(O![0]).toBeCloseTo((B![0] + D![0]) / 2, 14);
    expect(reactions.map((r) => r.label)).toEqual(['R_1', 'R_2']);
    expect(reactions.map((r) => r.from)).toEqual([D, B]);
    for (const r of reactions) {
      expect(r.to[0]).toBeCloseTo(r.from[0], 14);
      expect(r.to[1]).toBeGreaterThan(r.from[1]);
    }
  });

  it('Fig. 3: the wheel’s spokes 1 and 2 on the line, 2α = 2π/6 apart at the hub, the hub l cos α above the line', () => {
    const { points: p } = layouts(wheel)[0]!;
    const [hub, B, D] = ['hub', 'spoke1', 'spoke2'].map((n) => p.get(n)!);
    expect(Math.abs(B![1])).toBeCloseTo(0, 14);
    expect(Math.abs(D![1])).toBeCloseTo(0, 14);
    expect(angle(B!, hub!, D!)).toBeCloseTo((2 * Math.PI) / 6, 14);
    expect(hub![1]).toBeCloseTo(l * Math.cos(Math.PI / 6), 14);
    // Every other tip above the line.
    for (let j = 3; j <= 6; j++) expect(p.get(`spoke${j}`)![1]).toBeGreaterThan(0.1);
  });

  it('Fig. 5: the hinged compass’s feet on the line, its legs at ∓β from the downward vertical, R₁ at the arriving foot', () => {
    const { points: p, reactions } = layouts(hinged)[0]!;
    // The points by the paper's names: the hinge O, foot 1 its D (arriving), foot 2 its B.
    const [O, D, B] = ['O', 'D', 'B'].map((n) => p.get(n)!);
    expect(Math.abs(B![1])).toBeCloseTo(0, 14);
    expect(Math.abs(D![1])).toBeCloseTo(0, 14);
    expect(Math.atan2(B![0] - O![0], O![1] - B![1])).toBeCloseTo(-alpha, 14);
    expect(Math.atan2(D![0] - O![0], O![1] - D![1])).toBeCloseTo(alpha, 14);
    expect(reactions.map((r) => [r.label, r.from])).toEqual([
      ['R_1', D],
      ['R_2', B],
    ]);
  });
});

describe('kuleshov2011 Fig. 1: the disk at rest on its springs, at k = 2·10⁴', () => {
  const [layout] = layouts(disk);
  const { model, springs, points } = layout!;
  const env = Object.fromEntries(model.parameters.map((p) => [p.name, p.default]));
  const r = env.r!;
  const C = points.get('C')!;
  // ϑ₀ as the derivation gives it (patch equilibrium), evaluated at the figure's stiffness.
  const patch = deriveSystem(buildModel(disk)).patches!.terms[0]!;
  const theta0 = evaluate(patch.equilibrium!.halfWidth, env);

  it('draws the softened foundation: ϑ₀ near 0.42, the paper’s (3/2)^{1/3}ε to its own order', () => {
    expect(env.k).toBe(2e4);
    const eps = Math.cbrt((env.m! * env.g!) / (env.k! * r * r));
    expect(theta0).toBeCloseTo(Math.cbrt(1.5) * eps, 2);
    expect(theta0).toBeGreaterThan(0.35);
    expect(theta0).toBeLessThan(0.5);
  });

  it('presses exactly the springs under the arc |ϑ| < ϑ₀: their free ends on the disc, the others on the line', () => {
    const pressed = springs.filter((s) => s.end[1] < -1e-12);
    expect(pressed.length).toBeGreaterThanOrEqual(3);
    for (const s of springs) {
      const x = s.end[0] - C[0];
      const inside = Math.abs(x) < r * Math.sin(theta0);
      if (s.end[1] < -1e-12) expect(dist(s.end, C)).toBeCloseTo(r, 12);
      else expect(s.end[1]).toBeCloseTo(0, 14);
      // The derived arc and the drawn depth (the paper's rϑ₀²/2 to leading order) agree but for springs within 10 % of its edge.
      if (Math.abs(Math.abs(x) - r * Math.sin(theta0)) > 0.1 * r * theta0) expect(s.end[1] < -1e-12).toBe(inside);
    }
  });

  it('stands every spring on one bed below the line, and prints the figure with the paper’s number', () => {
    expect(new Set(springs.map((s) => s.base[1].toFixed(12))).size).toBe(1);
    expect(springs[0]!.base[1]).toBeLessThan(0);
    const model0 = buildModel(disk);
    const [figure] = paperSketchFigures(model0, modelDrawing(disk, model0)!, 'kuleshov2011', checkSketches(disk.paper!.sketches, model0, ['C', 'rim']));
    expect(figure!.tikz).toBeDefined();
    expect(JSON.stringify(figure!.caption)).toContain('Fig. 1');
  });
});

describe('smirnov1981’s journal, at r = 0.05 and φ = 0.3 (the page’s axes y across, −x down)', () => {
  const [hexagon, axes] = layouts(pendulum);
  const r = 0.05;
  const phi = 0.3;

  it('Fig. 2: the hexagon’s vertices on the circle of radius r at α_k = φ + 2πk/6 from the downward vertical', () => {
    const O = hexagon!.points.get('O')!;
    expect(hexagon!.q[2]).toBe(phi);
    for (let k = 0; k < 6; k++) {
      const V = hexagon!.points.get(`V${k}`)!;
      expect(dist(V, O)).toBeCloseTo(r, 14);
      // From the downward vertical, counter-clockwise in the page as φ is (x down, y across).
      const alpha = Math.atan2(V[0] - O[0], O[1] - V[1]);
      expect(Math.cos(alpha - (phi + (2 * Math.PI * k) / 6))).toBeCloseTo(1, 12);
    }
  });

  it('Fig. 2: N_i, N_{i+1} at the two neighbouring vertices either side of the load, each pushing the journal inward along its radius', () => {
    const O = hexagon!.points.get('O')!;
    const [Ni, Nj] = hexagon!.reactions;
    expect([Ni!.label, Nj!.label]).toEqual(['N_i', 'N_{i+1}']);
    expect(Ni!.to).toEqual(hexagon!.points.get('V5'));
    expect(Nj!.to).toEqual(hexagon!.points.get('V0'));
    for (const n of [Ni!, Nj!]) {
      const [ux, uy] = unit(n.from, n.to);
      const [vx, vy] = unit(n.to, O);
      expect(ux * vx + uy * vy).toBeCloseTo(1, 12);
      expect(dist(n.from, O)).toBeGreaterThan(r);
    }
    // The load hangs straight down from O, between the two bearing vertices, both below O.
    expect(Ni!.to[0]).toBeLessThan(O[0]);
    expect(Nj!.to[0]).toBeGreaterThan(O[0]);
    expect(Math.max(Ni!.to[1], Nj!.to[1])).toBeLessThan(O[1]);
  });

  it('Fig. 3: the components at the points where the circle meets the axes, N_{ij1} along x (vertical), N_{ij2} along y', () => {
    const O = axes!.points.get('O')!;
    for (const name of ['X1', 'X2', 'Y1', 'Y2']) expect(dist(axes!.points.get(name)!, O)).toBeCloseTo(r, 14);
    const [n1, n2] = axes!.reactions;
    expect(n1!.to).toEqual([0, -r]);
    expect(unit(n1!.from, n1!.to)).toEqual([expect.closeTo(0, 14), expect.closeTo(1, 14)]);
    expect(n2!.to).toEqual([r, 0]);
    expect(unit(n2!.from, n2!.to)).toEqual([expect.closeTo(-1, 14), expect.closeTo(0, 14)]);
  });
});

describe('smirnov1981 Fig. 1 seen from the side: the prism’s five pairs of support points on its faces', () => {
  const [side] = layouts(prism);
  const env = Object.fromEntries(buildModel(prism).parameters.map((p) => [p.name, p.default]));

  it('puts pairs 3, 4, 5 on the faces z = ±h at a_s, pairs 1, 2 at (a_s, c_s), all on the prism’s outline or inside it, P_x drawn out of it', () => {
    const h = env.h!;
    for (const s of [3, 4, 5]) {
      expect(side!.points.get(`${s}`)).toEqual([env[`a${s}`], -h]);
      expect(side!.points.get(`${s}'`)).toEqual([env[`a${s}`], h]);
    }
    for (const s of [1, 2]) expect(side!.points.get(`${s}`)).toEqual([env[`a${s}`], env[`c${s}`]]);
    // The support points and the prism's corners; the load P_x is drawn from the front face outward.
    for (const [name, [x, z]] of side!.points) {
      if (name === 'Pxtip') {
        // 0.04 m per N from the front face x = 0.4, along the guides.
        expect(x).toBeCloseTo(0.4 + 0.04 * env.Px!, 12);
        expect(z).toBe(0);
        continue;
      }
      expect(Math.abs(x)).toBeLessThanOrEqual(0.4);
      expect(Math.abs(z)).toBeLessThanOrEqual(h);
    }
  });
});

describe('smirnov1981 §2, the planar prism from above: the reactions of the realized variant at its guides', () => {
  const [top] = layouts(planar);
  const env = Object.fromEntries(buildModel(planar).parameters.map((p) => [p.name, p.default])) as Record<string, number>;

  it('draws N_{111} at pair 1 and N_{112} at pair 2 on the face y = +w, each along −y: variant 11, which §2 realizes at the defaults', () => {
    const { Py, Mz, a1, a2, w, f11, f12 } = env as Record<string, number>;
    // §2 typed from the paper for i = j = 1, b₁ₛ = w, sgn ẋ = 1: Δ₁₁, N₁₁₁, N₁₁₂, both ≥ 0 (variant 11 is realized).
    const delta = a2! - a1! + (-f12! * w! + f11! * w!);
    const N111 = -(Mz! - Py! * (a2! - f12! * w!)) / delta;
    const N112 = -(-Mz! + Py! * (a1! - f11! * w!)) / delta;
    expect([+N111.toFixed(3), +N112.toFixed(3)]).toEqual([0.412, 1.588]);
    const [n1, n2] = top!.reactions;
    expect([n1!.label, n2!.label]).toEqual(['N_{111}', 'N_{112}']);
    // Each pushes on its point from inside the guide (y > w): an arrow along the free side would cross the 2w wide prism.
    expect(n1!.to).toEqual([expect.closeTo(a1!, 14), expect.closeTo(w!, 14)]);
    expect(n2!.to).toEqual([expect.closeTo(a2!, 14), expect.closeTo(w!, 14)]);
    for (const n of [n1!, n2!]) {
      expect(unit(n.from, n.to)).toEqual([expect.closeTo(0, 14), expect.closeTo(-1, 14)]);
      // Half the channel 2w long: y = 2w above the axis, inside the guide.
      expect(n.from[1]).toBeCloseTo(2 * w!, 14);
    }
  });
});
