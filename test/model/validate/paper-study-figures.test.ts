// The figures a study draws (src/model/validate/paper-study-figures.ts),
// checked by buildModel with the rest of the paper: the parabolic billiard's
// and the Birkhoff billiard's build and read back as declared; an unknown
// kind, one declared twice, a start naming a coordinate the model lacks or
// leaving one out, a value not a finite number, a panel the paper lacks, the
// walls without an orbit and the confocal motions on a model without x, y,
// a, g are each a named problem, with the model's name, at its own field;
// so are kozlov1988 Fig. 1's realizations on a contact that is not realized,
// a law that is not a realized one, a label that is not plain words, a
// parameter the model lacks and a t1 or cut that is not positive; and
// kozlov1988 §3's averaged law on a model outside its class, and
// kuleshov2011 Figs. 2–4 and its runs on the incline on a model without a
// contact patch, or with a run at a parameter it lacks or a t1 not positive.
import { describe, expect, it } from 'vitest';
import birkhoff from '../../../derivations/kozlov-birkhoff-orbit.js';
import parabolic from '../../../derivations/parabolic-billiard.js';
import elastic from '../../../derivations/kozlov-release-elastic.js';
import billiard from '../../../derivations/circle-billiard.js';
import disk from '../../../derivations/viscoelastic-disk.js';
import rimless from '../../../derivations/rimless-wheel.js';
import { buildModel } from '../../../src/model/model.js';
import { checkStudyFigures } from '../../../src/model/validate/paper-study-figures.js';
import { builds, modelError, mutate, problems } from '../spec-cases.js';

const start = { panel: 'a', q: { x: 0.2, y: 0.3 }, qd: { x: 0.5, y: 0 } };
const withFigures = (base: typeof parabolic, studyFigures: unknown[]) => mutate(base, { paper: { ...base.paper!, studyFigures } });
const confocal = (change: Record<string, unknown>) => withFigures(parabolic, [{ kind: 'confocal-motions', starts: [{ ...start, ...change }] }]);

describe('a paper’s figures drawn by a study', () => {
  it('that are sound build and read back by kind: the parabolic billiard’s two starts, the Birkhoff billiard’s walls', () => {
    builds(parabolic);
    builds(birkhoff);
    const fig3 = checkStudyFigures(parabolic.paper!.studyFigures, buildModel(parabolic), true);
    expect(fig3.orbitWalls).toBe(false);
    expect(fig3.confocal!.map((s) => [s.panel, s.q.x, s.q.y, s.qd.x, s.qd.y])).toEqual([
      ['a', 0.2, 0.3, 0.5, 0],
      ['b', 0, 0.8, 1, 0],
    ]);
    const fig2 = checkStudyFigures(birkhoff.paper!.studyFigures, buildModel(birkhoff), true);
    expect(fig2).toEqual({ orbitWalls: true, averagedSpeed: false, rollingSpeeds: false });
    expect(checkStudyFigures(undefined, buildModel(birkhoff), true)).toEqual({ orbitWalls: false, averagedSpeed: false, rollingSpeeds: false });
    builds(billiard);
    expect(checkStudyFigures(billiard.paper!.studyFigures, buildModel(billiard), false)).toEqual({
      orbitWalls: false,
      averagedSpeed: true,
      rollingSpeeds: false,
    });
    expect(checkStudyFigures(rimless.paper!.studyFigures, buildModel(rimless), true)).toEqual({ orbitWalls: false, averagedSpeed: false, rollingSpeeds: true });
  });

  it('refuse an unknown kind, one declared twice and an unknown key, naming the model', () => {
    expect(problems(withFigures(parabolic, [{ kind: 'poincare-section' }]))).toEqual([['unknown-field', 'paper.studyFigures[0].kind']]);
    expect(problems(withFigures(birkhoff, [{ kind: 'periodic-orbit-walls' }, { kind: 'periodic-orbit-walls' }]))).toEqual([
      ['duplicate-name', 'paper.studyFigures[1].kind'],
    ]);
    expect(problems(withFigures(birkhoff, [{ kind: 'periodic-orbit-walls', starts: [] }]))).toEqual([['unknown-field', 'paper.studyFigures[0].starts']]);
    const err = modelError(withFigures(parabolic, [{ kind: 'poincare-section' }]));
    expect((err.problems[0] ?? err).where.model).toBe('parabolic-billiard');
  });

  it('give every coordinate and velocity of a start a finite number, naming only coordinates of the model', () => {
    const at = 'paper.studyFigures[0].starts[0]';
    expect(problems(confocal({ q: { x: 0.2, y: 0.3, z: 1 } }))).toEqual([['unknown-coordinate', `${at}.q.z`]]);
    expect(problems(confocal({ qd: { x: 0.5 } }))).toEqual([['missing-field', `${at}.qd`]]);
    expect(problems(confocal({ q: { x: Number.NaN, y: 0.3 } }))).toEqual([['bad-type', `${at}.q.x`]]);
    expect(problems(confocal({ qd: { x: Number.POSITIVE_INFINITY, y: 0 } }))).toEqual([['bad-type', `${at}.qd.x`]]);
    expect(problems(confocal({ q: { x: '0.2', y: 0.3 } }))).toEqual([['bad-type', `${at}.q.x`]]);
    expect(problems(confocal({ panel: 'c' }))).toEqual([['bad-type', `${at}.panel`]]);
    expect(problems(withFigures(parabolic, [{ kind: 'confocal-motions', starts: [] }]))).toEqual([['missing-field', 'paper.studyFigures[0].starts']]);
  });

  it('ask of the model what the study reads: an orbit for the walls, x, y, a and g for the confocal motions', () => {
    const { orbit: _, ...noOrbit } = birkhoff;
    expect(problems(noOrbit)).toEqual([['missing-field', 'orbit']]);
    expect(problems(withFigures(birkhoff, [{ kind: 'confocal-motions', starts: [start] }]))).toEqual([['unknown-symbol', 'paper.studyFigures[0].kind']]);
  });

  it('draw kozlov1988 §3’s averaged law only on two coordinates and one unilateral contact', () => {
    expect(problems(withFigures(elastic, [{ kind: 'averaged-speed' }]))).toEqual([['unknown-field', 'paper.studyFigures[0].kind']]);
    expect(problems(withFigures(billiard, [{ kind: 'averaged-speed', t1: 3 }]))).toEqual([['unknown-field', 'paper.studyFigures[0].t1']]);
  });

  it('draw kuleshov2011 Figs. 2–4 only from a contact patch: the disk’s builds, the billiard’s is refused', () => {
    builds(disk);
    expect(problems(withFigures(billiard, [{ kind: 'universal-restitution' }]))).toEqual([['unknown-field', 'paper.studyFigures[0].kind']]);
  });

  it('run kuleshov2011 §2’s stages on the incline: the disk’s three runs read back; a parameter the model lacks, a t1 not positive, an unknown key and a model without a patch refused', () => {
    expect(checkStudyFigures(disk.paper!.studyFigures, buildModel(disk), false).inclineRuns).toEqual([
      { params: { alpha: 0.002 }, t1: 40 },
      { params: { alpha: 0.02 }, t1: 25 },
      { params: { alpha: 0.6 }, t1: 2 },
    ]);
    const runs = (...rs: unknown[]) => withFigures(disk, [{ kind: 'incline-runs', runs: rs }]);
    expect(problems(runs({ params: { beta: 0.1 }, t1: 1 }))).toEqual([['unknown-parameter', 'paper.studyFigures[0].runs[0].params.beta']]);
    expect(problems(runs({ params: { alpha: 0.1 }, t1: 0 }))).toEqual([['bad-type', 'paper.studyFigures[0].runs[0].t1']]);
    expect(problems(runs({ params: { alpha: 0.1 }, t1: 1, at: 2 }))).toEqual([['unknown-field', 'paper.studyFigures[0].runs[0].at']]);
    expect(problems(withFigures(billiard, [{ kind: 'incline-runs', runs: [] }]))).toEqual([['unknown-field', 'paper.studyFigures[0].kind']]);
  });

  it('read kozlov1988 Fig. 1’s realizations: the realized contact, its label, the other laws in order, the parameters, t1 and the cut', () => {
    builds(elastic);
    const fig1 = checkStudyFigures(elastic.paper!.studyFigures, buildModel(elastic), false).realizations!;
    expect([fig1.contact, fig1.label, fig1.laws.map((l) => l.label), fig1.params, fig1.t1, fig1.cut, fig1.limits]).toEqual([
      'line',
      'elastic',
      ['added mass', 'viscous'],
      { N: 100 },
      4,
      0.03,
      [],
    ]);
  });

  it('refuse realizations of a contact not realized, a law not realized, a label not in words, a parameter the model lacks, t1 or cut not positive', () => {
    const fig1 = elastic.paper!.studyFigures![0]!;
    const at = (change: Record<string, unknown>) => problems(mutate(elastic, { paper: { ...elastic.paper!, studyFigures: [{ ...fig1, ...change }] } }));
    const field = 'paper.studyFigures[0]';
    expect(at({ contact: 'floor' })).toEqual([['unknown-contact', `${field}.contact`]]);
    expect(at({ laws: { rigid: { plastic: true } } })).toEqual([['bad-compliant-law', `${field}.laws.rigid`]]);
    expect(at({ label: 'elastic $x$' })).toEqual([['bad-text', `${field}.label`]]);
    expect(at({ laws: { 'a\\b': { compliant: { damping: 'N' } } } })).toEqual([['bad-text', `${field}.laws.a\\b`]]);
    expect(at({ params: { M: 10 } })).toEqual([['unknown-parameter', `${field}.params.M`]]);
    expect(at({ params: { N: '10' } })).toEqual([['bad-type', `${field}.params.N`]]);
    expect(at({ t1: 0 })).toEqual([['bad-type', `${field}.t1`]]);
    expect(at({ cut: -0.1 })).toEqual([['bad-type', `${field}.cut`]]);
    expect(at({ samples: 10 })).toEqual([['unknown-field', `${field}.samples`]]);
    // The laws also run as N grows are named among the laws.
    builds(mutate(elastic, { paper: { ...elastic.paper!, studyFigures: [{ ...fig1, limits: ['viscous'] }] } }));
    expect(at({ limits: ['rigid'] })).toEqual([['bad-type', `${field}.limits.0`]]);
    expect(at({ limits: 'viscous' })).toEqual([['bad-type', `${field}.limits`]]);
  });
});
