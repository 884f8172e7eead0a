/** One progress line on standard error, with the seconds since this command began. */
const began = Date.now();
export function say(line: string): void {
  process.stderr.write(
    `[compose ${((Date.now() - began) / 1000).toFixed(0).padStart(4)} s] ${line}\n`,
  );
}
