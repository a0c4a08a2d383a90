// Every HTML report opened in headless Chromium (Debian's package, driven by
// playwright-core): no KaTeX error, KaTeX's fonts loaded from docs/katex/,
// and the plots drawn. A screenshot of the showcase report (the compass) is
// written to test-artifacts/. Without Chromium the check says it skipped,
// except in CI (CI=true), where a missing browser is a failure.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteOutputs, writeOutputs } from '../../src/cli/build.js';
import { ARTIFACTS, allReports, IN_CI, models, SHOWCASE } from './reports.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const INSTALL = 'install it with .ci/install-system-deps.sh (apt-get install chromium)';

if (!HAVE_CHROMIUM && !IN_CI) console.warn(`${CHROMIUM} not found: the browser checks are skipped; ${INSTALL}.`);

type Browser = import('playwright-core').Browser;

describe.runIf(HAVE_CHROMIUM || IN_CI)('the HTML reports in headless Chromium', () => {
  const reports = allReports();
  // Fresh reports with the KaTeX assets, as `npm run derive` lays them out in docs/.
  const site = join(ARTIFACTS, 'reports');
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (!HAVE_CHROMIUM) return;
    rmSync(site, { recursive: true, force: true });
    mkdirSync(site, { recursive: true });
    for (const r of reports) writeOutputs(site, { files: r.files });
    writeOutputs(site, siteOutputs(models));
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('Chromium is installed (CI never skips this check)', () => {
    expect(HAVE_CHROMIUM, `${CHROMIUM} is missing: ${INSTALL}`).toBe(true);
  });

  it.each(reports.map((r) => [r.name, r] as const))('%s: typeset without KaTeX errors, fonts loaded, plots drawn', async (name, r) => {
    if (!browser) return;
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    try {
      const failed: string[] = [];
      page.on('requestfailed', (req) => failed.push(req.url()));
      await page.goto(pathToFileURL(join(site, 'docs', `${name}.html`)).href);
      await page.evaluate('document.fonts.ready.then(() => true)');
      expect(await page.locator('.katex-error').count()).toBe(0);
      expect(await page.locator('.katex').count()).toBeGreaterThan(10);
      expect(await page.evaluate("document.fonts.check('16px KaTeX_Main') && document.fonts.check('16px KaTeX_Math')")).toBe(true);
      expect(failed, 'requests that failed (missing stylesheet or fonts?)').toEqual([]);
      const figures = r.doc.sections.flatMap((s) => s.blocks.filter((b) => b.kind === 'figure'));
      const plots = page.locator('svg.plot');
      expect(await plots.count()).toBe(figures.length);
      for (let i = 0; i < figures.length; i++) {
        const box = await plots.nth(i).boundingBox();
        expect(box && box.width > 300 && box.height > 150).toBe(true);
        expect(await plots.nth(i).locator('polyline').count()).toBeGreaterThan(0);
      }
      if (name === SHOWCASE) {
        mkdirSync(ARTIFACTS, { recursive: true });
        await page.screenshot({ path: join(ARTIFACTS, `${name}-report.png`), fullPage: true });
      }
    } finally {
      await page.close();
    }
  }, 30_000);

  it('docs/index.html lists every model and links to its reports', async () => {
    if (!browser) return;
    const page = await browser.newPage();
    try {
      await page.goto(pathToFileURL(join(site, 'docs', 'index.html')).href);
      const links = await page.locator('a.title').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      // The index lists models by name (site.ts), so kozlov-release comes before kozlov-release-added-mass.
      expect(links).toEqual(models.map((m) => m.spec.name).sort().map((name) => `${name}.html`));
    } finally {
      await page.close();
    }
  });
});
