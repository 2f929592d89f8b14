// Domain modules are marked `import "server-only"`, whose default export throws outside React Server Components.
// Scripts run by plain Node (CLI, worker) are server code too: this resolve hook maps that one specifier to an empty
// module. Import this file first, then load the rest with dynamic import() — static imports are resolved before any
// code runs, so they would not see the hook.
import { register } from "node:module";

const hooks = `
export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: "data:text/javascript,export{}", shortCircuit: true };
  return nextResolve(specifier, context);
}`;

register(`data:text/javascript,${encodeURIComponent(hooks)}`);
