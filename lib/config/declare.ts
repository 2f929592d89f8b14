// The kinds of environment variable and their zod schemas. A declaration says what the value is (kind, default,
// bounds) and what it does (description); the schema is built from it, so validation (lib/config/index.ts) and the
// README's table (scripts/config-docs.ts) read the same declaration.
import { z } from "zod";

type Common = {
  /** What the variable does, one line (the README's "meaning" column). */
  description: string;
  /** The README's section: who reads it. */
  group: Group;
  /** How the default is written in the README when it is not a literal (e.g. "cores", "`data/secret`"). */
  defaultText?: string;
  /** A secret: never echoed in an error message. */
  secret?: boolean;
};

export type Group = "database" | "server" | "auth" | "api" | "lgpd" | "outbox" | "webhooks" | "operations" | "tests";

type NumberDeclaration = Common & {
  kind: "number";
  /** undefined: optional (the reader computes the default, e.g. from another variable). */
  default?: number;
  /** Words read as numbers (TRUST_PROXY: `true` = 1). */
  aliases?: Record<string, number>;
  min: number;
  max?: number;
  integer?: boolean;
  /** Unit said in the README's bounds column ("ms", "s", "bytes"…). */
  unit?: string;
};
type FlagDeclaration = Common & { kind: "flag"; default: boolean };
type ChoiceDeclaration = Common & { kind: "choice"; default: string; choices: readonly string[] };
type TextDeclaration = Common & {
  kind: "text";
  /** undefined: optional, read as undefined when unset. */
  default?: string;
  /** A regular expression the value must match, and what it means when it does not. */
  pattern?: [RegExp, string];
  minLength?: number;
};
type ListDeclaration = Common & { kind: "list" };

export type Declaration = NumberDeclaration | FlagDeclaration | ChoiceDeclaration | TextDeclaration | ListDeclaration;

/** What a declaration reads as. */
export type ValueOf<D extends Declaration> = D extends NumberDeclaration
  ? D extends { default: number }
    ? number
    : number | undefined
  : D extends FlagDeclaration
    ? boolean
    : D extends ChoiceDeclaration
      ? D["choices"][number]
      : D extends ListDeclaration
        ? string[]
        : D extends { default: string }
          ? string
          : string | undefined;

const FLAG_VALUES: Record<string, boolean> = {
  "1": true,
  true: true,
  on: true,
  yes: true,
  "0": false,
  false: false,
  off: false,
  no: false,
};

/** Unset and blank are the same: the default. Values are trimmed. */
const blank = (value: unknown) => (typeof value === "string" ? value.trim() || undefined : value);

export function schemaOf(declaration: Declaration): z.ZodType {
  switch (declaration.kind) {
    case "number": {
      let number = z.number({ error: "must be a number" });
      if (declaration.integer) number = number.int({ error: "must be a whole number" });
      number = number.min(declaration.min, { error: `must be at least ${declaration.min}` });
      if (declaration.max !== undefined)
        number = number.max(declaration.max, { error: `must be at most ${declaration.max}` });
      const aliases = declaration.aliases ?? {};
      const text = z.preprocess(blank, z.string().optional()).transform((raw, ctx) => {
        if (raw === undefined) return declaration.default;
        const value = Object.hasOwn(aliases, raw.toLowerCase()) ? aliases[raw.toLowerCase()] : Number(raw);
        if (!Number.isFinite(value)) {
          ctx.addIssue({ code: "custom", message: "must be a number" });
          return z.NEVER;
        }
        return value;
      });
      return text.pipe(declaration.default === undefined ? number.optional() : number);
    }
    case "flag": {
      return z.preprocess(blank, z.string().optional()).transform((raw, ctx) => {
        if (raw === undefined) return declaration.default;
        const value = FLAG_VALUES[raw.toLowerCase()];
        if (value === undefined) {
          ctx.addIssue({ code: "custom", message: "must be 1/0, true/false, on/off or yes/no" });
          return z.NEVER;
        }
        return value;
      });
    }
    case "choice":
      return z.preprocess(
        (value) => (typeof blank(value) === "string" ? (blank(value) as string).toLowerCase() : blank(value)),
        z
          .enum(declaration.choices as [string, ...string[]], {
            error: `must be one of ${declaration.choices.join(", ")}`,
          })
          .default(declaration.default),
      );
    case "text": {
      let text = z.string();
      if (declaration.minLength) {
        text = text.min(declaration.minLength, { error: `must have at least ${declaration.minLength} characters` });
      }
      if (declaration.pattern) text = text.regex(declaration.pattern[0], { error: declaration.pattern[1] });
      return z.preprocess(
        blank,
        declaration.default === undefined ? text.optional() : text.default(declaration.default),
      );
    }
    case "list":
      return z.preprocess(
        (value) => (typeof value === "string" ? value : ""),
        z.string().transform((raw) =>
          raw
            .split(",")
            .map((item) => item.trim())
            .filter(Boolean),
        ),
      );
  }
}

/** The type column of the README. */
export function typeText(declaration: Declaration): string {
  switch (declaration.kind) {
    case "number": {
      const what = declaration.integer ? "integer" : "number";
      const unit = declaration.unit ? ` ${declaration.unit}` : "";
      return declaration.max === undefined
        ? `${what} ≥ ${declaration.min}${unit}`
        : `${what} ${declaration.min}–${declaration.max}${unit}`;
    }
    case "flag":
      return "flag (1/0, on/off)";
    case "choice":
      return declaration.choices.map((choice) => `\`${choice}\``).join(" / ");
    case "text":
      return declaration.secret ? "text (secret)" : "text";
    case "list":
      return "comma-separated list";
  }
}

/** The default column of the README. */
export function defaultText(declaration: Declaration): string {
  if (declaration.defaultText) return declaration.defaultText;
  switch (declaration.kind) {
    case "flag":
      return declaration.default ? "on" : "off";
    case "number":
      return declaration.default === undefined ? "—" : String(declaration.default);
    case "list":
      return "—";
    case "text":
      return declaration.default === undefined ? "—" : `\`${declaration.default}\``;
    default:
      return String(declaration.default);
  }
}
