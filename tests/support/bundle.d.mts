export declare function bundleIntoFreshDir(
  entryPoints: Record<string, string>,
  parentDir: string,
  prefix: string,
): Promise<{ files: Record<string, string>; remove: () => Promise<void> }>;
