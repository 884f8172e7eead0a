type ShutdownHook = () => Promise<void>;

/**
 * Work a stopping service waits for once its dependencies are closed (tracing's last spans). On
 * a global symbol: the tracing set-up is loaded by `node --import` before the service, and may
 * resolve another copy of this module.
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
  await Promise.allSettled(
    hooks()
      .splice(0)
      .map((hook) => hook()),
  );
}
