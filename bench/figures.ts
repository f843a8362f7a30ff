/**
 * The benchmark's output: one line per measured figure, `name value unit budget ok|FAIL`, so a
 * reader (or a script) can grep for FAIL. Context that has no budget goes on `# ` lines.
 */

export type Budget = { op: '<' | '<=' | '>='; limit: number };

export type Figure = {
  name: string;
  value: number;
  unit: string;
  budget: Budget;
  /** Decimals printed for the value. */
  digits: number;
  /** Set when the measurement itself went wrong: the figure then fails whatever its value. */
  problem?: string;
};

/** Whether a figure meets its budget; NaN or a measurement problem never does. */
export function isWithinBudget({ value, budget, problem }: Figure): boolean {
  if (problem !== undefined || !Number.isFinite(value)) return false;
  switch (budget.op) {
    case '<':
      return value < budget.limit;
    case '<=':
      return value <= budget.limit;
    case '>=':
      return value >= budget.limit;
  }
}

/** The printed line of a figure, e.g. `search-prefix-p95 12.3 ms <50 ok`. */
export function formatFigure(figure: Figure): string {
  const value = Number.isFinite(figure.value) ? figure.value.toFixed(figure.digits) : 'NaN';
  const budget = `${figure.budget.op}${figure.budget.limit}`;
  return `${figure.name} ${value} ${figure.unit} ${budget} ${isWithinBudget(figure) ? 'ok' : 'FAIL'}`;
}

/** Prints context that is not a budgeted figure. */
export function note(message: string): void {
  console.log(`# ${message}`);
}

/** The median of some numbers (the mean of the middle two for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The nearest-rank percentile (0 < p <= 100) of some numbers: the smallest value that at least
 * p % of them do not exceed. Exact, unlike a histogram's bucketed estimate. NaN when empty.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}
