// What the fixture-bundling global setup gives every test file of this package through inject().
declare module 'vitest' {
  export interface ProvidedContext {
    /** Each fixture's source path (absolute) and the JavaScript bundle a test runs instead. */
    fixtureBundles: Record<string, string>;
  }
}

export {};
