// Domain modules are marked `import "server-only"`, whose default export throws outside React Server Components.
// Scripts run by plain Node (CLI, worker, benchmarks) are server code too: this resolve hook maps that one specifier
// to an empty module. Import this file first, then load the rest with dynamic import() — static imports are resolved
// before any code runs, so they would not see the hook.
import * as nodeModule from "node:module";

const EMPTY_MODULE = "data:text/javascript,export{}";

type Resolved = { url: string; shortCircuit?: boolean };
type SyncHooks = {
  resolve: (specifier: string, context: unknown, next: (s: string, c: unknown) => Resolved) => Resolved;
};
const { registerHooks } = nodeModule as { registerHooks?: (hooks: SyncHooks) => unknown };

if (registerHooks) {
  // Node ≥ 22.15: in-thread hooks (module.register() is deprecated from Node 26 and warns on stderr).
  registerHooks({
    resolve: (specifier, context, next) =>
      specifier === "server-only" ? { url: EMPTY_MODULE, shortCircuit: true } : next(specifier, context),
  });
} else {
  nodeModule.register(
    `data:text/javascript,${encodeURIComponent(`
export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: "${EMPTY_MODULE}", shortCircuit: true };
  return nextResolve(specifier, context);
}`)}`,
  );
}
