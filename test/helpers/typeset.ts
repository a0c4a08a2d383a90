// What KaTeX typeset in an HTML report: each formula's TeX as KaTeX keeps it
// in the MathML it writes beside the HTML (output 'htmlAndMathml'), with its
// display mode. renderHtml passes every formula through katexHtml with
// KATEX_OPTIONS (throwOnError, strict: 'error'), which throws on one KaTeX
// rejects; the page holding a formula's annotation is therefore that
// formula typeset in strict mode, without typesetting it a second time.

/** KaTeX's escape of the TeX it keeps (katex's ESCAPE_LOOKUP), undone. */
const UNESCAPE: Readonly<Record<string, string>> = { '&amp;': '&', '&gt;': '>', '&lt;': '<', '&quot;': '"', '&#x27;': "'" };

export interface Formula {
  readonly tex: string;
  readonly display: boolean;
}

/** Formulas in one order (a page prints a figure's legend after its caption, katexInputs before): display ones first, by TeX. */
export const sorted = (fs: readonly Formula[]): Formula[] =>
  [...fs].sort((a, b) => Number(b.display) - Number(a.display) || (a.tex < b.tex ? -1 : a.tex > b.tex ? 1 : 0));

/** The formulas of a page as KaTeX typeset them, in page order: their TeX and display mode. */
export function typesetFormulas(html: string): Formula[] {
  return [
    ...html.matchAll(
      /<math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML"( display="block")?>.*?<annotation encoding="application\/x-tex">(.*?)<\/annotation>/gs,
    ),
  ].map((m) => ({ tex: m[2]!.replace(/&(?:amp|gt|lt|quot|#x27);/g, (e) => UNESCAPE[e]!), display: m[1] !== undefined }));
}
