// A model's declared periodic orbit (src/studies/orbit.ts) computed from its
// generated module, and printed (src/report/periodic.ts) — the parabolic
// billiard's vertical bouncing (stable below the focus: Kozlov §5, (4.1))
// with its branch in a, which doubles its period at a = v²/g, and the rimless
// wheel's rolling against the fixed point of its stride map (2.6).
import { describe, expect, it } from 'vitest';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel, type OrbitSpec } from '../../src/model/index.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { periodicOrbitSection } from '../../src/report/periodic.js';
import { declaredOrbit } from '../../src/studies/orbit.js';
import { heldConditions } from '../../src/studies/orbit-zeros.js';
import billiard from '../../derivations/parabolic-billiard.js';
import walkerSpec from '../../derivations/compass-walker.js';
import wheelSpec from '../../derivations/rimless-wheel.js';
import * as wheel from '../../generated/rimless-wheel.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { flowToSection } from '../../src/runtime/analysis/variational.js';
import { eigenvalues } from '../../src/numeric/eigenvalues.js';
import { abstractText, conclusionBlocks, discussionBlocks } from '../../src/report/summary.js';
import { orbitFigures } from '../../src/report/orbit-figures.js';

const G = 9.81;
const text = (section: ReturnType<typeof periodicOrbitSection>): string => JSON.stringify(section.blocks);

describe('the parabolic billiard’s declared orbit: vertical bouncing at v = 2.5, continued in a from 1 to 0.5', () => {
  const v = 2.5;
  const declaration: OrbitSpec = {
    q0: { x: 0.01, y: 0.01 ** 2 / 2 },
    qd0: { x: 0.01, y: v },
    section: { contact: 'wall' },
    fix: ["y'"],
    continuation: { parameter: 'a', from: 1, to: 0.5 },
  };

  it('finds the orbit on the axis with period 2v/g, stable, and the period doubling at a = v²/g (the apex at the focus a/2)', async () => {
    const system = deriveSystem(buildModel(billiard));
    const study = declaredOrbit(await loadGenerated(system), declaration);
    const o = study.orbit!;
    expect(Math.abs(o.q[0]!)).toBeLessThan(1e-9);
    expect(o.period).toBeCloseTo((2 * v) / G, 9);
    expect(o.stable).toBe(true);
    const branch = study.branch!;
    expect(branch.bifurcations.map((b) => b.kind)).toEqual(['period-doubling']);
    expect(branch.bifurcations[0]!.parameter / ((v * v) / G)).toBeCloseTo(1, 6);
    for (const p of branch.points) expect(p.stable).toBe(p.parameter >= (v * v) / G - 1e-6);
    const section = periodicOrbitSection(system, study);
    expect(section.title).toBe('Periodic orbit');
    const printed = text(section);
    expect(printed).toContain(`T = ${Number(((2 * v) / G).toPrecision(6))}`.replace('T = ', ''));
    expect(printed).toContain('linearly stable');
    // The section and the velocity held fixed in the report's words and symbols, not the declaration's (contact:wall, y').
    const intro = section.blocks[0]!;
    expect(intro.kind === 'paragraph' && intro.content).toContainEqual({ math: '\\dot{y}' });
    expect(JSON.stringify(intro)).not.toMatch(/contact:wall|families\): y'/);
    expect(printed).toContain(`period-doubling at a = ${branch.bifurcations[0]!.parameter.toPrecision(8)}`);
    expect(section.blocks.some((b) => b.kind === 'figure')).toBe(true);
    // Stable down to the flip, unstable beyond: two stretches and the unit line.
    const figure = section.blocks.find((b) => b.kind === 'figure');
    expect(figure && figure.kind === 'figure' && figure.legend.map((l) => l.label)).toEqual(['\\text{stable}', '\\text{unstable}', '|\\rho| = 1']);
  });

  it('a failed search is printed, not thrown; a start naming no coordinate is an error', async () => {
    const system = deriveSystem(buildModel(billiard));
    const mod = await loadGenerated(system);
    // e < 1: no orbit but the rest.
    // A section the bouncing never reaches: the flow gives up after its 1000 events.
    const failed = declaredOrbit(mod, { q0: { y: 0 }, qd0: { y: 3 }, section: { coordinate: 'y', value: 5, direction: 'up' } });
    expect(failed.orbit).toBeUndefined();
    expect(text(periodicOrbitSection(system, failed))).toContain('No orbit was found: ');
    expect(failed.error).toMatch(/more than 1000 events/);
    expect(() => declaredOrbit(mod, { q0: { z: 0 }, qd0: {}, section: { contact: 'wall' } })).toThrow(/orbit.q0 names z, not a coordinate/);
  });
});

describe('the rimless wheel’s declared orbit (derivations/rimless-wheel.ts)', () => {
  it('rolls at the fixed point of the stride map ω⁻² = c/(1 − r²) (2.6), advancing x by 2k sin α and ψ by −2π per revolution', () => {
    const declaration = wheelSpec.orbit!;
    const study = declaredOrbit(wheel as unknown as LoadedModule, declaration);
    const k = 6,
      alpha = Math.PI / k,
      Istar = study.params.Istar!,
      gamma = study.params.gamma!;
    const r = (Istar + Math.cos(2 * alpha)) / (Istar + 1);
    const c = (4 * G * Math.sin(alpha) * Math.sin(gamma)) / (1 + Istar);
    const o = study.orbit!;
    expect(o.qd[2]).toBeCloseTo(-r * Math.sqrt(c / (1 - r * r)), 8);
    expect(o.shift.x).toBeCloseTo(2 * k * Math.sin(alpha), 8);
    expect(o.shift.psi).toBeCloseTo(-2 * Math.PI, 9);
    expect(o.asymptotic).toBe(true);
    const printed = text(periodicOrbitSection(deriveSystem(buildModel(wheelSpec)), study));
    expect(printed).toContain('asymptotically stable');
    expect(printed).toContain('6 impacts');
    expect(printed).toContain(`${Number((2 * k * Math.sin(alpha)).toPrecision(6))}`);

    // The limit cycle drawn: one period from the fixed point, ψ turning once (−2π) through the six jumps, the dot at (2.6)'s ψ̇⁺.
    const cycle = study.cycle!;
    // (The run starts on the contact, its state projected onto it to 1e-13.)
    [...o.q, ...o.qd].forEach((v, i) => expect([...cycle.q[0]!, ...cycle.qd[0]!][i]).toBeCloseTo(v, 9));
    expect(cycle.t.at(-1)! - cycle.t[0]!).toBeCloseTo(o.period, 12);
    expect(cycle.q.at(-1)![2]! - cycle.q[0]![2]!).toBeCloseTo(-2 * Math.PI, 6);
    const [figure] = orbitFigures(buildModel(wheelSpec), study);
    expect(figure!.id).toBe('plot-limit-cycle');
    const caption = JSON.stringify(figure!.caption);
    expect(caption).toContain('6 impact jumps');
    expect(caption).toContain(`, ${Number((-r * Math.sqrt(c / (1 - r * r))).toPrecision(4))})`);

    // Spoke 2 strikes with spoke 1 on the ground (Rubanovich–Formalsky's mode 1 at α = π/6 < α₀): spoke 1 leaves,
    // the four spokes in the air do not; the conclusion says so.
    const spokes = wheelSpec.unilateral!.map((u) => u.name);
    expect(study.leaving!.map((j) => spokes[j])).toEqual(['spoke1']);
    const said = JSON.stringify(conclusionBlocks({ system: deriveSystem(buildModel(wheelSpec)), sources: [], orbit: study }));
    expect(said).toContain('just after each impact of spoke 2",", at which spoke 1 leaves"');
  });
});

describe('the compass walker’s declared orbit: Goswami et al.’s symmetric period-one gait', () => {
  it('returns after two mirror-image steps, each taking half the period, x advanced by two step lengths 2l sin a*; stable, its multipliers those of the differenced stride map, stated in the abstract', async () => {
    const system = deriveSystem(buildModel(walkerSpec));
    const study = declaredOrbit(await loadGenerated(system), walkerSpec.orbit!);
    const o = study.orbit!;
    // Just after foot 1's strike: a1 = a* = −a2 (both feet on the slope at the strike).
    const aStar = o.q[2]!;
    expect(o.q[3]!).toBeCloseTo(-aStar, 9);
    expect(aStar).toBeCloseTo(0.271, 2);
    expect(o.impacts.map((i) => i.contacts)).toEqual([[1], [0]]);
    // Symmetric: foot 2's strike at half the period, and each step moves the hip by the feet's distance 2l sin a* (l = 1).
    expect(o.impacts[0]!.t).toBeCloseTo(o.period / 2, 6);
    expect(o.shift.x!).toBeCloseTo(4 * Math.sin(aStar), 6);
    expect(o.period).toBeCloseTo(1.4687, 3);
    expect(o.asymptotic).toBe(true);
    expect(Math.max(...o.multipliers.map((z) => Math.hypot(z.re, z.im)))).toBeLessThan(0.34);

    // The multipliers against the step-to-step map by central differences of the plain flow (no variational
    // equations, no saltation matrices): on the section foot 1 stands at the origin with a2 = −a1 = −a, so the
    // state is (a, ȧ1, ȧ2); two steps later foot 1 strikes again.
    const mod = await loadGenerated(system);
    const stride = (s: readonly number[]): number[] => {
      const [a, w1, w2] = s as [number, number, number];
      const q0 = [-Math.sin(a), Math.cos(a), a, -a];
      const qd0 = [-Math.cos(a) * w1, -Math.sin(a) * w1, w1, w2];
      const r = flowToSection(mod, { q0, qd0, section: { contact: 'foot1' }, maxTime: 5 });
      return [r.x[2]!, r.x[6]!, r.x[7]!];
    };
    const fixed = [o.q[2]!, o.qd[2]!, o.qd[3]!];
    expect(
      stride(fixed)
        .map((v, i) => v - fixed[i]!)
        .every((d) => Math.abs(d) < 1e-7),
    ).toBe(true);
    const h = 1e-5;
    const J = new Array<number>(9);
    for (let k = 0; k < 3; k++) {
      const up = stride(fixed.map((v, i) => v + (i === k ? h : 0)));
      const down = stride(fixed.map((v, i) => v - (i === k ? h : 0)));
      for (let i = 0; i < 3; i++) J[i * 3 + k] = (up[i]! - down[i]!) / (2 * h);
    }
    const byModulus = (zs: readonly { re: number; im: number }[]) => [...zs].sort((p, q) => Math.hypot(q.re, q.im) - Math.hypot(p.re, p.im) || p.im - q.im);
    const expected = byModulus(eigenvalues(3, J));
    const found = byModulus(o.multipliers.filter((z) => Math.hypot(z.re, z.im) > 1e-9));
    expect(found).toHaveLength(3);
    found.forEach((z, i) => expect(Math.hypot(z.re - expected[i]!.re, z.im - expected[i]!.im)).toBeLessThan(1e-5));
    // One step (orbit.step): foot 2 strikes at half the period, and with a1 ↔ a2 exchanged there the state is the
    // section's again; the period is two such steps, so its multipliers are the squares of the step's.
    const step = study.step!;
    expect(step.period).toBeCloseTo(o.period / 2, 6);
    expect(step.mismatch).toBeLessThan(1e-8);
    const squares = byModulus(
      step.multipliers.filter((z) => Math.hypot(z.re, z.im) > 1e-9).map((z) => ({ re: z.re * z.re - z.im * z.im, im: 2 * z.re * z.im })),
    );
    expect(squares).toHaveLength(3);
    squares.forEach((z, i) => expect(Math.hypot(z.re - found[i]!.re, z.im - found[i]!.im)).toBeLessThan(1e-6));
    // The other 3 of the 6 are 0: standing on foot 1 after its strike, its normal and tangential rows hold at the
    // velocity level (ẏ, ẋ through ȧ1) and its gap y = l cos a1 at the position level; its row along the slope fixes x,
    // which advances. 7 periodic components less these 3 and the flow direction leave the 3 of (a, ȧ1, ȧ2).
    const held = heldConditions(system, o)!;
    expect(held).toEqual({ contacts: [0], velocity: 2, position: 1, advancing: ['x'] });
    expect(text(periodicOrbitSection(system, { ...study, held }))).toContain(
      'Of the 6, 3 are 0: just after each impact foot 1 is held, so the state satisfies its 2 rows at the velocity level and 1 at the position level',
    );

    // The conclusion and the abstract state the gait by its steps, advance and the largest modulus (the fixed point's
    // state is the Results'); the discussion says how fast a deviation dies out, a step's factor the square root of the
    // period's.
    const facts = { system, sources: [], orbit: study };
    const said = JSON.stringify(conclusionBlocks(facts));
    const modulus = Number(Math.hypot(found[0]!.re, found[0]!.im).toPrecision(4));
    expect(said).toContain(`x\\\\ \\\\text{by}\\\\ ${Number(o.shift.x!.toPrecision(4))}`);
    expect(said).toContain(`two mirror steps of ${Number((o.period / 2).toPrecision(4))} each`);
    expect(said).toContain(`its Floquet multipliers of modulus at most ${modulus}`);
    expect(said).not.toContain(`${Number(o.qd[2]!.toPrecision(4))}`);
    const discussed = JSON.stringify(discussionBlocks(facts));
    const perStep = Math.sqrt(Math.hypot(found[0]!.re, found[0]!.im));
    expect(discussed).toContain(`shrinks by the factor ${Number(perStep.toPrecision(4))} a step, ${modulus} a period`);
    expect(discussed).toContain(`falls to 1 % of itself in ${Math.ceil(Math.log(0.01) / Math.log(perStep))} steps`);
    const abstract = JSON.stringify(abstractText(facts));
    expect(abstract).toContain(`x\\\\ \\\\text{by}\\\\ ${Number(o.shift.x!.toPrecision(4))}`);
    expect(abstract).toContain(`its Floquet multipliers of modulus at most ${modulus}","."]`);
    expect(abstract).not.toContain(`${Number(o.qd[2]!.toPrecision(4))}`);
    expect(abstract).toContain(`two mirror steps of ${Number((o.period / 2).toPrecision(4))} each`);

    // The step-to-step map's iterates from the declared start (0.02–0.03 rad/s off the gait): each a heel strike with
    // both feet on the slope (a2 = −a1), approaching the fixed point at the rate of the largest multiplier, |λ| ≈ 0.336.
    const returns = study.returns!;
    expect(returns).toHaveLength(6);
    for (const r of returns) expect(r[3]! + r[2]!).toBeCloseTo(0, 9);
    const distance = (r: readonly number[]): number => Math.hypot(...[2, 5, 6, 7].map((k) => r[k]! - [...o.q, ...o.qd][k]!));
    expect(distance(returns[0]!)).toBeGreaterThan(0.01);
    expect(distance(returns[5]!)).toBeLessThan(3 * 0.34 ** 5 * distance(returns[0]!));
    // The figures: the limit cycle with the two jumps, at the impacts' times, and the cobweb's fixed point.
    const figures = orbitFigures(system.model, study);
    expect(figures.map((f) => f.id)).toEqual(['plot-limit-cycle', 'plot-step-map']);
    const captions = JSON.stringify(figures.map((f) => f.caption));
    expect(captions).toContain(`t = ${o.impacts.map((i) => Number(i.t.toPrecision(4))).join(',\\\\ ')}`);
    expect(captions).toContain(`= ${Number(o.qd[3]!.toPrecision(4))}`);
  });
});
