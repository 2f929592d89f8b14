// vitest setupFiles of the http project, which runs its files one after another in each worker process
// (`isolate: false`, vitest.config.ts): what a file sets in process.env (a limit, a token, a flag read at each use) is
// undone when the file ends, so the next file in the process starts from the run's environment. The file's own
// afterAll hooks (closing its app, tests/helpers/test-app.ts) run before this one (vitest runs after-hooks in reverse).
import { afterAll } from "vitest";

const atStart = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in atStart)) delete process.env[name];
  Object.assign(process.env, atStart);
});
