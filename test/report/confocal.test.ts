// kozlov1988 Fig. 3 in the parabolic billiard's report (src/report/confocal.ts):
// two panels, each the study's path with the wall and the parabolas of its
// roots drawn across the path's whole width; at every sample the path lies
// between the drawn sides the paper names ((5.4) for Fig. 3a, (5.5) for
// Fig. 3b), read off the drawn curves; the figures cite the paper's panels.
import { describe, expect, it } from 'vitest';
import parabolic from '../../derivations/parabolic-billiard.js';
import { buildModel } from '../../src/model/model.js';
import { checkStudyFigures } from '../../src/model/validate/paper-study-figures.js';
import { confocalCurves, confocalSection } from '../../src/report/confocal.js';
import type { Figure } from '../../src/report/document.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { confocalStudy } from '../../src/studies/confocal.js';

const billiard = (await import('../../generated/parabolic-billiard.js')) as unknown as LoadedModule;
const study = confocalStudy(billiard, checkStudyFigures(parabolic.paper!.studyFigures, buildModel(parabolic), true).confocal!);
const section = confocalSection(study);

/** A drawn curve read at x by linear interpolation between its points (NaN where it is not drawn). */
function at(curve: { readonly x: readonly number[]; readonly y: readonly number[] }, x: number): number {
  const i = curve.x.findIndex((xi) => xi >= x);
  if (i <= 0) return Number.NaN;
  const s = (x - curve.x[i - 1]!) / (curve.x[i]! - curve.x[i - 1]!);
  return curve.y[i - 1]! + s * (curve.y[i]! - curve.y[i - 1]!);
}

describe('kozlov1988 Fig. 3 in the parabolic billiard’s report', () => {
  it('draws the two panels, each captioned with its panel of the paper’s figure', () => {
    const figures = section.blocks.filter((b): b is Figure => b.kind === 'figure');
    expect(figures.map((f) => f.id)).toEqual(['plot-confocal-a', 'plot-confocal-b']);
    expect(figures.map((f) => JSON.stringify(f.caption).includes(`Fig. 3${f.id.slice(-1)}`))).toEqual([true, true]);
    expect(figures.every((f) => f.tikz !== undefined)).toBe(true);
  });

  it.each([0, 1])('panel %i: the path between its drawn sides at every sample', (k) => {
    const r = study.runs[k]!;
    const [path, wall, c1, c2] = confocalCurves(study.a, r);
    expect(path!.x).toBe(r.x);
    r.x.forEach((x, i) => {
      const y = r.y[i]!;
      const [w, lower, upper] = [at(wall!, x), at(c1!, x), at(c2!, x)];
      // Drawn wherever the path goes: the wall, and each side at least where it bounds the path.
      expect(Number.isFinite(w)).toBe(true);
      expect(y).toBeGreaterThan(w - 1e-3);
      if (Number.isFinite(upper)) expect(y).toBeLessThan(upper + 1e-3);
      // (5.4): below c₁'s parabola, which opens up; (5.5): above it, opening down.
      if (Number.isFinite(lower)) expect(r.panel === 'a' ? y < lower + 1e-3 : y > lower - 1e-3).toBe(true);
    });
    expect(c2!.y.filter(Number.isFinite).length).toBeGreaterThan(40);
    expect(c1!.y.filter(Number.isFinite).length).toBeGreaterThan(40);
  });
});
