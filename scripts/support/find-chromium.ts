// Which Chromium the end-to-end tests drive, without ever downloading one: CHROMIUM_PATH when set, else Debian's
// /usr/bin/chromium when installed, else the headless Chromium that ships inside the @sparticuz/chromium npm package
// (unpacked from the package into the temp folder on first use), so `npm install && npm test` works on a machine with
// nothing but Node and npm. DOCFLOW_SKIP_SYSTEM_CHROMIUM=1 ignores /usr/bin/chromium (to test that last path).
import { accessSync, constants } from "node:fs";
import { config } from "../../lib/config/index.ts";

export type FoundChromium = { executablePath: string; source: string; extraArgs: string[] };

const SYSTEM_CHROMIUM = "/usr/bin/chromium";

export async function findChromium(env: NodeJS.ProcessEnv = process.env): Promise<FoundChromium> {
  const chromiumPath = config("CHROMIUM_PATH", env);
  if (chromiumPath) return { executablePath: chromiumPath, source: "CHROMIUM_PATH", extraArgs: [] };
  if (!config("DOCFLOW_SKIP_SYSTEM_CHROMIUM", env) && isExecutable(SYSTEM_CHROMIUM)) {
    return { executablePath: SYSTEM_CHROMIUM, source: "Debian's chromium", extraArgs: [] };
  }
  if (process.platform !== "linux") {
    throw new Error("No Chromium found: set CHROMIUM_PATH to a Chromium or Chrome executable.");
  }
  const { default: bundled } = await import("@sparticuz/chromium");
  // Its default args are tuned for serverless (--single-process, …); only headless mode is needed here.
  return {
    executablePath: await bundled.executablePath(),
    source: "@sparticuz/chromium",
    extraArgs: ["--headless=new"],
  };
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
