/** The launcher's own lines, told apart from the services' prefixed output. */
export interface Reporter {
  info: (message: string) => void;
  warn: (message: string) => void;
  /** Text written as is (the URL table). */
  raw: (text: string) => void;
}

const prefixed = (prefix: string, message: string): string =>
  message
    .split('\n')
    .map((line) => `${prefix} ${line}\n`)
    .join('');

export const consoleReporter: Reporter = {
  info: (message) => process.stdout.write(prefixed('[launcher]', message)),
  warn: (message) => process.stderr.write(prefixed('[launcher] warning:', message)),
  raw: (text) => process.stdout.write(text),
};
