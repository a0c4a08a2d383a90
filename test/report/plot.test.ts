// The hand-written SVG plots: round ticks, fixed number formatting, a flat
// line for a conserved energy, events drawn, and identical bytes every time.
import { describe, expect, it } from 'vitest';
import { showsNothing } from '../../src/report/motion-plots.js';
import { curveScene, drawnLegend, eventMarkers, legendSwatch, niceTicks, plotScene, svgPlot, tickLabel, valueRange } from '../../src/report/plot.js';
import { sceneFigure } from '../../src/report/scene-figure.js';
import { tikzScene } from '../../src/report/scene-tikz.js';

const t = Array.from({ length: 101 }, (_, k) => k / 10);
const spec = {
  id: 'plot-test',
  title: 'pendulum',
  t,
  xLabel: 't',
  yLabel: 'q',
  series: [
    { label: '\\theta', values: t.map((s) => Math.cos(3 * s)) },
    { label: '\\varphi', values: t.map((s) => 0.5 * Math.sin(s)) },
  ],
  events: [
    { t: 2.5, kind: 'impact' as const },
    { t: 7, kind: 'release' as const },
  ],
};

describe('plot axes', () => {
  it('ticks a whole-number axis (the realized variant, 1 … 4) at whole numbers only, not at 2.5 and 3.5', () => {
    expect(niceTicks(1.5, 4.5, 5).ticks).toContain(2.5);
    const whole = niceTicks(1.5, 4.5, 5, true);
    expect(whole.ticks).toEqual([1, 2, 3, 4, 5]);
    expect(whole.step).toBe(1);
    expect(niceTicks(0, 40, 5, true).step).toBe(10);
  });
  it('chooses 1-2-5 tick steps that cover the data', () => {
    expect(niceTicks(0, 10)).toMatchObject({ step: 2, lo: 0, hi: 10 });
    expect(niceTicks(-1, 1).step).toBe(0.5);
    const { ticks, lo, hi } = niceTicks(0.013, 0.087);
    expect(lo).toBeLessThanOrEqual(0.013);
    expect(hi).toBeGreaterThanOrEqual(0.087);
    expect(ticks.length).toBeGreaterThanOrEqual(4);
  });

  it('labels ticks with the decimals their step needs and a true minus sign', () => {
    expect(tickLabel(0.5, 0.5)).toBe('0.5');
    expect(tickLabel(2, 2)).toBe('2');
    expect(tickLabel(-0.25, 0.05)).toBe('−0.25');
    expect(tickLabel(-1e-17, 0.5)).toBe('0.0');
  });

  it('widens a constant series (a conserved energy) to a visible band around it', () => {
    const [lo, hi] = valueRange([-14.715, -14.715 + 1e-12, -14.715 - 1e-12]);
    expect(lo).toBeLessThan(-14.715 * 1.01);
    expect(hi).toBeGreaterThan(-14.715 * 0.99);
  });

  it('widens round-off about zero (a path along an axis) to the same band, and keeps a small real spread', () => {
    const [lo, hi] = valueRange([3e-17, -4e-17, 0, 1e-17]);
    expect([lo, hi].map((v) => Math.round(v * 1e12) / 1e12)).toEqual([-0.05, 0.05]);
    expect(valueRange([0, 1e-9, 2e-9])).toEqual([0, 2e-9]);
  });
});

/** The page's layout of a plot's SVG (the phone's follows it). */
const pageLayout = (svg: string): string => svg.slice(0, svg.indexOf('</svg>') + '</svg>'.length);

describe('svgPlot', () => {
  const both = svgPlot(spec);
  const svg = pageLayout(both);

  it('draws one polyline per series with a point per sample, in a standalone svg', () => {
    expect(svg).toMatch(/^<svg class="plot wide" id="plot-test" xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const lines = [...svg.matchAll(/<polyline[^>]*points="([^"]*)"/g)];
    expect(lines).toHaveLength(2);
    for (const [, pts] of lines) expect(pts!.split(' ')).toHaveLength(101);
  });

  it('marks impacts and releases as vertical lines', () => {
    expect(svg.match(/class="event impact"/g)).toHaveLength(1);
    expect(svg.match(/class="event release"/g)).toHaveLength(1);
  });

  it('writes every coordinate with one decimal, so the bytes never depend on round-off', () => {
    for (const [, x] of svg.matchAll(/ (?:x|y|x1|y1|x2|y2)="([^"]*)"/g)) expect(x).toMatch(/^-?\d+\.\d$/);
    expect(svgPlot(spec)).toBe(both);
  });

  it('adds a phone’s layout, 360 px wide, with the same curves and markers and at most 5 tick labels an axis', () => {
    const phone = both.slice(svg.length + 1);
    expect(phone).toMatch(/^<svg class="plot narrow" id="plot-test-narrow" [^>]*viewBox="0 0 360 260"/);
    expect(phone.match(/<polyline/g)).toHaveLength(2);
    expect(phone.match(/class="event /g)).toHaveLength(2);
    const ticks = (anchor: string, s: string): number => s.match(new RegExp(`class="tick"[^>]*text-anchor="${anchor}"`, 'g'))?.length ?? 0;
    expect(ticks('middle', phone)).toBeLessThanOrEqual(5);
    expect(ticks('end', phone)).toBeLessThanOrEqual(5);
    expect(ticks('middle', phone)).toBeLessThan(ticks('middle', svg));
    // 11 px labels over at least 40 px each on the x axis: none runs into the next.
    const xs = [...phone.matchAll(/class="tick" x="([\d.]+)" y="[\d.]+" text-anchor="middle"/g)].map((m) => Number(m[1]));
    for (let k = 1; k < xs.length; k++) expect(xs[k]! - xs[k - 1]!).toBeGreaterThanOrEqual(40);
  });
});

describe('events: one marker per instant', () => {
  // The compass's cascade: 13 events within a microsecond, then one more later.
  const cascade = [
    ...Array.from({ length: 12 }, (_, k) => ({ t: 0.5 + k * 1e-7, kind: k % 2 ? ('release' as const) : ('impact' as const) })),
    { t: 0.5 + 2e-6, kind: 'impact' as const },
    { t: 0.9, kind: 'contact' as const },
  ];

  it('merges events closer than the resolution into one marker counting them, its style the most frequent kind', () => {
    const markers = eventMarkers(cascade, 0.01);
    expect(markers).toHaveLength(2);
    expect(markers[0]).toMatchObject({ t: 0.5, count: 13, kind: 'impact', label: 'impact ×7, release ×6' });
    expect(markers[1]).toMatchObject({ t: 0.9, count: 1, kind: 'contact', label: 'contact' });
  });

  it('draws one line per marker and writes the count above the one that stands for several', () => {
    const svg = pageLayout(svgPlot({ ...spec, events: cascade }));
    expect(svg.match(/class="event /g)).toHaveLength(2);
    expect(svg).toContain('>×13</text>');
    expect(svg).toContain('<title>t = 0.5000: impact ×7, release ×6</title>');
  });

  it('keeps events at distinct instants apart', () => {
    expect(
      eventMarkers(
        [
          { t: 1, kind: 'impact' },
          { t: 1.5, kind: 'impact' },
        ],
        0.01,
      ),
    ).toHaveLength(2);
  });
});

describe('axis labels with units, in SVG and in TikZ', () => {
  it('prints the plain label in the SVG and the LaTeX one in the TikZ picture', () => {
    const scene = plotScene({ ...spec, xLabel: { text: 't [s]', tex: '$t$ [$\\mathrm{s}$]' }, yLabel: { text: 'q [rad]', tex: '$q$ [$\\mathrm{rad}$]' } });
    const texts = scene.items.filter((i) => i.kind === 'text').map((i) => (i.kind === 'text' ? i.text : ''));
    expect(texts).toEqual(expect.arrayContaining(['t [s]', 'q [rad]']));
    const tikz = tikzScene(scene, 480);
    expect(tikz).toContain('\\footnotesize $t$ [$\\mathrm{s}$]\\endpgfinterruptpicture');
    // The y label runs up the axis: its box is turned a quarter turn.
    expect(tikz).toMatch(/\$q\$ \[\$\\mathrm\{rad\}\$\]\\endpgfinterruptpicture\}%\n[^\n]*\\pgftransformrotate\{90\}/);
  });
});

describe('curveScene (a phase portrait)', () => {
  // A harmonic oscillator's orbit: q = cos t, q̇ = −sin t, a circle through (1, 0).
  const x = t.map((s) => Math.cos(s));
  const y = t.map((s) => -Math.sin(s));
  const scene = curveScene({ id: 'phase', title: 'phase', curves: [{ label: 'q', x, y }], xLabel: 'q', yLabel: 'dq/dt' });

  it('draws the closed orbit inside the frame, from a dot at the initial state (1, 0)', () => {
    const frame = scene.items.find((i) => i.kind === 'rect')!;
    const start = scene.items.find((i) => i.kind === 'circle')!;
    if (frame.kind !== 'rect' || start.kind !== 'circle') throw new Error('no frame or start');
    // x ticks run −1 … 1, so q = 1 is the frame's right edge; q̇ = 0 its middle.
    expect(start.cx).toBeCloseTo(frame.x + frame.w, 6);
    expect(start.cy).toBeCloseTo(frame.y + frame.h / 2, 6);
    const line = scene.items.find((i) => i.kind === 'polyline')!;
    if (line.kind !== 'polyline') throw new Error('no curve');
    for (let i = 0; i < line.points.length; i += 2) {
      expect(line.points[i]!).toBeGreaterThanOrEqual(frame.x - 1e-9);
      expect(line.points[i]!).toBeLessThanOrEqual(frame.x + frame.w + 1e-9);
    }
  });
});

// A legend passed with another style than the line is drawn with (the disk's depth: keyed orange dashed, drawn solid
// blue) takes the drawn one; entries past the series (an event kind) keep theirs.
describe('a figure’s legend is keyed by the lines as drawn', () => {
  it('one series drawn in the first style: its key is solid #0072b2 whatever was passed; the event key stays', () => {
    const scene = plotScene({ id: 'p', title: 'p', t: [0, 1, 2], series: [{ label: 'y', values: [0, 1, 0] }], events: [], xLabel: 't', yLabel: 'y' });
    const figure = sceneFigure(
      scene,
      0.8,
      [
        { label: 'y', color: '#d55e00', dash: '6 3' },
        { label: 'impact', color: '#999999', dash: '2 2' },
      ],
      [],
    );
    expect(figure.legend).toEqual([
      { label: 'y', color: '#0072b2' },
      { label: 'impact', color: '#999999', dash: '2 2' },
    ]);
  });
  it('a series given a style keeps it in its key: curve 0 drawn in style 2 is #009e73 dotted', () => {
    const scene = curveScene({ id: 'c', title: 'c', curves: [{ label: 'a', x: [0, 1], y: [0, 1], style: 2 }], xLabel: 'x', yLabel: 'y' });
    expect(sceneFigure(scene, 0.8, [{ label: 'a', color: '#0072b2' }], []).legend).toEqual([{ label: 'a', color: '#009e73', dash: '1.5 2.5' }]);
  });
});

describe('drawnLegend and legendSwatch (a series drawn as dots keyed by a dot)', () => {
  it('the key of a line is a stroke, the key of a dotted series a dot, in the figure’s own colours', () => {
    const scene = curveScene({
      id: 'keys',
      title: 'keys',
      curves: [
        { label: 'line', x: [0, 1, 2], y: [0, 1, 0] },
        { label: 'dot', x: [1], y: [0.5], dots: true },
      ],
      xLabel: 'x',
      yLabel: 'y',
    });
    const [line, dot] = drawnLegend(scene, [
      { label: 'line', color: '#000000' },
      { label: 'dot', color: '#000000', dash: '2 2' },
    ]);
    expect(line!.dot).toBeUndefined();
    expect(dot!.dot).toBe(true);
    expect(dot!.dash).toBeUndefined();
    expect(legendSwatch(line!)).toContain('<line ');
    expect(legendSwatch(dot!)).toContain(`<circle cx="12" cy="3" r="2.5" fill="${dot!.color}"/>`);
    expect(legendSwatch(dot!)).not.toContain('<line ');
  });
});

describe('showsNothing (a plot whose data is zero or absent over the shown run is not drawn)', () => {
  it('zero and NaN show nothing; one non-zero value shows something', () => {
    expect(showsNothing([[Number.NaN, Number.NaN, 0, 0], [0]])).toBe(true);
    expect(showsNothing([[Number.NaN, 0, 1e-12]])).toBe(false);
  });
});
