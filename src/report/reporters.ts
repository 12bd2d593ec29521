// Every reporter, declared once: its id (what `--reporter` names), what it is and the file it writes.
// The CLI's --reporter values and help, the library's default set, writeReports and the README's
// list derive from this list (test/report/reporters.test.ts holds the README to it); report/index.ts
// gives each declared id its implementation, keyed by this list's type so that none is missing.
// Light on purpose (no renderer is loaded here): the CLI reads it before any command runs.

export const REPORTERS = [
  { id: 'list', file: null, description: 'the console list on stderr: a line per capture as it finishes, then each problem once with the captures it affects' },
  { id: 'json', file: 'report.json', description: 'report.json (the gate writes it; named in --reporter, it is also printed on stdout, alone)' },
  { id: 'junit', file: 'junit.xml', description: 'junit.xml: a testcase per spec × state × viewport and one per spec, for CI test views' },
  { id: 'markdown', file: 'summary.md', description: 'summary.md: the verdict, findings and checklist for a PR comment or $GITHUB_STEP_SUMMARY' },
  { id: 'html', file: 'index.html', description: 'index.html: every capture with its findings, baseline and diff; one file, no network' },
] as const satisfies readonly { id: string; file: string | null; description: string }[];

export type ReporterId = (typeof REPORTERS)[number]['id'];
export const REPORTER_IDS: readonly ReporterId[] = REPORTERS.map((r) => r.id);
/** The reporters that write a file in the run folder. */
export const FILE_REPORTER_IDS: readonly ReporterId[] = REPORTERS.filter((r) => r.file !== null).map((r) => r.id);

export const isReporterId = (id: string): id is ReporterId => (REPORTER_IDS as readonly string[]).includes(id);
export const reporterFile = (id: string): string | null => REPORTERS.find((r) => r.id === id)?.file ?? null;
