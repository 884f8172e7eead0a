export interface TimedAnswer {
  status: number;
  body: string;
  /** From the request until the whole body was in. */
  ms: number;
}

/** The answer's status and body, and how long it took: a fault test's "without hanging". */
export async function timedAnswer(answer: () => Promise<Response>): Promise<TimedAnswer> {
  const started = Date.now();
  const response = await answer();
  const body = await response.text();
  return { status: response.status, body, ms: Date.now() - started };
}
