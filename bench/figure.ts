/** One figure as `npm run bench` prints it (one JSON object per figure with `--json`). */
export interface Figure {
  figure: string;
  value: number;
  unit: string;
  [key: string]: string | number;
}

/** Figures are reported to two decimals. */
export const round2 = (n: number): number => Math.round(n * 100) / 100;
