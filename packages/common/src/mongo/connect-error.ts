// Apart from the driver, so that the runner can tell this start-up failure without loading it.
export class MongoConnectError extends Error {
  constructor(host: string, attempts: number, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Could not connect to MongoDB at ${host} after ${attempts} attempt(s): ${reason}`, {
      cause,
    });
    this.name = 'MongoConnectError';
  }
}
