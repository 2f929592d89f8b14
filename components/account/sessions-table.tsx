"use client";

import { useFormatter, useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import type { SessionRow } from "@/lib/api-client/account.ts";

/** Live sessions: device, sign-in, last seen (São Paulo time, as the provider formats); an optional "end" button. */
export function SessionsTable({
  sessions,
  onRevoke,
  revoking,
}: {
  sessions: SessionRow[];
  onRevoke?: (id: string) => void;
  revoking?: boolean;
}) {
  const t = useTranslations("auth.account");
  const format = useFormatter();
  const when = (iso: string | null) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: "short", timeStyle: "short" }) : "—";
  if (sessions.length === 0) return <p className="text-sm text-slate-600">{t("noSessions")}</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-slate-600">
        <tr>
          <th className="py-1 pr-3 font-medium">{t("device")}</th>
          <th className="py-1 pr-3 font-medium">{t("signedInAt")}</th>
          <th className="py-1 pr-3 font-medium">{t("lastSeen")}</th>
          {onRevoke ? <th className="py-1" /> : null}
        </tr>
      </thead>
      <tbody>
        {sessions.map((session) => (
          <tr key={session.id} className="border-t border-slate-100">
            <td className="py-2 pr-3">
              {session.device}
              {session.current ? <span className="ml-2 text-xs text-brand-700">({t("thisSession")})</span> : null}
            </td>
            <td className="py-2 pr-3">{when(session.created_at)}</td>
            <td className="py-2 pr-3">{when(session.last_seen_at)}</td>
            {onRevoke ? (
              <td className="py-2 text-right">
                <Button size="sm" variant="secondary" disabled={revoking} onClick={() => onRevoke(session.id)}>
                  {t("revoke")}
                </Button>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
