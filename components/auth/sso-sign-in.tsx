"use client";

import { useSyncExternalStore } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/field.tsx";

/**
 * "Usar o login da empresa": a GET to /sso/start, which sends the browser on to the company's directory. The company identifier is the instance's slug; a link from the intranet may
 * carry it (`/signin?instance=…`).
 */
const noSubscription = () => () => {};
const onClient = () => true;
const onServer = () => false;

export function SsoSignIn({ instance, callbackUrl }: { instance: string; callbackUrl: string }) {
  const t = useTranslations("auth");
  // Until this script runs, a submit would be the browser's own, which the CSP stops at the directory's redirect.
  const hydrated = useSyncExternalStore(noSubscription, onClient, onServer);
  return (
    <form
      method="get"
      action="/sso/start"
      className="space-y-3 border-t border-slate-200 pt-4"
      onSubmit={(event) => {
        // A navigation, not the form's own submission: the page's CSP (`form-action 'self'`) would block the
        // redirect that follows a submitted form on to the directory's origin.
        event.preventDefault();
        const query = new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>);
        // A route handler answering a redirect off this site, not a page: the router cannot follow it.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign(`/sso/start?${query.toString()}`);
      }}
    >
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
      <Button type="submit" variant="secondary" className="w-full" disabled={!hydrated}>
        {t("ssoSubmit")}
      </Button>
    </form>
  );
}
