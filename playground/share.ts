// The model in the page's URL, so that a link shares it: an example as
// shipped is `#example=<name>`; edited text is `#model=` followed by the
// text deflated (the browser's CompressionStream, no library) in base64url.
const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function through(bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

export type Shared = { readonly example: string } | { readonly text: string } | undefined;

/** The hash for a model: its example's name if it is one unchanged, else its compressed text. */
export async function hashOf(text: string, example: string | undefined): Promise<string> {
  if (example !== undefined) return `#example=${encodeURIComponent(example)}`;
  return `#model=${base64url(await through(encoder.encode(text), new CompressionStream('deflate-raw')))}`;
}

/** What a hash holds; undefined for none, or for one that does not decode (a truncated link). */
export async function readHash(hash: string): Promise<Shared> {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const example = params.get('example');
  if (example) return { example };
  const model = params.get('model');
  if (!model) return undefined;
  try {
    return { text: decoder.decode(await through(fromBase64url(model), new DecompressionStream('deflate-raw'))) };
  } catch {
    return undefined;
  }
}
