export declare const OPENTELEMETRY_PACKAGES: readonly string[];

export declare function bundleIntoFreshDir(
  entryPoints: Record<string, string>,
  parentDir: string,
  prefix: string,
  external?: readonly string[],
): Promise<{ files: Record<string, string>; remove: () => Promise<void> }>;
