/** The launcher's own lines, told apart from the services' prefixed output. */
export interface Reporter {
  info: (message: string) => void;
  warn: (message: string) => void;
  raw: (text: string) => void;
}

export const consoleReporter: Reporter = {
  info: (message) => process.stdout.write(`[launcher] ${message}\n`),
  warn: (message) => process.stderr.write(`[launcher] warning: ${message}\n`),
  raw: (text) => process.stdout.write(text),
};
