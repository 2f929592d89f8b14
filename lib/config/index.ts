// The one reader of environment variables (declared in ./variables.ts). `config(NAME)` parses a variable with its zod
// schema when first read and again only when its text changes, so tests (and the few operators' knobs that are read at
// each use) may change process.env at run time; an invalid value throws ConfigError naming the variable.
// `checkConfigOrExit()` validates them all at boot (scripts/start.ts, the worker, the CLI, instrumentation.ts).
import { schemaOf, type ValueOf } from "./declare.ts";
import { variables, type VariableName } from "./variables.ts";

export { variables, type VariableName } from "./variables.ts";

type Env = Record<string, string | undefined>;

/** One line per invalid variable: its name, what is wrong and (unless secret) the value given. No stack. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const schemas = new Map<VariableName, ReturnType<typeof schemaOf>>();
const schemaFor = (name: VariableName) => {
  let schema = schemas.get(name);
  if (!schema) schemas.set(name, (schema = schemaOf(variables[name])));
  return schema;
};

function problemOf(name: VariableName, raw: string | undefined, message: string): string {
  const declaration = variables[name];
  const shown = "secret" in declaration && declaration.secret ? "" : ` (got ${JSON.stringify(raw)})`;
  return `${name} ${message}${shown}`;
}

function parse(
  name: VariableName,
  raw: string | undefined,
): { ok: true; value: unknown } | { ok: false; problem: string } {
  const result = schemaFor(name).safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problem: problemOf(name, raw, result.error.issues[0]?.message ?? "is invalid") };
}

// Last text and value per variable (process.env only): a read costs one lookup while the text stays the same.
const cache = new Map<VariableName, { raw: string | undefined; value: unknown }>();

/** The typed value of a declared variable; `env` for callers that pass their own environment (tests, children). */
export function config<N extends VariableName>(name: N, env: Env = process.env): ValueOf<(typeof variables)[N]> {
  const raw = env[name];
  const fromProcess = env === process.env;
  if (fromProcess) {
    const hit = cache.get(name);
    if (hit && hit.raw === raw) return hit.value as ValueOf<(typeof variables)[N]>;
  }
  const parsed = parse(name, raw);
  if (!parsed.ok) throw new ConfigError([parsed.problem]);
  if (fromProcess) cache.set(name, { raw, value: parsed.value });
  return parsed.value as ValueOf<(typeof variables)[N]>;
}

/** Every problem of the environment, one line each (empty when all is well). */
export function configProblems(env: Env = process.env): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(variables) as VariableName[]) {
    const parsed = parse(name, env[name]);
    if (!parsed.ok) problems.push(parsed.problem);
  }
  return problems;
}

/**
 * For entry points (scripts/start.ts, worker, CLI): on an invalid environment prints the problems (no stack) to
 * stderr and exits 1.
 */
export function checkConfigOrExit(prefix = "", env: Env = process.env): void {
  const problems = configProblems(env);
  if (!problems.length) return;
  console.error(`${prefix}Invalid environment:\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
  process.exit(1);
}
