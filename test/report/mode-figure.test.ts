// The hinged compass's outcome by the direction θ of (ȧ₁⁻, ȧ₂⁻)
// (src/report/mode-figure.ts): its rows cover the circle once, their edges
// are the study's arc ends (studies/mode-directions.ts), at the directions
// rubanovich1981's (3.10)–(3.16) put them (test/studies/mode-directions.test.ts
// checks them against the paper), and the report shows it with a caption.
import { describe, expect, it } from 'vitest';
import hinged from '../../derivations/hinged-compass.js';
import { impulseCurves, modeBands, modeFigure } from '../../src/report/mode-figure.js';
import { modeDirections } from '../../src/studies/mode-directions.js';
import { derived } from '../helpers/examples.js';
import { models, report } from './reports.js';

const TURN = 2 * Math.PI;

describe('the figure of the hinged compass’s impact outcome by direction', () => {
  const [study] = modeDirections(derived(hinged));
  const bands = modeBands(study!, ['mode 1', 'mode 2'], { arriving: 'foot 1', closed: ['foot 2'] });

  it('covers [0, 2π) once but for the smooth slide and the repelled arcs, each band edge an arc end of the study (mod 2π)', () => {
    const intervals = bands.flatMap((b) => b.intervals);
    for (const [a, b] of intervals) expect(0 <= a && a < b && b <= TURN).toBe(true);
    // The slide is drawn wherever admissible, 4.3467 < θ < 4.6717 (the referee's scan's edges), over mode 2 or no mode;
    // the arcs where foot 1 is repelled in every mode, 24.2 % of the half-circle (framing.test.ts), again beneath no mode.
    expect(intervals.reduce((sum, [a, b]) => sum + b - a, 0)).toBeCloseTo(TURN + (4.6717 - 4.3467) + 0.242 * Math.PI, 2);
    // No gap: each interval starts before the ones so far have ended.
    const sorted = [...intervals].sort((p, q) => p[0] - q[0]);
    expect(sorted[0]![0]).toBe(0);
    let end = 0;
    for (const [a, b] of sorted) {
      expect(a).toBeLessThanOrEqual(end + 1e-12);
      end = Math.max(end, b);
    }
    expect(end).toBeCloseTo(TURN, 12);
    const mod = (x: number): number => ((x % TURN) + TURN) % TURN;
    const ends = new Set(study!.arcs.flatMap((a) => [a.from, a.to]).map((x) => mod(x).toFixed(9)));
    const edges = new Set(
      intervals
        .flat()
        .filter((x) => x > 0 && x < TURN)
        .map((x) => x.toFixed(9)),
    );
    expect([...edges].sort()).toEqual([...ends].filter((x) => Number(x) > 0).sort());
  });

  it('draws the smooth slide on its whole arc 4.3467 < θ < 4.6717, mode 2’s included, and the approaching half-circle’s complement as not approaching', () => {
    const row = (label: string) => bands.find((b) => b.label.includes(label))!.intervals;
    expect(row('sliding on a smooth line')).toEqual([[expect.closeTo(4.3467, 4), expect.closeTo(4.6717, 4)]]);
    expect(row('mode 2')).toEqual([[expect.closeTo(4.4646, 4), expect.closeTo(4.6264, 4)]]);
    // Foot 1 approaches where ȧ₁⁻ + ȧ₂⁻ < 0, 3π/4 < θ < 7π/4.
    expect(row('not approaching')).toEqual([
      [expect.closeTo((7 * Math.PI) / 4, 12), TURN],
      [0, expect.closeTo((3 * Math.PI) / 4, 12)],
    ]);
    const share = (label: string) => row(label).reduce((sum, [a, b]) => sum + b - a, 0) / Math.PI;
    expect(share('mode 1') + share('mode 2')).toBeCloseTo(1 - study!.withoutOutcome, 12);
    // "No mode" is the whole complement of the modes' arcs in the approaching half-circle, up to θ = 7π/4: 31.5 %.
    const none = row('no mode');
    expect(none[0]![0]).toBeCloseTo(4.3467, 4);
    expect(none.at(-1)![1]).toBeCloseTo((7 * Math.PI) / 4, 12);
    expect(share('no mode')).toBeCloseTo(1 - share('mode 1') - (4.6264 - 4.4646) / Math.PI, 4);
    expect(share('no mode')).toBeCloseTo(0.315, 3);
  });

  it('plots the normal impulses at |v| = 1: the smooth slide’s those re-derived from (3.15), (3.16), changing sign at the bands’ edges', () => {
    const names = { modes: ['mode 1', 'mode 2'], theta: '\\theta', velocities: ['v_1', 'v_2'] as const, arriving: 'foot 1', closed: ['foot 2'] };
    const curves = impulseCurves(study!, names);
    expect(curves.map((c) => c.label)).toEqual([
      'mode 1,\\ \\text{foot 1}',
      'mode 2,\\ \\text{foot 1}',
      '\\text{smooth slide, foot 1}',
      '\\text{smooth slide, foot 2}',
    ]);
    // Each sample is the study's form p cos θ + q sin θ.
    const forms = [...study!.arrivingImpulses, ...study!.smoothImpulses!];
    curves.forEach((c, k) => c.theta.forEach((t, i) => expect(c.impulse[i]).toBeCloseTo(forms[k]![0] * Math.cos(t) + forms[k]![1] * Math.sin(t), 12)));
    // D (foot 1, sticking) and B (foot 2, sliding) at θ = 4.36, 4.40, 4.44, from (3.15), (3.16) solved independently at β = 0.3.
    const at = (f: readonly [number, number], t: number) => f[0] * Math.cos(t) + f[1] * Math.sin(t);
    const [D, B] = study!.smoothImpulses!;
    expect([4.36, 4.4, 4.44].map((t) => at(D!, t))).toEqual([expect.closeTo(0.31, 2), expect.closeTo(0.27, 2), expect.closeTo(0.23, 2)]);
    expect([4.36, 4.4, 4.44].map((t) => at(B!, t))).toEqual([expect.closeTo(0.006, 3), expect.closeTo(0.025, 3), expect.closeTo(0.044, 3)]);
    // The slide's band begins where B's impulse turns positive: a sign change of the drawn samples brackets the band's edge.
    const slide = curves[3]!;
    const k = slide.impulse.findIndex((v, i) => i > 0 && slide.impulse[i - 1]! < 0 && v >= 0);
    const [edge] = bands.find((b) => b.label.includes('sliding on a smooth line'))!.intervals[0]!;
    expect(slide.theta[k - 1]! <= edge && edge <= slide.theta[k]!).toBe(true);
  });

  it('names each row on the y axis by its outcome, top to bottom in the bands’ order, and numbers none', () => {
    const names = {
      modes: ['\\text{mode 1 (foot 2 leaves)}', '\\text{mode 2 (foot 2 stays)}'],
      theta: '\\theta',
      velocities: ['u', 'v'] as [string, string],
      arriving: 'foot 1',
      closed: ['foot 2'],
    };
    const figure = modeFigure(study!, names);
    const rows = [...figure.svg.matchAll(/<text class="row-name" x="[\d.]+" y="([\d.]+)"[^>]*>([^<]*)<\/text>/g)];
    // The page's layout, then the phone's.
    const labels = modeBands(study!, names.modes, names).map((b) => b.label.replace(/\\text\{([^}]*)\}/g, '$1'));
    expect(rows.map((r) => r[2])).toEqual([...labels, ...labels]);
    expect(rows[0]![2]).toBe('mode 1 (foot 2 leaves)');
    const ys = rows.slice(0, labels.length).map((r) => Number(r[1]));
    ys.slice(1).forEach((y, k) => expect(y).toBeGreaterThan(ys[k]!));
    expect(figure.svg).not.toMatch(/<text class="tick"[^>]*text-anchor="end"/);
    // Named as the results' text names the arcs; every arc without a mode "no mode", the repelled ones again beneath it.
    expect(labels.slice(2)).toEqual(['foot 2 sliding on a smooth line', 'no mode', 'of these, foot 1’s impulse negative in every mode', 'not approaching']);
    // Solid bands (dashes broke continuous arcs), the axis ending at 2π.
    expect(figure.svg).not.toMatch(/<polyline class="series"[^>]*stroke-dasharray/);
    expect(figure.tikz!.picture).toContain('\\footnotesize 6\\endpgfinterruptpicture');
    expect(figure.tikz!.picture).not.toContain('\\footnotesize 7\\endpgfinterruptpicture');
  });

  it('is in the report, .tex and .html, with its caption and label', () => {
    const { files } = report(models.find((m) => m.spec.name === 'hinged-compass')!);
    const tex = files.get('docs/reports/hinged-compass.body.tex')!;
    const figure = tex.slice(tex.indexOf('\\caption{Outcome of impact 1'));
    expect(figure).toMatch(/^\\caption\{Outcome of impact 1 \(foot 1 arriving\) by the direction \$\\theta \\in \[0, 2\\pi\)\$/);
    expect(figure.split('\n')[0]).toMatch(/\}\\label\{fig:hinged-compass:plot-mode-directions-1\}$/);
    expect(files.get('docs/reports/hinged-compass.html')!).toContain('id="plot-mode-directions-1"');
    expect(tex).toContain('}\\label{fig:hinged-compass:plot-mode-impulses-1}');
    expect(files.get('docs/reports/hinged-compass.html')!).toContain('id="plot-mode-impulses-1"');
  });

  it('says which mode the run’s one impact took: the standing foot leaves (mode 1); the run ends before the legs pass', () => {
    const { doc } = report(models.find((m) => m.spec.name === 'hinged-compass')!);
    const text = JSON.stringify(doc.sections.find((s) => s.id === 'simulation')!.blocks);
    const said = ['The impacts’ modes, read from the run’s events: ', 'at ', { math: 't = 0.2137' }, ' foot 1 strikes', ' and foot 2 leaves', '.'];
    expect(text).toContain(JSON.stringify(said).slice(1, -1));
  });
});
