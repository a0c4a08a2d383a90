// The papers a model file may cite, by key: its `sources` and its paper's
// `source` name them (buildModel refuses any other), and the report prints
// them (src/report/bibliography.ts: the References section, a paper cited by
// its short name at its formulas).
// Tests: test/report/bibliography.test.ts, test/model/validate/sources.test.ts.

export interface Reference {
  /** How the text cites it: “Kugushev–Sorokina”. */
  readonly short: string;
  readonly authors: string;
  readonly title: string;
  /** Journal or publisher, volume, issue, pages, year. */
  readonly venue: string;
  /** A general theory with no mechanism of its own: a model instances its relations, it is not taken from it. */
  readonly general?: true;
}

export const REFERENCES = {
  kugushev2002: {
    short: 'Kugushev–Sorokina',
    authors: 'E. I. Kugushev, O. V. Sorokina',
    title: 'D’Alembert–Lagrange principle in mechanical systems with unilateral constraints',
    venue: 'Preprint, Keldysh Institute of Applied Mathematics, Russian Academy of Sciences, Moscow, 2002',
    general: true,
  },
  rubanovich1981: {
    short: 'Rubanovich–Formalsky',
    authors: 'E. M. Rubanovich, A. M. Formalsky',
    title: 'Some questions of the dynamics of multi-link systems related to impacts, I',
    venue: 'Izv. AN SSSR, Mekhanika Tverdogo Tela, no. 2, 1981',
  },
  kozlov1988: {
    short: 'Kozlov',
    authors: 'V. V. Kozlov',
    title: 'A constructive method of founding the theory of systems with unilateral constraints',
    venue: 'Prikladnaya Matematika i Mekhanika, pp. 883–894, 1988',
  },
  ivanov1988: {
    short: 'Ivanov',
    authors: 'A. P. Ivanov',
    title: 'A constructive model of impact with friction',
    venue: 'Prikladnaya Matematika i Mekhanika, pp. 895–901, 1988',
  },
  smirnov1981: {
    short: 'Smirnov',
    authors: 'Yu. P. Smirnov',
    title: 'Equations of motion of systems with non-ideal retaining constraints',
    venue: 'Tula, received 27 March 1981',
  },
  kuleshov2011: {
    short: 'Kuleshov et al.',
    authors: 'A. S. Kuleshov, D. V. Treschev, T. B. Ivanova, O. S. Naimushina',
    title: 'A rigid cylinder on a viscoelastic plane',
    venue: 'Nelineinaya Dinamika (Russian Journal of Nonlinear Dynamics) 7(3), pp. 601–625, 2011',
  },
  goswami1998: {
    short: 'Goswami et al.',
    authors: 'A. Goswami, B. Thuilot, B. Espiau',
    title: 'A study of the passive gait of a compass-like biped robot: symmetry and chaos',
    venue: 'International Journal of Robotics Research 17(12), pp. 1282–1301, 1998',
  },
  glocker2013: {
    short: 'Glocker',
    authors: 'Ch. Glocker',
    title: 'Energetic consistency conditions for standard impacts. Part I: Newton-type inequality impact laws and Kane’s example',
    venue: 'Multibody System Dynamics 29(1), pp. 77–117, 2013',
    general: true,
  },
} as const satisfies Readonly<Record<string, Reference>>;

export type SourceKey = keyof typeof REFERENCES;

/** Whether a string is the key of a paper in REFERENCES. */
export const isSourceKey = (k: string): k is SourceKey => Object.hasOwn(REFERENCES, k);
