// A translator for one locale, without reading the request: server components that receive the locale as a prop
// (components/layout/app-shell.tsx) use it; serverTranslator (lib/i18n/server) reads the locale cookie first.
import { createTranslator, type NamespaceKeys, type NestedKeyOf } from "use-intl/core";
import { messagesFor, TIME_ZONE, type Locale, type Messages } from "./messages.ts";

/** `const t = translatorFor("pt-BR", "common"); t("appName")`. */
export function translatorFor<Namespace extends NamespaceKeys<Messages, NestedKeyOf<Messages>>>(
  locale: Locale,
  namespace: Namespace,
) {
  return createTranslator<Messages, Namespace>({
    locale,
    messages: messagesFor(locale),
    namespace,
    timeZone: TIME_ZONE,
  });
}
