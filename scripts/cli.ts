// npm run -s cli -- <command> …: administration from the shell (instances, users, document-API tokens, LGPD key).
// The commands live in lib/cli; `npm run -s cli -- help` lists them. Tests run most commands in-process through
// runCliToStreams (tests/helpers/cli-in-process.ts) and this file as a process where the process matters.
import "./support/allow-server-only.ts";
import { checkConfigOrExit } from "../lib/config/index.ts";

checkConfigOrExit();

const { runCliToStreams } = await import("../lib/cli/server/run-cli.ts");

let code: number;
try {
  code = await runCliToStreams(process.argv.slice(2), process);
} finally {
  // The command's database closes before the process ends (PGlite writes back and releases the folder's lock).
  const { closeDb } = await import("../lib/db/client.ts");
  await closeDb().catch(() => {});
}
process.exitCode = code;
// Nothing is left to do; do not wait for the database driver's idle timers.
setTimeout(() => process.exit(code), 50).unref();
