// The playground in headless Chromium (Debian's package, driven by
// playwright-core as test/report/browser.test.ts does), opened from file://
// as built from the current sources (the run's one build, test/helpers/playground.ts): no console error, the compass's
// derivation typeset, its impact mode switching where α crosses
// arcsin(1/√3), a malformed model's named error beside the last good
// result, the animation moving, the module download equal to the CLI's;
// and the same page from `mechanics playground`'s server. One page does it
// all (reloaded for the shared link, then sent to the server): a page of its
// own cost each check a renderer process and the playground's start.
// Without Chromium the checks say they skipped, except in CI (CI=true).
import { mkdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileModel } from '../../src/pipeline/compiled-model.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { buildOutputs } from '../../src/pipeline/outputs.js';
import { loadModelFile } from '../../src/pipeline/model-file.js';
import { writePlaygroundFiles } from '../../playground/build.js';
import { servePlayground } from '../../src/cli/playground.js';
import { ROOT } from '../helpers/examples.js';
import { CHROMIUM, CHROMIUM_ARGS, HAVE_CHROMIUM } from '../helpers/chromium.js';
import { builtPlayground } from '../helpers/playground.js';

const IN_CI = process.env.CI === 'true';
const SITE = join(ROOT, 'test-artifacts', 'playground');
/** Rubanovich–Formalsky §1: the standing foot stays iff α > arcsin(1/√3). */
const CRITICAL = Math.asin(1 / Math.sqrt(3));

if (!HAVE_CHROMIUM && !IN_CI)
  console.warn(`${CHROMIUM} not found: the playground's browser checks are skipped; install it with .ci/install-system-deps.sh (apt-get install chromium).`);

type Browser = import('playwright-core').Browser;
type Page = import('playwright-core').Page;

describe.runIf(HAVE_CHROMIUM || IN_CI)('the playground in headless Chromium, from file://', () => {
  let browser: Browser | undefined;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    expect(HAVE_CHROMIUM, `${CHROMIUM} is missing`).toBe(true);
    writePlaygroundFiles(SITE, await builtPlayground());
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
    await page.goto(`${pathToFileURL(join(SITE, 'index.html')).href}#example=bouncing-ball`);
    await page.locator('#events li').first().waitFor({ timeout: 300_000 });
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** The first impact in the event list after a run with the given α. */
  async function firstImpactAt(alpha: number): Promise<string> {
    const before = await page.locator('body').getAttribute('data-run');
    await page.locator('#sliders input[name=alpha]').fill(String(alpha));
    await page.waitForFunction(`document.body.dataset.run !== '${before}'`, undefined);
    return (await page.locator('#events li[data-type=impact]').first().getAttribute('data-contacts'))!.split('+').sort().join('+');
  }

  it('loads the shared example with no console error and runs it', async () => {
    expect(await page.locator('#title').textContent()).toMatch(/ball/i);
    expect(await page.locator('#events li[data-type=impact]').count()).toBeGreaterThan(3);
    expect(errors).toEqual([]);
  });

  it('renders the compass chosen from the menu: its sections typeset by KaTeX without error', async () => {
    await page.selectOption('#examples', 'compass');
    await page.waitForFunction("document.querySelector('#title').textContent.includes('compass')", undefined);
    await page.locator('#sliders input[name=alpha]').waitFor();
    expect(await page.locator('#report .katex-error').count()).toBe(0);
    await page.evaluate('document.fonts.ready.then(() => true)');
    expect(await page.evaluate("document.fonts.check('16px KaTeX_Main') && document.fonts.check('16px KaTeX_Math')")).toBe(true);
    expect(await page.locator('#report .katex').count()).toBeGreaterThan(50);
    for (const id of ['lagrange2', 'hamilton', 'contact-phases', 'impact-maps']) expect(await page.locator(`#report section#${id}`).count(), id).toBe(1);
    expect(await page.evaluate('location.hash')).toBe('#example=compass');
    expect(errors).toEqual([]);
  });

  it('changes the impact mode in the event list where alpha crosses arcsin(1/sqrt(3))', async () => {
    expect(await firstImpactAt(CRITICAL - 0.02)).toBe('footD');
    expect(await firstImpactAt(CRITICAL + 0.02)).toBe('footB+footD');
    expect(await firstImpactAt(CRITICAL - 0.02)).toBe('footD');
  });

  it('advances the animation when played', async () => {
    const clock = await page.locator('#animation output').textContent();
    await page.locator('#animation button').click();
    await page.waitForFunction("Number(document.querySelector('#animation input[type=range]').value) > 10", undefined);
    await page.locator('#animation button').click();
    expect(await page.locator('#animation output').textContent()).not.toBe(clock);
    // The README's picture (docs/playground-screenshot.png is a copy of it).
    mkdirSync(join(ROOT, 'test-artifacts'), { recursive: true });
    await page.screenshot({ path: join(ROOT, 'test-artifacts', 'playground.png') });
  });

  it("downloads the generated module equal to the CLI's for the same model file, the .tex and the run", async () => {
    // Still the compass from the menu, as derived above: choosing it again would only derive it again.
    expect(await page.locator('#examples').inputValue()).toBe('compass');
    await page.locator('#dl-module:not([disabled])').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#dl-module').click()]);
    expect(download.suggestedFilename()).toBe('compass.ts');
    const text = readFileSync((await download.path())!, 'utf8');
    const cli = buildOutputs(compileModel(await loadModelFile('derivations/compass.ts', ROOT), loadGenerated), { report: false });
    expect(text).toBe(cli.files.get('generated/compass.ts'));
    // The other downloads, made by the worker on request: the .tex report and the run shown.
    const fetched = async (button: string): Promise<[string, string]> => {
      const [d] = await Promise.all([page.waitForEvent('download'), page.locator(button).click()]);
      return [d.suggestedFilename(), readFileSync((await d.path())!, 'utf8')];
    };
    const [texName, tex] = await fetched('#dl-tex');
    expect(texName).toBe('compass.tex');
    expect(tex).toContain('\\begin{document}');
    const [, csv] = await fetched('#dl-csv');
    expect(csv.split('\n')[0]).toMatch(/^t \[s\],xc \[m\],yc \[m\],psi \[rad\]/);
    const [, json] = await fetched('#dl-json');
    expect(JSON.parse(json).model).toBe('compass');
  });

  it("shows a malformed model's named error at its field and keeps the last good result", async () => {
    const good = await page.locator('#report').innerHTML();
    const text = readFileSync(join(ROOT, 'derivations', 'compass.ts'), 'utf8');
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(text.replace("potential: '2*m*g*yc'", "potential: '2*m*g*'"));
    const problem = page.locator('#errors .problem');
    await problem.first().waitFor({ timeout: 300_000 });
    expect(await problem.first().getAttribute('data-code')).toBe('parse-error');
    expect(await problem.first().getAttribute('data-field')).toBe('potential');
    // The editor underlines the field's line (CodeMirror draws only the lines
    // near the viewport, and typing left the cursor at the end of the file:
    // go back to the top, near the field, as a reader would); the results stay, dimmed.
    await page.keyboard.press('Control+Home');
    const underline = page.locator('.cm-lintRange-error').first();
    await underline.waitFor({ timeout: 300_000 });
    expect(await underline.textContent()).toContain('potential');
    expect(await page.locator('#report').innerHTML()).toBe(good);
    expect(await page.locator('#results.stale').count()).toBe(1);
    expect(await page.evaluate('location.hash')).toMatch(/^#model=/);
    // The link holds the edited text: opened anew, it shows the same model and the same error.
    await page.reload();
    await page.locator('#errors .problem').first().waitFor({ timeout: 300_000 });
    expect(await page.locator('#errors .problem').first().getAttribute('data-field')).toBe('potential');
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the text as shown), not the DOM property
    expect(await page.locator('.cm-content').innerText()).toContain("potential: '2*m*g*'");
  });

  // Last: it takes the page away from file://.
  it('works from a static server as well (mechanics playground)', async () => {
    const server = await servePlayground(SITE, 0);
    errors.length = 0;
    try {
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/#example=simple-pendulum`);
      await page.waitForSelector('body[data-run]');
      expect(await page.locator('#report .katex').count()).toBeGreaterThan(10);
      expect(await page.locator('#plots svg').count()).toBeGreaterThan(2);
      expect(errors).toEqual([]);
    } finally {
      server.close();
    }
  });
});
