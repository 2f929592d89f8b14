"use client";

import { useTranslations } from "use-intl";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { Button } from "@/components/ui/button.tsx";
import { Alert, Card } from "@/components/ui/feedback.tsx";
import { useRevealPersonalData, type RevealedPersonalData, type StaffDocumentView } from "@/lib/api-client/document.ts";
import { formatIdentifier } from "@/lib/identifiers/identifiers.ts";
import { useDateTime } from "./format.ts";

/**
 * The read view's fields_to_show. The customer's cpf, name, e-mail and phone arrive as the role's masking policy says
 * (the list's rule: what the list shows in clear is clear here too); where something is masked, staff/admin may
 * reveal it (the server logs the reveal in the history), viewers never can.
 */
export function PersonalFields({
  view,
  revealed,
  onRevealed,
}: {
  view: StaffDocumentView;
  revealed: RevealedPersonalData | null;
  onRevealed: (data: RevealedPersonalData) => void;
}) {
  const t = useTranslations("document.personal");
  const errorText = useErrorText();
  const dateTime = useDateTime();
  const reveal = useRevealPersonalData(view.document.id);
  const shown = view.fields_to_show;
  const maskedField = new Set(view.masked_fields);
  const anyMasked = view.personal_data === "masked";
  const rows: Array<{ label: string; value: string | null; masked?: boolean; extra?: React.ReactNode }> = [
    {
      label: t("labels.cpf"),
      value: revealed ? formatIdentifier(revealed.cpf) : shown.CPF,
      masked: maskedField.has("cpf"),
      extra: (
        <span
          className={`ml-2 inline-block rounded px-1.5 py-0.5 text-xs font-medium ${
            view.identifier_kind === "other" ? "bg-amber-100 text-amber-900" : "bg-green-100 text-green-900"
          }`}
        >
          {t(`kind.${view.identifier_kind}`)}
        </span>
      ),
    },
    { label: t("labels.customer"), value: revealed ? revealed.name : shown.Cliente, masked: maskedField.has("name") },
    { label: t("labels.email"), value: revealed ? revealed.email : shown.Email, masked: maskedField.has("email") },
    { label: t("labels.phone"), value: revealed ? revealed.phone : shown.Telefone, masked: maskedField.has("phone") },
    { label: t("labels.source"), value: shown.Fonte },
    { label: t("labels.modality"), value: shown.Modalidade },
    { label: t("labels.createdAt"), value: dateTime(shown["Criado em"]) },
  ];
  return (
    <Card
      title={t("title")}
      actions={
        view.permissions.can_reveal && !revealed ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={reveal.isPending}
            onClick={() => reveal.mutate(undefined, { onSuccess: onRevealed })}
          >
            {reveal.isPending ? t("revealing") : t("reveal")}
          </Button>
        ) : null
      }
    >
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{row.label}</dt>
            <dd className="mt-0.5 break-words text-sm text-slate-900">
              <span className={row.masked && !revealed ? "font-mono" : undefined}>{row.value || "—"}</span>
              {row.extra}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-3" aria-live="polite">
        {revealed ? (
          <Alert tone="info">{t("revealed")}</Alert>
        ) : anyMasked ? (
          <p className="text-xs text-slate-600">{t("maskedHint")}</p>
        ) : null}
      </div>
      {reveal.isError ? (
        <div className="mt-3">
          <Alert>{t("revealError", { message: errorText.text(reveal.error) })}</Alert>
        </div>
      ) : null}
    </Card>
  );
}
