import { stopEngineIfStarted } from './engine.js';
import { isMain } from './is-main.js';
import { say } from './say.js';
import { compose, composeFor, readChoice } from './stack.js';

/**
 * `npm run compose:down`: the stack's containers and network removed (the database volume kept;
 * `-- --volumes` removes it too), then the Docker engine stopped if compose:up started it.
 */
export async function down(extraArgs: readonly string[]): Promise<void> {
  const choice = readChoice();
  if (choice === undefined) {
    say('compose:up has not run here; nothing to take down');
  } else {
    const stack = await composeFor(choice, say);
    const result = await compose(stack, ['down', ...extraArgs], {
      show: true,
      timeoutMs: 5 * 60_000,
    });
    if (result.code !== 0) throw new Error('compose down failed');
  }
  await stopEngineIfStarted(say);
}

if (isMain(import.meta.url)) {
  try {
    await down(process.argv.slice(2));
  } catch (error) {
    say(`compose:down failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
