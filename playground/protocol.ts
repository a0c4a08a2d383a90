// The messages between the page and the playground's worker (worker.ts).
// Plain data only: everything crosses postMessage's structured clone.
import type { EventRow, Run, Slider } from './pipeline.js';
import type { PlotOut } from './plots.js';

export type Request =
  /** Derive a model file's text; `source` is the path the generated header names. */
  | { readonly type: 'derive'; readonly id: number; readonly text: string; readonly source: string }
  /** Simulate the last derived model at these parameter values. */
  | { readonly type: 'simulate'; readonly id: number; readonly params: Readonly<Record<string, number>> }
  /** A download, made when asked: the .tex report (motion at the defaults) or the last run as CSV or JSON. */
  | { readonly type: 'file'; readonly id: number; readonly kind: FileKind };

export type FileKind = 'tex' | 'csv' | 'json';

/** A MechanicsError as data: what the page shows and where. */
export interface ErrorData {
  readonly code: string;
  readonly kind: string;
  readonly field?: string;
  readonly model?: string;
  readonly message: string;
  readonly problems: readonly { readonly code: string; readonly field?: string; readonly message: string }[];
}

export interface Derived {
  readonly type: 'derived';
  readonly id: number;
  readonly name: string;
  readonly title: string;
  /** The report's sections as HTML, typeset by KaTeX (the body of docs/reports/<model>.html), in order. */
  readonly sections: readonly { readonly id: string; readonly html: string }[];
  readonly module: { readonly fileName: string; readonly source: string };
  readonly sliders: readonly Slider[];
  /** Milliseconds spent deriving and rendering, in all and by phase (pipeline.ts), for the bench. */
  readonly ms: number;
  readonly phases: Readonly<Record<string, number>>;
}

export interface Ran {
  readonly type: 'ran';
  readonly id: number;
  readonly params: Readonly<Record<string, number>>;
  readonly t: readonly number[];
  readonly events: readonly EventRow[];
  readonly animation: Run['animation'];
  /** q, q̇, energy and phase portrait as SVG. */
  readonly plots: readonly PlotOut[];
}

export interface File {
  readonly type: 'file';
  readonly id: number;
  readonly name: string;
  readonly mime: string;
  readonly text: string;
}

export interface Failed {
  readonly type: 'failed';
  readonly id: number;
  readonly stage: 'derive' | 'simulate' | 'file';
  readonly error: ErrorData;
}

export type Reply = Derived | Ran | Failed | File;
