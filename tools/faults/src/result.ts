/** One row of the table: a scenario, what it sent, what was lost or failed, how it recovered. */
export interface ScenarioResult {
  scenario: string;
  sent: string;
  lost: string;
  recovery: string;
  /** False when a figure broke what must hold (the run then exits 1). */
  ok: boolean;
}

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
