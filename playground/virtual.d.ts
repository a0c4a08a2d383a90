// Modules the build (build.ts) makes up: the examples of derivations/ as
// their source text, and the worker bundle as a string (started from a Blob,
// so the page works from file://, where a worker script cannot be fetched).
declare module 'playground:examples' {
  const examples: readonly { readonly name: string; readonly path: string; readonly text: string }[];
  export default examples;
}
declare module 'playground:worker' {
  const source: string;
  export default source;
}
