// The value the global setup provides to every test file through vitest's inject().
declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
  }
}

export {};
