/** The figures a stress section reports: counts, some of them failure columns that must stay at zero. */
export interface Figure {
  /** Section, e.g. "clicks". */
  section: string;
  name: string;
  value: number;
  /** A failure column: the run fails when it is above zero. */
  failure: boolean;
  /** Store fault kind, for the per-kind figures. */
  kind?: string;
}

export const tried = (section: string, name: string, value: number, kind?: string): Figure => ({
  section,
  name,
  value,
  failure: false,
  ...(kind ? { kind } : {}),
});

export const failures = (section: string, name: string, value: number, kind?: string): Figure => ({
  ...tried(section, name, value, kind),
  failure: true,
});

export function printFigures(figures: readonly Figure[], json: boolean): void {
  if (json) {
    for (const f of figures) process.stdout.write(`${JSON.stringify(f)}\n`);
    return;
  }
  let section = '';
  for (const f of figures) {
    if (f.section !== section) {
      section = f.section;
      process.stdout.write(`\n${section}\n`);
    }
    const label = f.kind ? `${f.name} [${f.kind}]` : f.name;
    const mark = f.failure ? (f.value > 0 ? '  ✗' : '  ✓') : '';
    process.stdout.write(`  ${label.padEnd(50)} ${String(f.value).padStart(7)}${mark}\n`);
  }
}
