// npm run config:docs — rewrites README.md's environment section from lib/config/variables.ts.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { withConfigSection } from "../lib/config/readme-table.ts";

const file = path.join(import.meta.dirname, "..", "README.md");
const before = readFileSync(file, "utf8");
const after = await withConfigSection(before, file);
if (after === before) console.log("README.md: environment section up to date");
else {
  writeFileSync(file, after);
  console.log("README.md: environment section rewritten");
}
