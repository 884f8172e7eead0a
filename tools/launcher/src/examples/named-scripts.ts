/** The npm scripts of the root package (key `''`) and of each workspace (key: its package name). */
export type ScriptsByPackage = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * Each npm script a command names that does not exist: `npm run <s>`, `npm start` and `npm test`,
 * with `-w <package>` or at the root. A block CI checks by other means is still held to its names.
 */
export function missingScripts(commands: string, scripts: ScriptsByPackage): string[] {
  const problems: string[] = [];
  for (const match of commands.matchAll(
    /\bnpm (run(?:-script)?\s+([\w:-]+)|start|test)\b([^\n;&|#]*)/g,
  )) {
    const script = match[2] ?? match[1] ?? '';
    const workspace = /(?:-w|--workspace)[ =](\S+)/.exec(match[3] ?? '')?.[1];
    const owner = scripts.get(workspace ?? '');
    if (owner === undefined)
      problems.push(`no workspace ${workspace ?? ''} (in "${match[0].trim()}")`);
    else if (!owner.has(script)) {
      problems.push(`no script "${script}" in ${workspace ?? 'the root package.json'}`);
    }
  }
  return problems;
}
