// A model's derivation report: the document (sections.ts) rendered as a
// complete LaTeX article, a LaTeX body for \input, and an HTML page.
// Tests: test/report/committed.test.ts, test/fuzz/hostile-strings.test.ts.
import type { DerivedSystem } from '../derive/system.js';
import type { SourceKey } from '../model/sources.js';
import type { Drawing } from '../model/types.js';
import type { PaperSketch } from '../model/validate/paper-sketches.js';
import type { BasinStudy } from '../studies/basin.js';
import type { SupportLoads } from '../studies/support-loads.js';
import type { SupportStarts } from '../studies/support-starts.js';
import type { PlasticArrival } from '../studies/plastic-arrival.js';
import type { PlasticSlide } from '../studies/plastic-slide.js';
import type { HingeRestStudy } from '../studies/hinge-rest.js';
import type { PatchHistory } from '../studies/patch-history.js';
import type { RealizedReaction } from '../studies/realized-reactions.js';
import type { SlipRates } from '../studies/slip-rates.js';
import type { SupportHistory } from '../studies/support-history.js';
import type { ConfocalStudy } from '../studies/confocal.js';
import type { LinearizationStudy } from '../studies/linearization.js';
import type { ImpactEnergyStudy } from '../studies/impact-energy.js';
import type { ModeDirections } from '../studies/mode-directions.js';
import type { ModeShares } from '../studies/mode-shares.js';
import type { FirstImpact } from '../studies/first-impact.js';
import type { SteadyMotionStudy } from '../studies/steady-motion.js';
import type { OrbitStudy } from '../studies/orbit.js';
import type { PaperCheck } from '../studies/paper-check.js';
import type { RelaxationStudy } from '../studies/relaxation.js';
import type { RestitutionStudy } from '../studies/restitution.js';
import type { RealizationsStudy } from '../studies/realizations.js';
import type { AveragedSpeedStudy } from '../studies/averaged-speed.js';
import { averagedSpeedSection } from './averaged-speed.js';
import type { RollingSpeedsStudy } from '../studies/rolling-speeds.js';
import type { InclineRunsStudy } from '../studies/incline-runs.js';
import { inclineRunsSection } from './incline-runs.js';
import { rollingSpeedsSection } from './rolling-speeds.js';
import { withReferences } from './bibliography.js';
import { birkhoffFigure } from './birkhoff.js';
import { confocalSection } from './confocal.js';
import type { ReportDocument, Section } from './document.js';
import { condense } from './large.js';
import { motionSection, sketchFigure, type MotionSimulation, type Unplotted } from './motion.js';
import { ordersShown, plottedInStudy, type ReportLimitStudy } from './limit.js';
import { periodicOrbitSection } from './periodic.js';
import { orbitFigures } from './orbit-figures.js';
import { drawsInitial, paperSketchFigures } from './paper-sketches.js';
import { realizationsSection } from './realizations.js';
import { universalSection } from './universal.js';
import { paperSections as paperCheckSections } from './paper-check.js';
import { paperSections } from './paper.js';
import { abstractText, type SummaryFacts } from './summary.js';
import { renderHtml } from './render-html.js';
import { renderLatexBody, renderLatexDocument } from './render-latex.js';
import { SECTIONS, simulationSection } from './sections.js';

/**
 * What a report prints besides the derivation: the studies of the model
 * (src/studies/), computed by the caller (src/pipeline/report-inputs.ts), and the model
 * file's presentation.
 */
export interface ReportOptions {
  /** The model's declared periodic orbit (studies/orbit.ts), printed before the conventions. */
  readonly orbit?: OrbitStudy;
  /** Draw the orbit between its walls (paper.studyFigures 'periodic-orbit-walls', kozlov1988 Fig. 2). */
  readonly orbitWalls?: boolean;
  /** The model file, e.g. derivations/compass.ts. */
  readonly source: string;
  /** Toolkit name and version, e.g. unilateral-mechanics 0.1.0. */
  readonly toolkit: string;
  /** The model's paper checked (studies/paper-check.ts): its results and the table of its formulas against the derivation, after the conventions. */
  readonly paper?: PaperCheck;
  /** Where the motion goes over a grid of starts (studies/basin.ts reportBasin), a figure in its own HTML-only section. */
  readonly basin?: BasinStudy;
  /** A small model's linearization and equilibria (studies/linearization.ts, undefined for a larger one), in its own section. */
  readonly linearization?: LinearizationStudy | undefined;
  /** A small model's steady motions over its fastest cyclic rate (studies/steady-motion.ts), in its own section. */
  readonly steadyMotion?: SteadyMotionStudy | undefined;
  /** The motion plotted in the report (computed by the caller from the generated code). */
  readonly simulation?: MotionSimulation;
  /** The model file's `sources` (bibliography.ts keys). */
  readonly sources?: readonly string[];
  /** The model's sketch (sketch.ts modelDrawing); absent: no sketch and no animation. */
  readonly drawing?: Drawing;
  /** The model file's `unplotted`: the motion's plots it leaves out, and why (motion.ts). */
  readonly unplotted?: Unplotted;
  /** A rigid-limit study (studies/limit.ts), printed in its section. */
  readonly limitStudy?: ReportLimitStudy;
  /** Whether the impact law's Coulomb outcomes can raise the kinetic energy (studies/impact-energy.ts), stated in the discussion. */
  readonly impactEnergy?: ImpactEnergyStudy;
  /** Which mode an impact with two free pre-impact velocities takes, by their direction (studies/mode-directions.ts), printed with its impact map. */
  readonly modeDirections?: readonly ModeDirections[];
  /** Which mode an impact with more than two free pre-impact velocities takes, sampled over its approach cone (studies/mode-shares.ts). */
  readonly modeShares?: readonly ModeShares[];
  /** The run's first impact of a Coulomb contact striking alone (studies/first-impact.ts), discussed with the energy. */
  readonly firstImpact?: FirstImpact;
  /** The sums of the normal reactions of Smirnov's full variants at the defaults (studies/support-loads.ts), printed with the variants. */
  readonly supportLoads?: SupportLoads;
  /** The realized variant's reactions and friction along the simulated motion (studies/support-history.ts), plotted with the variants. */
  readonly supportHistory?: SupportHistory;
  /** The slip velocities of the planar Coulomb contacts along the simulated motion (studies/slip-rates.ts). */
  readonly slipRates?: SlipRates;
  /** The realized retaining constraints' forces beside their multipliers along the simulated motion (studies/realized-reactions.ts). */
  readonly realizedReactions?: readonly RealizedReaction[];
  /** The starts from rest on Smirnov's supports, sliding and staying (studies/support-starts.ts), printed with the rest rule. */
  readonly supportStarts?: SupportStarts;
  /** The run with the restitution coefficient 0 and the contact's σ̇ after its first impact (studies/plastic-arrival.ts). */
  readonly plasticArrival?: PlasticArrival;
  /** The run from a plastic arrival where the contact holds, to its release (studies/plastic-slide.ts). */
  readonly plasticSlide?: PlasticSlide;
  /** When and where a hinge's joint comes to rest along the simulated motion (studies/hinge-rest.ts), printed with the hinge. */
  readonly hingeRest?: HingeRestStudy;
  /** Each friction patch's slip and depth along the simulated motion (studies/patch-history.ts), drawn in the patch's section. */
  readonly patchHistory?: readonly PatchHistory[];
  /** Each contact patch's universal restitution (studies/restitution.ts), printed with its universal problem before the conventions. */
  readonly restitution?: readonly RestitutionStudy[];
  /** Each contact patch's transverse relaxation (studies/relaxation.ts), printed only as the paper's measured rows. */
  readonly relaxation?: readonly RelaxationStudy[];
  /** The declared motions in their confocal quadrilaterals (studies/confocal.ts, kozlov1988 Fig. 3), in their own section. */
  readonly confocal?: ConfocalStudy;
  /** The realizations of a constraint compared (studies/realizations.ts, kozlov1988 Fig. 1), in their own section. */
  readonly realizations?: RealizationsStudy;
  /** The speed at the impacts against the averaged law (studies/averaged-speed.ts, kozlov1988 §3), in its own section. */
  readonly averagedSpeed?: AveragedSpeedStudy;
  /** The speed after each impact against the threshold to roll on (studies/rolling-speeds.ts, rubanovich1981 §2), in its own section. */
  readonly rollingSpeeds?: RollingSpeedsStudy;
  /** The runs on the incline on either side of (2.3) (studies/incline-runs.ts, kuleshov2011 §2), in their own section. */
  readonly inclineRuns?: InclineRunsStudy;
  /** The paper's sketches of the mechanism (paper.sketches), drawn after the model's own sketch. */
  readonly paperSketches?: { readonly source: SourceKey; readonly sketches: readonly PaperSketch[] };
}

/** The report of a derived system as data. */
export function buildReport(system: DerivedSystem, options: ReportOptions): ReportDocument {
  const { model } = system;
  const input = {
    system,
    ...(options.basin ? { basin: options.basin } : {}),
    ...(options.simulation ? { simulation: options.simulation } : {}),
    ...(options.limitStudy ? { limitStudy: options.limitStudy } : {}),
    ...(options.linearization ? { linearization: options.linearization } : {}),
    ...(options.steadyMotion ? { steadyMotion: options.steadyMotion } : {}),
    ...(options.modeDirections ? { modeDirections: options.modeDirections } : {}),
    ...(options.modeShares ? { modeShares: options.modeShares } : {}),
    ...(options.supportLoads ? { supportLoads: options.supportLoads } : {}),
    ...(options.supportHistory ? { supportHistory: options.supportHistory } : {}),
    ...(options.supportStarts ? { supportStarts: options.supportStarts } : {}),
    ...(options.hingeRest ? { hingeRest: options.hingeRest } : {}),
    ...(options.patchHistory ? { patchHistory: options.patchHistory } : {}),
    ...(options.paper ? { paper: options.paper } : {}),
    ...(options.sources ? { sources: options.sources } : {}),
    ...(options.unplotted ? { unplotted: options.unplotted } : {}),
  };
  const { drawing, simulation } = options;
  // The motion's section is motion.ts's (plots in both reports, the animation); the sketch joins the model's description.
  const sections = SECTIONS.filter((build) => build !== simulationSection)
    .map((build) => build(input))
    .filter((s): s is Section => s !== undefined)
    .map((s) =>
      s.id === 'model' && drawing
        ? {
            ...s,
            blocks: [
              ...s.blocks,
              ...(options.paperSketches?.sketches.some((k) => drawsInitial(model, drawing, k))
                ? []
                : [sketchFigure(model, drawing, simulation && 'trajectory' in simulation ? simulation.trajectory : undefined)]),
              ...(options.paperSketches ? paperSketchFigures(model, drawing, options.paperSketches.source, options.paperSketches.sketches) : []),
            ],
          }
        : s,
    );
  // The studies' sections join the results in this order (paper.ts groups them).
  if (options.orbit) {
    const section = periodicOrbitSection(system, options.orbit, options.paper);
    const figure = options.orbitWalls ? birkhoffFigure(model, options.orbit) : undefined;
    const figures = [...orbitFigures(model, options.orbit), ...(figure ? [figure] : [])];
    sections.push({ ...section, blocks: [...section.blocks, ...figures] });
  }
  if (options.confocal) sections.push(confocalSection(options.confocal));
  if (options.realizations) sections.push(realizationsSection(options.realizations, ordersShown(options.paper)));
  const universal = options.restitution && universalSection(system, options.restitution);
  if (universal) sections.push(universal);
  if (options.inclineRuns) sections.push(inclineRunsSection(options.inclineRuns));
  if (options.paper) sections.push(...paperCheckSections(options.paper, system, options.modeDirections));
  // After the paper's table: the figure shows its averaged law against the run.
  if (options.averagedSpeed) sections.push(averagedSpeedSection(options.averagedSpeed));
  if (options.rollingSpeeds) sections.push(rollingSpeedsSection(model, options.rollingSpeeds, options.orbit?.orbit));
  const motion = motionSection(model, simulation, drawing, plottedInStudy(system, options.limitStudy), {
    ...(options.unplotted ? { unplotted: options.unplotted } : {}),
    // A run the rolling study draws at its impacts is not plotted against time again.
    ...(options.rollingSpeeds ? { drawnIn: 'rolling-speeds' } : {}),
    ...(options.slipRates ? { slips: options.slipRates } : {}),
    ...(options.realizedReactions ? { reactions: options.realizedReactions } : {}),
  });
  if (motion) sections.push(motion);
  const facts: SummaryFacts = {
    system,
    sources: options.sources ?? [],
    ...(options.paper ? { paper: options.paper } : {}),
    ...(options.orbit ? { orbit: options.orbit } : {}),
    ...(options.limitStudy ? { limitStudy: options.limitStudy } : {}),
    ...(simulation ? { simulation } : {}),
    ...(options.linearization ? { linearization: options.linearization } : {}),
    ...(options.impactEnergy ? { impactEnergy: options.impactEnergy } : {}),
    ...(options.modeDirections ? { modeDirections: options.modeDirections } : {}),
    ...(options.modeShares ? { modeShares: options.modeShares } : {}),
    ...(options.firstImpact ? { firstImpact: options.firstImpact } : {}),
    ...(options.supportHistory ? { supportHistory: options.supportHistory } : {}),
    ...(options.supportStarts ? { supportStarts: options.supportStarts } : {}),
    ...(options.plasticArrival ? { plasticArrival: options.plasticArrival } : {}),
    ...(options.plasticSlide ? { plasticSlide: options.plasticSlide } : {}),
    ...(options.averagedSpeed ? { averagedSpeed: options.averagedSpeed } : {}),
    ...(options.rollingSpeeds ? { rollingSpeeds: options.rollingSpeeds } : {}),
    ...(options.realizations ? { realizations: options.realizations } : {}),
    ...(options.inclineRuns ? { inclineRuns: options.inclineRuns } : {}),
  };
  const { sections: withRefs, citations } = withReferences(paperSections(sections, facts), options.sources, model);
  // A large system's long equations named and elided, its displays within KaTeX's limits (large.ts).
  return condense(
    {
      model: model.name,
      title: model.title,
      provenance: `Generated by ${options.toolkit} from ${options.source}`,
      ...(model.description ? { description: model.description } : {}),
      abstract: abstractText(facts),
      sections: withRefs,
      citations,
    },
    `generated/${model.name}.ts`,
  );
}

/** Where the reports go, relative to the project root: generated output, apart from the prose in docs/. */
export const REPORTS_DIR = 'docs/reports';

/** The report files of one model, path relative to the project root → contents. */
export function reportFiles(system: DerivedSystem, options: ReportOptions): Map<string, string> {
  return documentFiles(buildReport(system, options), system.model.name);
}

/** A built report's files (LaTeX document and body, HTML) for model `name`. */
export function documentFiles(doc: ReportDocument, name: string): Map<string, string> {
  return new Map([
    [`${REPORTS_DIR}/${name}.tex`, renderLatexDocument(doc)],
    [`${REPORTS_DIR}/${name}.body.tex`, renderLatexBody(doc)],
    [`${REPORTS_DIR}/${name}.html`, renderHtml(doc)],
  ]);
}
