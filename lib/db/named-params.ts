// Statements composed by named fragments: a statement declares its parameters once, by name and
// SQL type, in the order they are sent; fragments take `$.name` (the `$n` placeholder with its cast) instead of a
// number, and the call passes an object that `values` turns into the positional array. The text stays constant — a
// named, prepared statement on pg (lib/db/sql-session.ts) — and the numbering lives in one place.

/** The placeholders of a statement's parameters: `$.name` is e.g. `$3::int`. */
export type Placeholders<Name extends PropertyKey> = { readonly [K in Name]: string };

/** `spec` maps each parameter's name to its SQL type, in the order they are sent. */
export function namedParams<const Spec extends Record<string, string>>(spec: Spec) {
  const names = Object.keys(spec) as Array<keyof Spec & string>;
  const $ = Object.fromEntries(names.map((name, index) => [name, `$${index + 1}::${spec[name]}`])) as Placeholders<
    keyof Spec
  >;
  /** The positional values for `input` (every parameter named; undefined is sent as NULL). */
  const values = (input: { [K in keyof Spec]: unknown }): unknown[] => names.map((name) => input[name] ?? null);
  return { $, values };
}
