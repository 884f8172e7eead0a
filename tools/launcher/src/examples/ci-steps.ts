/**
 * The checks a block may name in `{ci=<step>}`: every `npm run <script>` and `npm test` that
 * .ci/run runs (named by the script, `test` for `npm test`), and every script it runs by path,
 * `node <path>.js` or `<path>.sh` (named by the path), read from the file itself so that a step
 * taken out of CI makes its tags fail.
 */
export function ciSteps(ciScript: string): Set<string> {
  const steps = new Set<string>();
  for (const raw of ciScript.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#')) continue;
    const npmRun = /^npm run ([\w:-]+)/.exec(line);
    if (npmRun?.[1]) steps.add(npmRun[1]);
    if (/^npm test\b/.test(line)) steps.add('test');
    const path = /^(?:node )?([^\s/]+(?:\/[^\s/]+)*\/[^\s/]+\.(?:js|sh))(?:\s|$)/.exec(line);
    if (path?.[1]) steps.add(path[1]);
  }
  return steps;
}
