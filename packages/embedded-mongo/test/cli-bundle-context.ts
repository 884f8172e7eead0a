// What the CLI-bundling global setup gives every test file of this package through inject().
declare module 'vitest' {
  export interface ProvidedContext {
    /** The server's CLI bundled as one JavaScript module (with a source map). */
    cliBundle: string;
    /** `lock-claimer.ts` bundled the same way. */
    lockClaimerBundle: string;
  }
}

export {};
