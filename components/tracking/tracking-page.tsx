"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Alert, Spinner } from "@/components/ui/feedback.tsx";
import { loadTracking, lookupTracking, TrackingError, type TrackingView } from "@/lib/api-client/tracking.ts";
import { LookupForm } from "./lookup-form.tsx";
import { TrackingDetails } from "./tracking-details.tsx";

/** /acompanhar: the lookup form, or the document once found (from the form or a signed e-mail link). */
export function TrackingPage({ linkToken, maxMegabytes }: { linkToken: string | null; maxMegabytes: number }) {
  const t = useTranslations("tracking");
  const [token, setToken] = useState<string | null>(linkToken);
  const [view, setView] = useState<TrackingView | null>(null);
  const [pending, setPending] = useState(linkToken !== null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const errorText = (cause: unknown, fromLink: boolean) => {
    const status = cause instanceof TrackingError ? cause.status : 0;
    if (status === 404) return fromLink ? t("linkExpired") : t("notFound");
    // The protocol was tried from too many places: waiting does not help the customer, the e-mail's link does.
    if (status === 429 && cause instanceof TrackingError && cause.code === "tracking_use_email_link") {
      return t("useEmailLink");
    }
    if (status === 429) return t("throttled");
    return t("error");
  };

  useEffect(() => {
    if (!linkToken) return;
    loadTracking(linkToken)
      .then(setView, (cause: unknown) => {
        setToken(null);
        setError(errorText(cause, true));
      })
      .finally(() => setPending(false));
    // Once, for the link the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkToken]);

  async function lookup(protocol: string, identifier: string) {
    setPending(true);
    setError(null);
    try {
      const found = await lookupTracking(protocol, identifier);
      setToken(found.token);
      setView(found.view);
    } catch (cause) {
      setError(errorText(cause, false));
    } finally {
      setPending(false);
    }
  }

  function backToLookup() {
    setView(null);
    setToken(null);
    setNotice(null);
  }

  async function refreshAfterSend(message: string) {
    setNotice(message);
    if (token) setView(await loadTracking(token).catch(() => view));
  }

  return (
    <main className="mx-auto w-full max-w-lg space-y-4 p-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      {view && token ? (
        <>
          <div aria-live="polite">{notice ? <Alert tone="success">{notice}</Alert> : null}</div>
          <TrackingDetails
            view={view}
            token={token}
            maxMegabytes={maxMegabytes}
            onSent={refreshAfterSend}
            onLookup={backToLookup}
          />
          <Button variant="secondary" className="w-full" onClick={backToLookup}>
            {t("another")}
          </Button>
        </>
      ) : pending && linkToken && !error ? (
        <Spinner label={t("searching")} />
      ) : (
        <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <LookupForm pending={pending} error={error} onSubmit={(p, i) => void lookup(p, i)} />
        </div>
      )}
    </main>
  );
}
