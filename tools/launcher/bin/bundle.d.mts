export declare function bundleWorkspaceCode(
  entryPoints: Record<string, string>,
  outdir: string,
): Promise<void>;
export declare function stopBundler(): Promise<void>;
