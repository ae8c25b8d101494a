/** One figure a line, comparable run to run (DESIGN "Budgets"). */
export function report(name: string, value: number, unit: string, budget?: { max?: number; min?: number }): void {
  const shown = value >= 100 ? value.toFixed(0) : value.toFixed(2);
  const bound = budget?.max !== undefined ? ` (budget <= ${budget.max})` : budget?.min !== undefined ? ` (budget >= ${budget.min})` : '';
  const verdict = budget ? ((budget.max !== undefined && value > budget.max) || (budget.min !== undefined && value < budget.min) ? ' OVER BUDGET' : '') : '';
  console.log(`bench ${name}: ${shown} ${unit}${bound}${verdict}`);
}

/** The p-th percentile (0–100) of a list of samples. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}
