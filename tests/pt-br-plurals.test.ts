// In pt-BR the CLDR category "one" covers 0 as well as 1, so `{count, plural, one {# documento} other {…}}` printed
// "Vai anonimizar 0 documento". Every pt-BR plural whose "one" branch prints a number names zero on its own (=0).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, test } from "vitest";

const DIR = path.resolve("messages/pt-BR");

function* strings(value: unknown, key: string): Generator<[string, string]> {
  if (typeof value === "string") yield [key, value];
  else if (value && typeof value === "object")
    for (const [child, inner] of Object.entries(value)) yield* strings(inner, key ? `${key}.${child}` : child);
}

const printsNumber = (elements: MessageFormatElement[], argument: string): boolean =>
  elements.some(
    (element) => element.type === TYPE.pound || (element.type === TYPE.argument && element.value === argument),
  );

/** The plural arguments of a message whose "one" branch prints the number but which has no "=0" branch. */
function pluralsWithoutZero(elements: MessageFormatElement[]): string[] {
  const found: string[] = [];
  for (const element of elements) {
    if (element.type === TYPE.plural) {
      const one = element.options.one;
      if (one && printsNumber(one.value, element.value) && !element.options["=0"]) found.push(element.value);
    }
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) found.push(...pluralsWithoutZero(option.value));
    if (element.type === TYPE.tag) found.push(...pluralsWithoutZero(element.children));
  }
  return found;
}

describe("pt-BR plurals", () => {
  test("every plural that prints its number says zero in the plural", () => {
    const offenders: string[] = [];
    for (const file of readdirSync(DIR).filter((name) => name.endsWith(".json"))) {
      const messages: unknown = JSON.parse(readFileSync(path.join(DIR, file), "utf8"));
      for (const [key, text] of strings(messages, "")) {
        if (!text.includes("plural")) continue;
        for (const argument of pluralsWithoutZero(parse(text, { ignoreTag: false })))
          offenders.push(`${file.replace(".json", "")}.${key} (${argument})`);
      }
    }
    expect(offenders).toEqual([]);
  });

  test("the retention rule's confirmation reads naturally for none, one and many", () => {
    const retention = JSON.parse(readFileSync(path.join(DIR, "retention.json"), "utf8")) as {
      activateMessage: string;
    };
    const say = (count: number) =>
      String(new IntlMessageFormat(retention.activateMessage, "pt-BR").format({ action: "anonymise", count }));
    expect(say(0)).toMatch(/^Vai anonimizar nenhum documento /);
    expect(say(1)).toMatch(/^Vai anonimizar 1 documento /);
    expect(say(2)).toMatch(/^Vai anonimizar 2 documentos /);
  });
});
