import "server-only";
import { cookies } from "next/headers";
import type { NamespaceKeys, NestedKeyOf } from "use-intl/core";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale, type Messages } from "../messages.ts";
import { translatorFor } from "../translator.ts";

/** The visitor's language: the `locale` cookie set by the language switch, else Brazilian Portuguese. */
export async function currentLocale(): Promise<Locale> {
  const value = (await cookies()).get(LOCALE_COOKIE)?.value;
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** Translator for server components: `const t = await serverTranslator("documents"); t("title")`. */
export async function serverTranslator<Namespace extends NamespaceKeys<Messages, NestedKeyOf<Messages>>>(
  namespace: Namespace,
) {
  return translatorFor(await currentLocale(), namespace);
}
