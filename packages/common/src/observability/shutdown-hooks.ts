type ShutdownHook = () => Promise<void>;

/**
 * Work a stopping service waits for after its dependencies are closed: tracing registers the
 * export of its last spans here. Kept on a global symbol because the tracing set-up is loaded by
 * `node --import` before the service, and must reach the same list whatever copy of this module
 * each of them resolved.
 */
const HOOKS = Symbol.for('@repo/common/shutdown-hooks');

function hooks(): ShutdownHook[] {
  const holder = globalThis as { [HOOKS]?: ShutdownHook[] };
  holder[HOOKS] ??= [];
  return holder[HOOKS];
}

export function onShutdown(hook: ShutdownHook): void {
  hooks().push(hook);
}

/** Runs every hook once; a failing hook does not keep the others from running. */
export async function runShutdownHooks(): Promise<void> {
  const pending = hooks().splice(0);
  await Promise.allSettled(pending.map((hook) => hook()));
}
