// Tables on a phone: the rimless wheel's equilibria (four columns, eight
// rows of configurations and eigenvalues) opened in headless Chromium at
// 412 px fits the report's column (it was 434 px in a 364 px column and
// widened the page), and every table sits in a box that scrolls sideways
// rather than widen the page, its caption above the box, wrapped to the
// column. Skipped without Chromium, except in CI.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeOutputs } from '../../src/cli/write-outputs.js';
import { siteOutputs } from '../../src/pipeline/site.js';
import { ARTIFACTS, IN_CI, models, report } from './reports.js';
import { CHROMIUM, CHROMIUM_ARGS, HAVE_CHROMIUM } from '../helpers/chromium.js';

describe.runIf(HAVE_CHROMIUM || IN_CI)('the rimless wheel’s tables in headless Chromium at 412 px', () => {
  it('fit the report’s column: the equilibria table itself, every other table in its scrolling box', async () => {
    expect(HAVE_CHROMIUM, `${CHROMIUM} is missing`).toBe(true);
    const wheel = report(models.find((m) => m.spec.name === 'rimless-wheel')!);
    const site = join(ARTIFACTS, 'tables');
    rmSync(site, { recursive: true, force: true });
    mkdirSync(site, { recursive: true });
    writeOutputs(site, { files: wheel.files });
    writeOutputs(site, siteOutputs([wheel.file]));
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 412, height: 900 } });
      await page.goto(pathToFileURL(join(site, 'docs', 'reports', 'rimless-wheel.html')).href);
      await page.evaluate('document.fonts.ready.then(() => true)');
      await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
      const m = (await page.evaluate(`(() => {
        const main = document.querySelector('main.report');
        const style = getComputedStyle(main);
        const column = main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const width = (e) => e.getBoundingClientRect().width;
        return {
          column,
          tables: Object.fromEntries([...document.querySelectorAll('table')].map((t) => [t.id, width(t)])),
          boxes: [...document.querySelectorAll('div.table')].map(width),
          captions: [...document.querySelectorAll('.table-caption')].map((c) => c.scrollWidth),
        };
      })()`)) as { column: number; tables: Record<string, number>; boxes: number[]; captions: number[] };
      expect(m.column).toBeGreaterThan(300);
      expect(m.tables['tab-equilibria']).toBeLessThanOrEqual(m.column + 1);
      expect(m.boxes).toHaveLength(Object.keys(m.tables).length);
      for (const w of m.boxes) expect(w).toBeLessThanOrEqual(m.column + 1);
      // Each caption above its box, wrapped to the column: never scrolled away with a wide table.
      expect(m.captions).toHaveLength(m.boxes.length);
      for (const w of m.captions) expect(w).toBeLessThanOrEqual(m.column + 1);
    } finally {
      await browser.close();
    }
  });
});
