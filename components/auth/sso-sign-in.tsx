"use client";

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/field.tsx";

/**
 * "Entrar com o login da empresa": a plain GET form to /sso/start (it works before any script runs), which sends the
 * browser to the company's directory. The company identifier is the instance's slug; a link from the intranet may
 * carry it (`/signin?instance=…`).
 */
export function SsoSignIn({ instance, callbackUrl }: { instance: string; callbackUrl: string }) {
  const t = useTranslations("auth");
  return (
    <form method="get" action="/sso/start" className="space-y-3 border-t border-slate-200 pt-4">
      <p className="text-center text-xs uppercase text-slate-500">{t("ssoOr")}</p>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <TextField
        label={t("ssoInstance")}
        hint={t("ssoInstanceHint")}
        name="instance"
        defaultValue={instance}
        autoComplete="organization"
        required
      />
      <Button type="submit" variant="secondary" className="w-full">
        {t("ssoSubmit")}
      </Button>
    </form>
  );
}
