import type { Locale, Messages } from "./messages.ts";

// Types every useTranslations()/createTranslator() call against the Portuguese messages.
declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
