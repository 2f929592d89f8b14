"use client";

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { Alert, Spinner } from "@/components/ui/feedback.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { useRevokeUserSession, useUserSessions } from "@/lib/api-client/account.ts";
import { SessionsTable } from "./sessions-table.tsx";

/** An admin's view of a user's live sessions, each with "Encerrar" (ends it at once on every server). */
export function UserSessionsDialog({ user, onClose }: { user: { id: number; email: string }; onClose: () => void }) {
  const t = useTranslations("auth.account");
  const errorText = useErrorText();
  const sessions = useUserSessions(user.id);
  const revoke = useRevokeUserSession(user.id);
  return (
    <Dialog open title={t("userSessionsTitle", { name: user.email })} onClose={onClose} wide>
      <div className="space-y-3">
        {revoke.error ? <Alert>{errorText.text(revoke.error)}</Alert> : null}
        {sessions.error ? <Alert>{errorText.text(sessions.error)}</Alert> : null}
        {sessions.data ? (
          <SessionsTable
            sessions={sessions.data.sessions}
            onRevoke={(id) => revoke.mutate(id)}
            revoking={revoke.isPending}
          />
        ) : sessions.isPending ? (
          <Spinner label="…" />
        ) : null}
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t("close")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
