/** The launcher's own lines, told apart from the services' prefixed output. */
export interface Reporter {
  info: (message: string) => void;
  warn: (message: string) => void;
  /** Text written as is (the URL table). */
  raw: (text: string) => void;
}

function prefixLines(prefix: string, message: string): string {
  return `${message
    .split('\n')
    .map((line) => `${prefix} ${line}`)
    .join('\n')}\n`;
}

export const consoleReporter: Reporter = {
  info: (message) => process.stdout.write(prefixLines('[launcher]', message)),
  warn: (message) => process.stderr.write(prefixLines('[launcher] warning:', message)),
  raw: (text) => process.stdout.write(text),
};

export const silentReporter: Reporter = {
  info: () => undefined,
  warn: () => undefined,
  raw: () => undefined,
};
