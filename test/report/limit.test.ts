// The section on the rigid limit (src/report/limit.ts): a study's table
// with the rigid model's row, the theory's limits and the fitted orders,
// dashes where a number is undefined; and in the reports of Kozlov's four
// realizations, the study their model files declare (built as `derive`
// builds it): the added mass's release 2 + √2 at every N with no order, the
// viscous 2 + 1/N with order 1, the elastic and Kelvin–Voigt releases
// tending to the rigid model's 1; the conclusion each report draws from the
// study's convergence (kozlov1988 (2.6), (2.7): the added mass and the
// viscous line tend to another motion than the rigid one); and the gaps the figure draws as
// kozlov1988 Fig. 1 does: the elastic runs in the strip −2g/N ≤ y ≤ 0 up to
// t = 1 (the solid line), the added-mass runs below the line until 2 + √2
// on the paper's (2.5) (the dashed one).
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import type { Block, Section, Table } from '../../src/report/document.js';
import { limitSection, type ReportLimitStudy } from '../../src/report/limit.js';
import { compileModel } from '../../src/pipeline/compiled-model.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { compileRigid } from '../../src/pipeline/rigid.js';
import { limitStudyOf } from '../../src/studies/limit.js';
import { models, report } from './reports.js';

const study: ReportLimitStudy = {
  parameter: 'N',
  rows: [
    { value: 10, release: 2.1, duration: 2.1, restitution: NaN, distance: 1.505 },
    { value: 10000, release: 2.0001, duration: 2.0001, restitution: NaN, distance: 1.5 },
  ],
  reference: { release: 1, duration: 1, restitution: NaN },
  limits: { release: 2 },
  orders: { release: 1, duration: 1, restitution: NaN, distance: NaN },
  extrapolated: { release: 2.0001, duration: 2.0001, restitution: NaN, distance: 1.5 },
  convergence: 'persists',
  rigidInTheLimit: false,
};

/** A block's words and math as one string. */
const words = (b: Block): string => (b.kind === 'paragraph' ? b.content.map((x) => (typeof x === 'string' ? x : 'math' in x ? x.math : '')).join('') : '');

const tableOf = (s: Section): Table => {
  const t = s.blocks.find((b) => b.kind === 'table');
  if (t?.kind !== 'table') throw new Error('no table');
  return t;
};
/** A cell as text: its math, or its words (a dash). */
const text = (cell: Table['rows'][number][number]): string => cell.map((x) => (typeof x === 'string' ? x : 'math' in x ? x.math : '')).join('');

describe('the rigid-limit section', () => {
  it('tabulates a drop’s restitution, duration, √N × duration and ẋ⁺ − ẋ⁻ per N beside Theorem 3’s limits, after the study', () => {
    const drop = {
      rows: [
        { value: 100, release: 1.2, duration: 0.17, restitution: 0.41, distance: NaN },
        { value: 10000, release: 1.02, duration: 0.016, restitution: 0.441, distance: NaN },
      ],
      limits: { restitution: 0.444 },
      orders: { release: NaN, duration: 0.5, restitution: 0.55, distance: NaN },
      extrapolated: { release: NaN, duration: 0.001, restitution: 0.4442, distance: NaN },
      start: { q: [-1, 0.1], qd: [0.5, -1], forcing: [0, -1] },
      scaledDuration: { power: 0.5, limit: 1.6, values: [1.7, 1.6], extrapolated: 1.61, order: 0.5 },
      tangential: [{ coordinate: 'x', jumps: [0, 1e-12] }],
    };
    const s = limitSection({ ...study, drop });
    const t = s.blocks.find((b) => b.kind === 'table' && b.id === 'rigid-limit-drop');
    if (t?.kind !== 'table') throw new Error('no drop table');
    expect(t.columns).toEqual(['N', 'restitution', 'duration', '√N × duration', 'x\u0307⁺ − x\u0307⁻']);
    // The duration tends to 0: no extrapolated value (Aitken's would be an artefact), only its scaled one.
    expect(t.rows.map((r) => r.map(text))).toEqual([
      ['100', '0.41', '0.17', '1.7', '0'],
      ['10000', '0.441', '0.016', '1.6', '1.000 \\cdot 10^{-12}'],
      ['limit (theory)', '0.444', '0', '1.6', '0'],
      ['extrapolated', '0.4442', '—', '1.61', '—'],
      ['fitted order', '0.55', '0.5', '0.5', '—'],
    ]);
    // The drop's start and the forcing there: the side of x = 0 and so the sign of the load g sgn x.
    const said = s.blocks.map(words).join(' ');
    expect(said).toContain('q(0) = (-1,\\allowbreak\\ 0.1)^{\\top}, \\dot{q}(0) = (0.5,\\allowbreak\\ -1)^{\\top}');
    expect(said).toContain('h = (0,\\allowbreak\\ -1)^{\\top}');
    expect(said).toContain('falls like N^{-1/2}, and \\sqrt{N}\\,\\delta_N tends to the limit in the table');
    expect(s.blocks.filter((b) => b.kind === 'table' && b.id === 'rigid-limit-drop')).toHaveLength(1);
    expect(limitSection(study).blocks.some((b) => b.kind === 'table' && b.id === 'rigid-limit-drop')).toBe(false);
  });

  it('tabulates each N, the rigid model, the theory’s limit and the fitted orders; a dash where a number is undefined', () => {
    // A drop: the contact enters with a speed, so its duration is not its release and it has a restitution.
    const entering = {
      ...study,
      rows: study.rows.map((r) => ({ ...r, duration: r.release - 0.5, restitution: 0.4 })),
      reference: { release: 1, duration: 0, restitution: 0.5 },
    };
    const t = tableOf(limitSection(entering));
    expect(t.columns).toEqual(['N', 'release', 'duration', 'restitution', 'distance to the rigid motion']);
    expect(t.rows.map((r) => text(r[0]!))).toEqual(['10', '10000', 'rigid model', 'limit (theory)', 'fitted order']);
    expect(t.rows[1]!.map(text)).toEqual(['10000', '2.0001', '1.5001', '0.4', '1.5']);
    expect(t.rows[2]!.map(text)).toEqual(['rigid model', '1', '0', '0.5', '0']);
    expect(t.rows[3]!.map(text)).toEqual(['limit (theory)', '2', '—', '—', '—']);
    expect(t.rows[4]!.map(text)).toEqual(['fitted order', '1', '1', '—', '—']);
    for (const row of t.rows)
      for (const cell of row)
        for (const x of cell)
          if (typeof x === 'object' && 'math' in x) expect(() => katex.renderToString(x.math, { strict: 'error', throwOnError: true })).not.toThrow();
  });

  it('no quantity with an order (a release the same in every run, a distance that levels off): no row of dashes, and the text says so', () => {
    const same = { ...study, rows: study.rows.map((r) => ({ ...r, release: 2, duration: 2 })), orders: { ...study.orders, release: NaN } };
    const s = limitSection(same);
    expect(tableOf(s).rows.map((r) => text(r[0]!))).toEqual(['10', '10000', 'rigid model', 'limit (theory)']);
    const said = words(s.blocks[0]!);
    expect(said).toContain('No quantity has an order to fit');
    expect(said).toContain('the table has no row of fitted orders.');
    expect(said).not.toContain('The last row fits');
  });

  it('an order a result below states (the release’s, kozlov1988 (2.7)) and a distance without one: no row of a pointer and a dash, the text points', () => {
    const s = limitSection(study, new Map([['release', 'paper-6']]));
    expect(tableOf(s).rows.map((r) => text(r[0]!))).toEqual(['10', '10000', 'rigid model', 'limit (theory)']);
    const opening = s.blocks[0]!;
    if (opening.kind !== 'paragraph') throw new Error('no paragraph');
    expect(opening.content.some((x) => typeof x === 'object' && 'ref' in x && x.ref === 'paper-6')).toBe(true);
    const said = words(opening);
    expect(said).toContain('The order of the last release, |x_{N} - x_\\infty| \\approx C\\,N^{-\\rho}, is a result below, , and the table does not repeat it');
    // The fixture's distance levels off (a limit motion other than the rigid one): said so, no power law denied it.
    expect(said).toContain('and the table does not repeat it; the distance to the rigid motion levels off, not at 0 (below).');
    expect(said).not.toContain('no power law');
    expect(said).not.toContain('The last row fits');
    expect(said).not.toContain('no row of fitted orders');
  });

  it('a contact from t = 0: its duration, the release in every run, and its restitution, none, not printed as columns', () => {
    const s = limitSection(study);
    const t = tableOf(s);
    expect(t.columns).toEqual(['N', 'release', 'distance to the rigid motion']);
    expect(t.rows.map((r) => r.map(text))).toEqual([
      ['10', '2.1', '1.505'],
      ['10000', '2.0001', '1.5'],
      ['rigid model', '1', '0'],
      ['limit (theory)', '2', '—'],
      ['fitted order', '1', '—'],
    ]);
    const said = words(s.blocks[0]!);
    expect(said).toContain('for growing N: the last release and the largest distance of the coordinates');
    expect(said).toContain(
      'The first contact’s duration is the last release in every run (the contact is there from t = 0 and released once), and is not printed apart.',
    );
    expect(said).toContain('No run has a restitution, and the table leaves it out.');
    expect(said).not.toContain('contact of no duration');
    // A contact never released (kozlov-realized-pendulum): no column but the distance.
    const never = { ...study, rows: study.rows.map((r) => ({ ...r, release: NaN, duration: NaN })), reference: undefined, limits: undefined };
    const bare = limitSection(never);
    expect(tableOf(bare).columns).toEqual(['N', 'distance to the rigid motion']);
    expect(words(bare.blocks[0]!)).toContain('No run has a release, a contact duration or a restitution, and the table leaves them out.');
  });

  it('says what the study decided of the distance: levelling off at its limit, vanishing, or undecided', () => {
    const said = (s: ReportLimitStudy): string => limitSection(s).blocks.map(words).join(' ');
    expect(said(study)).toContain('does not approach the rigid one as N grows: the largest distance between their motions levels off, not at 0 (Table )');
    const falling = { ...study, rows: [study.rows[0]!, { ...study.rows[1]!, distance: 1e-4 }], convergence: 'vanishes' as const };
    expect(said(falling)).toContain(
      'approaches the rigid one as N grows: the largest distance between their motions falls from 1.5 at N = 10 to 1 \\cdot 10^{-4} at N = 10000',
    );
    // With its rate (kozlov1988 Th. 1's 1/N): N times the distance over the study's values, here 15.05 and 1 typed from
    // the rows, and not the distances at its ends again.
    const rated = { ...falling, leading: { order: 1, scaled: [15.05, 1] } };
    expect(said(rated)).toContain('the largest distance between their motions falls like N^{-1}, N times it between 1 and 15 from N = 10 to 10000');
    expect(said(rated)).not.toContain('1.5 at N = 10');
    expect(said({ ...study, convergence: 'undecided' })).toContain('does not decide whether the compliant model approaches the rigid one');
    expect(said({ ...study, convergence: 'undecided' })).not.toContain('levels off');
  });

  it('draws the gap of each run beside the rigid model’s, where the study has them (kozlov1988 Fig. 1)', () => {
    const t = [0, 1, 2];
    const gaps = { contact: 'line', t, rows: [t.map(() => -0.1), t.map(() => -0.01)], reference: t.map(() => 0) };
    const figure = limitSection({ ...study, gaps }).blocks.find((b) => b.kind === 'figure');
    expect(figure?.kind === 'figure' && figure.legend.map((l) => l.label)).toEqual(['N = 10', 'N = 10000', '\\text{rigid}']);
    expect(limitSection(study).blocks.some((b) => b.kind === 'figure')).toBe(false);
  });

  it('with a cut, draws the pressed depth on a log scale, each run down to a thousandth of its deepest, and no rigid curve at f = 0', () => {
    const t = [0, 1, 2, 3];
    const gaps = {
      contact: 'line',
      t,
      rows: [
        [-0.1, -0.01, -1e-5, 0.002],
        [-1e-4, -1e-3, 0, 0],
      ],
      reference: t.map(() => 0),
      cut: 0.005,
    };
    const figure = limitSection({ ...study, gaps }).blocks.find((b) => b.kind === 'figure');
    if (figure?.kind !== 'figure') throw new Error('no figure');
    expect(figure.legend.map((l) => l.label)).toEqual(['N = 10', 'N = 10000']);
    expect(figure.svg).toContain('>log10(−f)<');
    // −1e-5 is below a thousandth of the first run's 0.1, f > 0 no depth: the first run's curve is its first two samples, −1 and −2.
    const ticks = [...figure.svg.matchAll(/text-anchor="end"[^>]*>([^<]*)</g)].map((x) => Number(x[1]!.replace('−', '-')));
    expect(ticks.length).toBeGreaterThan(2);
    expect(Math.min(...ticks)).toBeGreaterThanOrEqual(-4);
    expect(figure.caption.map((x) => (typeof x === 'string' ? x : 'math' in x ? x.math : '')).join('')).toContain(
      'rigid model’s contact, at f = 0, releases at t = 1',
    );
  });

  it('prints the theory’s distance 0 where the study finds its limits the rigid model’s; where they are another motion’s, that motion’s distance, else a dash', () => {
    const rigidLimit = { ...study, limits: { release: 1 }, rigidInTheLimit: true };
    expect(tableOf(limitSection(rigidLimit)).rows[3]!.map(text)).toEqual(['limit (theory)', '1', '0']);
    expect(tableOf(limitSection(study)).rows[3]!.map(text)).toEqual(['limit (theory)', '2', '—']);
    // kozlov1988 (2.7): released at 2, not 1, the limit flies g(t − 2)²/2 beside g(t − 1)²/2, apart by 3/2 at t = 3.
    expect(tableOf(limitSection({ ...study, limitDistance: 1.5 })).rows[3]!.map(text)).toEqual(['limit (theory)', '2', '1.5']);
  });

  it('without a rigid model or limits: only the runs and the orders', () => {
    const { reference: _r, limits: _l, ...bare } = study;
    expect(tableOf(limitSection(bare)).rows.map((r) => text(r[0]!))).toEqual(['10', '10000', 'fitted order']);
  });
});

describe('the study in the reports of Kozlov’s realizations', () => {
  /** The study's table as the report's body .tex prints it (`derive` builds it with the study the file declares). */
  const section = (name: string): Table => {
    const body = report(models.find((m) => m.spec.name === name)!).files.get(`docs/reports/${name}.body.tex`)!;
    const start = body.indexOf(`\\label{tab:${name}:rigid-limit}`);
    expect(start).toBeGreaterThan(0);
    const rows = body
      .slice(body.indexOf('\\midrule', start) + 8, body.indexOf('\\bottomrule', start))
      .trim()
      .split('\\\\')
      .map((r) => r.trim())
      .filter(Boolean);
    // The header, its columns as printed (the tests look a column up by its name, not its position).
    const header = body.slice(body.indexOf('\\toprule', start) + 8, body.indexOf('\\midrule', start));
    const columns = header
      .trim()
      .replace(/\\\\$/, '')
      .split(' & ')
      .map((c) => c.trim());
    return { kind: 'table', id: 'rigid-limit', caption: '', columns, align: '', rows: rows.map((r) => r.split(' & ').map((c) => [c.replace(/\$/g, '')])) };
  };
  const column = (t: Table, label: string): string[] => t.rows.find((r) => text(r[0]!) === label)!.map(text);

  it('added mass (2.6): the release 3.41421 = 2 + √2 at every N and no order, so no row of orders; the rigid model releases at 1', () => {
    const t = section('kozlov-release-added-mass');
    expect(t.rows.slice(0, 4).map((r) => text(r[1]!))).toEqual(['3.41421', '3.41421', '3.41421', '3.41421']);
    expect(column(t, 'rigid model')[1]).toBe('1');
    // Neither the release (the same in every run) nor the distance (levelling off at 4.33) has an order: the row would be all dashes.
    expect(t.rows.map((r) => text(r[0]!))).not.toContain('fitted order');
    expect(t.rows.every((r) => r.slice(1).some((c) => text(c) !== '---'))).toBe(true);
  });

  it('added mass: the section shows the gap of its runs beside the rigid one', () => {
    const study = report(models.find((m) => m.spec.name === 'kozlov-release-added-mass')!).doc.sections.find((s) => s.id === 'rigid-limit');
    expect(study?.blocks.some((b) => b.kind === 'figure' && b.id === 'plot-rigid-limit')).toBe(true);
  });

  it('added mass: Kozlov Fig. 1 at N = 100, which the depth figure points to, with the elastic line; each leaves when (2.5) and (2.4) say', () => {
    const doc = report(models.find((m) => m.spec.name === 'kozlov-release-added-mass')!).doc;
    const compared = doc.sections.find((s) => s.id === 'realizations')!;
    expect(compared.blocks.some((b) => b.kind === 'figure' && b.id === 'plot-realizations')).toBe(true);
    const leaves = Object.fromEntries(tableOf(compared).rows.map((r) => [text(r[0]!), Number(text(r[1]!))]));
    // (2.5): 2 + √2 for every N. The elastic line at N = 100: y = −g(1 − cos √N t)/N up to t = 1, then
    // y = g/N + A cos √N(t − 1) + B sin √N(t − 1) matching y, ẏ there, first back at y = 0 at t = 1.1028238 (solved
    // by hand). The rigid line at t = 1 (2.4).
    expect(leaves['added mass']).toBeCloseTo(2 + Math.SQRT2, 5);
    expect(leaves.elastic).toBeCloseTo(1.10282, 5);
    expect(leaves.rigid).toBe(1);
  });

  it('viscous (2.7): the release 2 + 1/N, its order that closed form’s, no fitted order in the tables or the results', () => {
    const t = section('kozlov-release-viscous');
    expect(t.rows.slice(0, 4).map((r) => Number(text(r[1]!)))).toEqual([2.1, 2.01, 2.001, 2.0001]);
    expect(t.rows.map((r) => text(r[0]!))).not.toContain('fitted order');
    const body = report(models.find((m) => m.spec.name === 'kozlov-release-viscous')!).files.get('docs/reports/kozlov-release-viscous.body.tex')!;
    // τ = 2 + 1/N + O(e^{−N}/N), the paper check's fifth row: the order exactly 1, pointed to.
    expect(body).toMatch(/\\tau &= 2 \+ \\frac\{1\}\{N\} \+ O\\left\(e\^\{-N\}\/N\\right\)[^\n]*\\label\{eq:kozlov-release-viscous:paper-5\}/);
    expect(body).toContain('C\\,N^{-\\rho}$, is a result below, \\eqref{eq:kozlov-release-viscous:paper-5}, and the table does not repeat it');
    // The distance tends to 1.5, not 0: it levels off, and no power law is denied it.
    expect(body).toContain('the distance to the rigid motion levels off, not at 0 (below).');
    expect(body).not.toContain('no power law');
    // Without adhesion the distance is g(1 + 2 ln 2)/N + O(N⁻²) (paper-8): its order is that result's, not a table row.
    const realizations = body.slice(body.indexOf('\\label{tab:kozlov-release-viscous:realizations-limit-1}'));
    expect(realizations.slice(0, realizations.indexOf('\\bottomrule'))).not.toContain('fitted order');
    expect(body).toContain('the order of the distance is a result below, \\eqref{eq:kozlov-release-viscous:paper-7}, which the table does not repeat:');
    const leading = /N \\max_\{t \\le 3\} \|y_N\^\{\\mathrm\{na\}\} - y_\{\(2\.4\)\}\| &= g \(1 \+ 2 \\ln 2\) \\approx ([\d.]+)/.exec(body);
    expect(Math.abs(Number(leading?.[1]) - (1 + 2 * Math.log(2)))).toBeLessThan(1e-3);
    expect(body).not.toMatch(/0\.99999\d/);
  });

  it.each(['kozlov-release-elastic', 'kozlov-release-kelvin-voigt'])(
    '%s: the release falls towards the rigid model’s 1, the distance to its motion too',
    (name) => {
      const t = section(name);
      const release = t.rows.slice(0, 4).map((r) => Number(text(r[1]!)));
      release.slice(1).forEach((x, k) => expect(x - 1).toBeLessThan(release[k]! - 1));
      expect(release[3]! - 1).toBeLessThan(0.01);
      const distance = t.rows.slice(0, 4).map((r) => Number(text(r.at(-1)!)));
      expect(distance[3]! * 10).toBeLessThan(distance[0]!);
      // The theory's release is the rigid model's (kozlov1988 (2.4)): its motion is the limit, at distance 0.
      expect(column(t, 'limit (theory)').at(-1)).toBe('0');
    },
  );

  it('Kelvin–Voigt with damping of order √N: the distance falls by one power of N, fitted order near 1/2', () => {
    expect(Number(column(section('kozlov-release-kelvin-voigt'), 'fitted order').at(-1))).toBeGreaterThan(0.4);
  });

  it('Kelvin–Voigt: the contact is there from t = 0, so the table has one column for its release and duration, none for a restitution', () => {
    const body = report(models.find((m) => m.spec.name === 'kozlov-release-kelvin-voigt')!).files.get('docs/reports/kozlov-release-kelvin-voigt.body.tex')!;
    const table = body.slice(body.indexOf('\\label{tab:kozlov-release-kelvin-voigt:rigid-limit}'));
    expect(table).toContain('N & release & distance to the rigid motion \\\\');
    expect(table.slice(0, table.indexOf('\\bottomrule'))).not.toContain('duration');
  });

  it('elastic: the distance falls by 0.33, 1.4 and 0.064 powers of N in its three steps (the release lags with the phase of √N): no fitted order', () => {
    // No quantity has an order: the table has no row of dashes for it.
    expect(section('kozlov-release-elastic').rows.map((r) => text(r[0]!))).not.toContain('fitted order');
  });

  it('elastic: the release only bounded, τ = 1 + O(N^{−1/2}) (kozlov1988 §2): no order, and N^{1/2}|t* − 1| printed for each N, below 1.3', () => {
    const t = section('kozlov-release-elastic');
    expect(t.rows.map((r) => text(r[0]!))).not.toContain('fitted order');
    const release = t.rows.slice(0, 4).map((r) => Number(text(r[1]!)));
    const scaled = release.map((x, k) => Math.sqrt([10, 100, 1000, 10000][k]!) * Math.abs(x - 1));
    scaled.forEach((x) => expect(x).toBeLessThan(1.3));
    const said = report(models.find((m) => m.spec.name === 'kozlov-release-elastic')!)
      .doc.sections.find((s) => s.id === 'rigid-limit')!
      .blocks.map(words)
      .join(' ');
    expect(said).toContain('The theory bounds the distance of the release to its limit only in order, O(N^{-1/2})');
    // The distance to (2.4) is bounded alike: √N times it, from the table's distances, at most 2.3 (at N = 100).
    const distance = t.rows.slice(0, 4).map((r, k) => Math.sqrt([10, 100, 1000, 10000][k]!) * Number(text(r[2]!)));
    expect(Math.max(...distance)).toBeLessThan(2.31);
    const most = /the largest distance between their motions is O\(N\^\{-1\/2\}\), \\sqrt\{N\} times it at most ([\d.]+) over the study/.exec(said);
    // In prose to two digits, rounded up: a bound, 2.3 (the table's 2.29999).
    expect(Number(most?.[1])).toBeGreaterThanOrEqual(Math.max(...distance));
    expect(Number(most?.[1]) - Math.max(...distance)).toBeLessThan(0.1);
    // Kozlov's τ for the release, never a coordinate's x.
    expect(said).toContain('\\sqrt{N}\\,|\\tau_{N} - 1|');
    expect(said).toContain(`${Number(scaled[0]!.toPrecision(6)).toString().slice(0, 5)}`);
  });

  /** The report's conclusion, as its body .tex prints it. */
  const conclusion = (name: string): string => {
    const body = report(models.find((m) => m.spec.name === name)!).files.get(`docs/reports/${name}.body.tex`)!;
    return body.slice(body.lastIndexOf('\\section{Conclusion}'));
  };

  it.each([
    // (2.5): the release at 2 + √2 whatever N, the root of t² − 4t + 2 after t = 1.
    ['kozlov-release-added-mass', '4.32843', ', which leaves at $\\tau = 2 + \\sqrt{2}$ for every $N$, tends to Kozlov (2.6)'],
    // The delayed release in closed form, typed from the analysis of (2.7)'s root: 2 + 1/N up to O(e^{−N}/N), the
    // finite runs' release; the limit's is t = 2.
    ['kozlov-release-viscous', '1.5', ', which leaves at $\\tau = 2 + \\frac{1}{N} + O\\left(e^{-N}/N\\right)$, tends to Kozlov (2.7), its release at $t = 2$'],
  ])(
    '%s: no fitted order of the distance, and the conclusion leads with the paper’s limit motion, without the horizon-set level %s: the model%s',
    (name, limit, eq) => {
      // The distance's order is a dash, or the row is gone where every order is (the added mass).
      expect(
        section(name)
          .rows.find((r) => text(r[0]!) === 'fitted order')
          ?.map(text)
          .at(-1) ?? '---',
      ).toBe('---');
      const said = conclusion(name);
      expect(said).not.toMatch(/model approaches the rigid one/);
      expect(said).toContain(`as $N$ grows the compliant model${eq}, not to the rigid one`);
      expect(said).toContain(`levels off, not at 0 (Table \\ref{tab:${name}:rigid-limit})`);
      expect(said).not.toContain(limit);
    },
  );

  it('kozlov-release-elastic: the conclusion refers to the release τ and its speed ẏ(τ) in closed form for every N (the orders’ source)', () => {
    // Referred to, not written out: on a phone the closed forms would not fit a line of running text.
    expect(conclusion('kozlov-release-elastic')).toContain(
      '$0.0078$ at $N = 10000$; the release is in closed form for every $N$, $\\tau$ of \\eqref{eq:kozlov-release-elastic:paper-8} at the speed $\\dot{y}(\\tau)$ of \\eqref{eq:kozlov-release-elastic:paper-9}.',
    );
    const body = report(models.find((m) => m.spec.name === 'kozlov-release-elastic')!).files.get('docs/reports/kozlov-release-elastic.body.tex')!;
    const display = (label: string): string => new RegExp(`^\\s*(.*)\\\\label\\{eq:kozlov-release-elastic:${label}\\}`, 'm').exec(body)?.[1] ?? '';
    expect(display('paper-8')).toMatch(/^\\tau &= 1 \+ \\frac\{2 \\arctan/);
    expect(display('paper-9')).toMatch(/^\\dot\{y\}\(\\tau\) &= \\frac\{2 g \\sqrt\{1 - \\cos/);
    // The printed τ at each N against the study's measured release (the table's first column, g = 1).
    const tau = (n: number): number =>
      1 + (2 / Math.sqrt(n)) * Math.atan((Math.sin(Math.sqrt(n)) + 2 * Math.sqrt(1 - Math.cos(Math.sqrt(n)))) / (3 - Math.cos(Math.sqrt(n))));
    const release = section('kozlov-release-elastic')
      .rows.slice(0, 4)
      .map((r) => Number(text(r[1]!)));
    release.forEach((x, k) => expect(x).toBeCloseTo(tau([10, 100, 1000, 10000][k]!), 4));
  });

  it('kozlov-release-viscous: the conclusion gives the no-adhesion limit, the classical motion (2.4) at distance g(1 + 2 ln 2)/N', () => {
    expect(conclusion('kozlov-release-viscous')).toContain(
      'The no-adhesion realization tends to the rigid motion, Kozlov (2.4), at distance $g (1 + 2 \\ln 2)/N$ to leading order.',
    );
  });

  it.each(models.filter((m) => m.spec.limitStudy).map((m) => m.spec.name))(
    '%s: says the model approaches the rigid one only where its table’s distance falls tenfold',
    (name) => {
      const t = section(name);
      const j = t.columns.indexOf('distance to the rigid motion');
      // Without a rigid model (kozlov-impact) the table has no distance, and the conclusion no approach to say.
      if (j < 0) return expect(conclusion(name)).not.toMatch(/model approaches the rigid one/);
      const distance = t.rows.filter((r) => /^\d/.test(text(r[0]!))).map((r) => Number(text(r[j]!).replace(' \\cdot 10^{', 'e').replace('}', '')));
      if (/model approaches the rigid one/.test(conclusion(name))) expect(distance.at(-1)! * 10).toBeLessThanOrEqual(distance[0]!);
    },
  );
});

describe('the gaps the rigid-limit figure draws, as kozlov1988 Fig. 1 (g = 1)', () => {
  /** The study a realization's report prints, run as the report inputs run it. */
  const gapsOf = (name: string) => {
    const file = models.find((m) => m.spec.name === name)!;
    const study = limitStudyOf(file.spec, compileModel(file, loadGenerated).loaded, compileRigid(file.spec, loadGenerated)?.loaded)!;
    return { values: study.rows.map((r) => r.value), gaps: study.gaps! };
  };

  it('elastic, the solid line: each run in the strip −2g/N ≤ y ≤ 0 up to t = 1, reaching below −g/N', () => {
    const { values, gaps } = gapsOf('kozlov-release-elastic');
    values.forEach((N, k) => {
      const early = gaps.rows[k]!.filter((_, i) => gaps.t[i]! <= 1);
      expect(Math.max(...early)).toBeLessThanOrEqual(1e-9);
      expect(Math.min(...early)).toBeGreaterThanOrEqual(-2 / N - 1e-9);
      if (N <= 100) expect(Math.min(...early)).toBeLessThan(-1 / N);
    });
  });

  it('added mass, the dashed line: each run on (2.5), y = −gt²/(2(N + 1)) to t = 1, below the line until 2 + √2, above it after', () => {
    const { values, gaps } = gapsOf('kozlov-release-added-mass');
    const release = 2 + Math.SQRT2;
    values.forEach((N, k) => {
      gaps.t.forEach((t, i) => {
        const y = gaps.rows[k]![i]!;
        if (t <= 1) expect(y).toBeCloseTo(-(t * t) / (2 * (N + 1)), 8);
        if (t > 0.01 && t < release - 0.01) expect(y).toBeLessThan(0);
        // Above the band the figure draws (its cut) the gap is left out, NaN.
        if (t > release + 0.01) expect(y > 0 || Number.isNaN(y)).toBe(true);
      });
    });
    // The rigid model leaves the line at t = 1 (2.4), y = g(t − 1)²/2 after, drawn up to the cut.
    gaps.t.forEach((t, i) => {
      const rigid = t <= 1 ? 0 : (t - 1) ** 2 / 2;
      if (rigid <= gaps.cut!) expect(gaps.reference![i]!).toBeCloseTo(rigid, 6);
      else expect(gaps.reference![i]!).toBeNaN();
    });
  });
});
