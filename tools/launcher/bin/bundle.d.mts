export declare function bundleWorkspaceCode(
  entryPoints: Record<string, string>,
  outdir: string,
): Promise<void>;
export declare function stopBundler(): Promise<void>;
export declare function bundleIntoFreshDir(
  entryPoints: Record<string, string>,
  parentDir: string,
  prefix: string,
): Promise<{ files: Record<string, string>; remove: () => Promise<void> }>;
