// The system's Chromium for the browser checks (playwright-core drives it and
// never downloads a browser of its own), with the flags every check launches
// it with: headless, no sandbox (CI runs as root), nothing fetched from outside.
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
