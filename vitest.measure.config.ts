import { mergeConfig } from "vitest/config";
import base from "./vitest.config.ts";

export default mergeConfig(base, { test: { setupFiles: ["tests/helpers/cpu-report.setup.ts"] } });
