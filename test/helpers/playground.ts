// The playground's files as `npm run build:playground` makes them from the
// current sources (playground/build.ts), built once per test run and shared
// through the run's directory (run-dir.ts): the check of the committed
// docs/playground/ and the page in Chromium read the same build.
import { playgroundFiles } from '../../playground/build.js';
import { claim, read, reclaimAbandoned, RUN_DIR, store, stored, storeFailure } from './run-dir.js';

type Files = Map<string, string | Uint8Array>;

const KEY = 'playground';

async function buildAndStore(): Promise<Files> {
  let files: Files;
  try {
    files = await playgroundFiles();
  } catch (err) {
    storeFailure(KEY, err);
    throw err;
  }
  store(KEY, files);
  return files;
}

/** Built here, or read from the run's directory, or waited for while another process builds it. */
async function fromRun(): Promise<Files> {
  if (!RUN_DIR) return playgroundFiles();
  if (claim(KEY)) return buildAndStore();
  for (;;) {
    if (stored(KEY)) return read<Files>(KEY);
    if (reclaimAbandoned(KEY)) return buildAndStore();
    await new Promise((done) => setTimeout(done, 100));
  }
}

let built: Promise<Files> | undefined;

/** The playground's files, path relative to docs/playground/ → contents. */
export const builtPlayground = (): Promise<Files> => (built ??= fromRun());
