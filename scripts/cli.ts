// npm run -s cli -- <command> …: administration from the shell (instances, users, document-API tokens, LGPD key).
// The commands live in lib/cli; `npm run -s cli -- help` lists them.
import "./support/allow-server-only.ts";
import { checkConfigOrExit } from "../lib/config/index.ts";

checkConfigOrExit();

const { runCli } = await import("../lib/cli/server/run-cli.ts");

const code = await runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exitCode = code;
// Nothing is left to do; do not wait for the database driver's idle timers.
setTimeout(() => process.exit(code), 50).unref();
