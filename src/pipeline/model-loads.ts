// The model files being imported right now. A model file is code, and its
// top-level await may wait on something that never settles: the import then
// never returns, Node's event loop runs dry and the process ends (exit code
// 13, Node's unsettled top-level await) without a word. The command line
// asks here at exit which file it was.
// Tests: test/cli/bad-input.test.ts (a model file that never finishes loading).
import { MechanicsError } from '../errors.js';

const loading = new Set<string>();

/** Import the model file `source` with `load`, counted as loading until it settles. */
export async function whileLoading<T>(source: string, load: () => Promise<T>): Promise<T> {
  loading.add(source);
  try {
    return await load();
  } finally {
    loading.delete(source);
  }
}

/** The error to print when the process ends while a model file is still loading; undefined when none is. */
export function unsettledLoadError(): MechanicsError | undefined {
  const [source] = loading;
  if (source === undefined) return undefined;
  return new MechanicsError(
    'bad-model-file',
    'model',
    `${source} never finished loading: its top-level code awaits a promise that nothing is left to settle, so it never exports its model`,
    { source },
  );
}
