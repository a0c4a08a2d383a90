// Every HTML report opened in headless Chromium (Debian's package, driven by
// playwright-core), one browser and one page for all: no KaTeX or console error,
// KaTeX's fonts loaded from docs/reports/katex/, at 1280 and at 412 px (a phone) no
// display set below the body font, no equation number over its formula, no
// page wider than the screen (wide displays and tables scroll in their box), the
// plots drawn with tick labels of 11 px that never overlap (a phone gets its own layout), every table
// in a box that scrolls sideways rather than widen the page, its caption above the box wrapped
// to the column (the rimless wheel's equilibria table, four columns, fits the phone's column
// itself: it was 434 px in a 364 px column); and the animation advances when played.
// The page visits the reports in turn: a page of its own cost each report a
// renderer process, about a third of the browser's CPU. Without
// Chromium the check says it skipped, except in CI (CI=true), where a missing
// browser is a failure.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOutputs } from '../../src/cli/write-outputs.js';
import { siteOutputs } from '../../src/pipeline/site.js';
import { ARTIFACTS, allReports, IN_CI, models } from './reports.js';
import { CHROMIUM, CHROMIUM_ARGS, HAVE_CHROMIUM } from '../helpers/chromium.js';

const INSTALL = 'install it with .ci/install-system-deps.sh (apt-get install chromium)';

if (!HAVE_CHROMIUM && !IN_CI) console.warn(`${CHROMIUM} not found: the browser checks are skipped; ${INSTALL}.`);

type Browser = import('playwright-core').Browser;
type Page = import('playwright-core').Page;

describe.runIf(HAVE_CHROMIUM || IN_CI)('the HTML reports in headless Chromium', () => {
  const reports = allReports();
  // Fresh reports with the KaTeX assets, as `npm run derive` lays them out in docs/reports/.
  const site = join(ARTIFACTS, 'reports');
  let browser: Browser | undefined;
  let page: Page;
  // What the page reported since the last visit began (visit clears them).
  const failed: string[] = [];
  const errors: string[] = [];
  /** The page's width now. */
  let shown = 1280;

  /**
   * Open a report at a width. A new width is set on a blank page: resizing
   * the report just left would lay all of it out again for nothing.
   */
  async function visit(file: string, at: number): Promise<void> {
    if (at !== shown) {
      await page.goto('about:blank');
      await page.setViewportSize({ width: at, height: 900 });
      shown = at;
    }
    failed.length = 0;
    errors.length = 0;
    await page.goto(pathToFileURL(join(site, 'docs', 'reports', file)).href);
  }

  /** Lay the open report out at another width, and let it draw there. */
  async function resize(to: number): Promise<void> {
    await page.setViewportSize({ width: to, height: 900 });
    shown = to;
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  }

  beforeAll(async () => {
    if (!HAVE_CHROMIUM) return;
    rmSync(site, { recursive: true, force: true });
    mkdirSync(site, { recursive: true });
    for (const r of reports) writeOutputs(site, { files: r.files });
    writeOutputs(site, siteOutputs(models));
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: shown, height: 900 } });
    page.on('requestfailed', (req) => failed.push(req.url()));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('Chromium is installed (CI never skips this check)', () => {
    expect(HAVE_CHROMIUM, `${CHROMIUM} is missing: ${INSTALL}`).toBe(true);
  });

  /**
   * What a referee sees at one width: KaTeX errors, displays wider than their
   * box, equation numbers drawn over their formula (the number's box against
   * the formula's rows), figures drawn.
   */
  const measure = `(() => {
    const small = [];
    const overlap = [];
    const body = parseFloat(getComputedStyle(document.body).fontSize);
    for (const d of document.querySelectorAll('.katex-display')) {
      if (d.offsetParent === null) continue;
      const size = parseFloat(getComputedStyle(d.querySelector('.katex')).fontSize);
      if (size < body - 0.01) small.push(size);
      const tag = d.querySelector('.katex-tag');
      if (!tag) continue;
      const left = tag.getBoundingClientRect().left;
      const right = Math.max(...[...d.querySelectorAll('.katex-html > .base')].map((b) => b.getBoundingClientRect().right));
      if (right > left + 1) overlap.push(right - left);
    }
    return {
      displays: document.querySelectorAll('.katex-display').length,
      small, overlap,
      page: document.documentElement.scrollWidth,
      errors: document.querySelectorAll('.katex-error').length,
      katex: document.querySelectorAll('.katex').length,
      plots: [...document.querySelectorAll('svg.plot')].filter((p) => p.getBoundingClientRect().width > 0).map((p) => {
        // Tick labels as drawn: their size in CSS px, and pairs whose boxes (less 1 px of the font's line box) overlap.
        const scale = p.getBoundingClientRect().width / p.viewBox.baseVal.width;
        const ticks = [...p.querySelectorAll('text.tick')];
        const boxes = ticks.map((t) => t.getBoundingClientRect());
        let clashes = 0;
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++) {
            const [a, b] = [boxes[i], boxes[j]];
            if (a.left + 1 < b.right && b.left + 1 < a.right && a.top + 1 < b.bottom && b.top + 1 < a.bottom) clashes++;
          }
        return {
          id: p.id,
          w: p.getBoundingClientRect().width,
          lines: p.querySelectorAll('polyline').length,
          tickPx: Math.min(...ticks.map((t) => parseFloat(getComputedStyle(t).fontSize) * scale)),
          clashes,
        };
      }),
      sketches: document.querySelectorAll('svg.sketch').length,
      // The report's column, its tables' widths, their scrolling boxes' and their captions' (wrapped, never wider).
      column: (() => {
        const main = document.querySelector('main.report');
        const style = getComputedStyle(main);
        return main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      })(),
      tables: Object.fromEntries([...document.querySelectorAll('table')].map((t) => [t.id, t.getBoundingClientRect().width])),
      boxes: [...document.querySelectorAll('div.table')].map((b) => b.getBoundingClientRect().width),
      // Tables whose box scrolls sideways: a column the reader would have to scroll to (a wide one is stacked instead).
      scrolled: [...document.querySelectorAll('div.table')].filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.firstElementChild.id),
      captions: [...document.querySelectorAll('.table-caption')].map((c) => c.scrollWidth),
    };
  })()`;

  // Every other report opens at the phone's width and is then widened: each opens at the width the
  // page was left at, and no report is laid out at a width it is not checked at (a blank page between
  // them cost each report an unload and a navigation of its own).
  it.each(reports.map((r, i) => [r.name, r, i % 2 === 0 ? [1280, 412] : [412, 1280]] as const))(
    '%s: typeset without KaTeX or console errors, displays at the body font and the page within the screen at 1280 and 412 px, figures drawn',
    async (name, r, widths) => {
      if (!browser) return;
      await visit(`${name}.html`, widths[0]);
      await page.evaluate('document.fonts.ready.then(() => true)');
      expect(await page.evaluate("document.fonts.check('16px KaTeX_Main') && document.fonts.check('16px KaTeX_Math')")).toBe(true);
      for (const width of widths) {
        await resize(width);
        const m = (await page.evaluate(measure)) as {
          displays: number;
          small: number[];
          overlap: number[];
          page: number;
          errors: number;
          katex: number;
          plots: { id: string; w: number; lines: number; tickPx: number; clashes: number }[];
          sketches: number;
          column: number;
          tables: Record<string, number>;
          boxes: number[];
          scrolled: string[];
          captions: number[];
        };
        expect(m.errors).toBe(0);
        expect(m.katex).toBeGreaterThan(10);
        // A display too wide scrolls sideways in its own box, its number after it: never smaller than the text, never widening the page.
        expect(m.small, `displays set below the body font at ${width} px (px)`).toEqual([]);
        expect(m.page, `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
        expect(m.overlap, `equation numbers over their formula at ${width} px (px)`).toEqual([]);
        const html = r.files.get(`docs/reports/${name}.html`)!;
        // One layout of each plot shown: the page's, or below 40rem the phone's (Scene.narrow).
        expect(m.plots).toHaveLength(html.match(/<svg[^>]*\bclass="plot\b(?![^"]*\bnarrow\b)/g)?.length ?? 0);
        if (width === 1280) expect(m.plots.filter((p) => p.id.endsWith('-narrow'))).toEqual([]);
        for (const p of m.plots) expect(p.w).toBeGreaterThan(width === 412 ? 250 : 300);
        // Tick labels read at 11 px on the phone as on the page (they drew at 6.3 px in a 640 px plot shrunk to 364), none over another.
        for (const p of m.plots) expect(p.tickPx, `${p.id}: tick labels at ${width} px`).toBeGreaterThanOrEqual(10.5);
        for (const p of m.plots) expect(p.clashes, `${p.id}: tick labels over each other at ${width} px`).toBe(0);
        // The motion's curves are drawn wherever the report has them.
        for (const p of m.plots.filter((x) => x.id === 'plot-coordinates' || x.id === 'plot-velocities' || x.id.startsWith('plot-phase')))
          expect(p.lines, p.id).toBeGreaterThan(0);
        expect(m.sketches).toBe(html.match(/<svg[^>]*\bclass="sketch\b/g)?.length ?? 0);
        // Every table in its scrolling box within the column, its caption above the box wrapped to the column.
        expect(m.column).toBeGreaterThan(300);
        expect(m.boxes).toHaveLength(Object.keys(m.tables).length);
        for (const w of m.boxes) expect(w, `a table's box at ${width} px`).toBeLessThanOrEqual(m.column + 1);
        expect(m.scrolled, `tables scrolled sideways at ${width} px`).toEqual([]);
        expect(m.captions).toHaveLength(m.boxes.length);
        for (const w of m.captions) expect(w, `a table's caption at ${width} px`).toBeLessThanOrEqual(m.column + 1);
        if (name === 'rimless-wheel') expect(m.tables['tab-equilibria'], `the equilibria table at ${width} px`).toBeLessThanOrEqual(m.column + 1);
      }
      expect(errors, 'console errors').toEqual([]);
      expect(failed, 'requests that failed (missing stylesheet or fonts?)').toEqual([]);
    },
  );

  it('the animation advances: after play the drawn positions change, and the slider seeks', async () => {
    if (!browser) return;
    await visit('double-pendulum.html', 1000);
    const positions = (): Promise<string[]> =>
      page.locator('.animation circle.point').evaluateAll((cs) => cs.map((c) => `${c.getAttribute('cx')},${c.getAttribute('cy')}`));
    const before = await positions();
    expect(before.length).toBe(3);
    await page.locator('.animation button').click();
    // Until a point has moved: a frame or two, however loaded the machine.
    await page.waitForFunction(
      `[...document.querySelectorAll('.animation circle.point')].map((c) => c.getAttribute('cx') + ',' + c.getAttribute('cy')).join(' ') !== ${JSON.stringify(before.join(' '))}`,
      undefined,
      { timeout: 300_000 },
    );
    expect(await page.locator('.animation button').textContent()).toBe('Pause');
    const after = await positions();
    expect(after[0]).toBe(before[0]); // the pivot stays
    expect(after.slice(1)).not.toEqual(before.slice(1));
    await page.locator('.animation button').click();
    await page.locator('.animation input').fill('0');
    expect(await positions()).toEqual(before);
    expect(await page.locator('.animation output').textContent()).toBe('t = 0.00 s');
  });

  it('docs/reports/index.html lists every model and links to its reports', async () => {
    if (!browser) return;
    await visit('index.html', shown);
    const links = await page.locator('a.title').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    // The index lists models by name (site.ts), so kozlov-release comes before kozlov-release-added-mass.
    expect(links).toEqual(
      models
        .map((m) => m.spec.name)
        .sort()
        .map((name) => `${name}.html`),
    );
  });
});
