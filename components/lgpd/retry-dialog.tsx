"use client";

import { useTranslations } from "use-intl";
import { useRetryLgpdRequest, type SerializedLgpdRequest } from "@/lib/api-client/lgpd.ts";
import { isValidCpf } from "@/lib/identifiers/identifiers.ts";
import { ZRetryLgpdRequestBody } from "@/lib/lgpd/schemas.ts";
import { CpfCheckDialog } from "./cpf-check-dialog.tsx";

/** The route's body, and a CPF whose check digits add up (a typo is caught before the server's hash comparison). */
const retrySchema = ZRetryLgpdRequestBody.refine((body) => isValidCpf(body.cpf), { path: ["cpf"] });

/** Re-queues an errored request, once the admin has typed its CPF again (CpfCheckDialog). */
export function RetryDialog(props: {
  request: SerializedLgpdRequest | null;
  onClose: () => void;
  onDone: (id: number) => void;
}) {
  const t = useTranslations("lgpd.retry");
  const retry = useRetryLgpdRequest();
  return (
    <CpfCheckDialog
      {...props}
      namespace="lgpd.retry"
      schema={retrySchema}
      defaultValues={{ cpf: "" }}
      mutation={retry}
      errorTone="warning"
      intro={(request) => (
        <p className="text-sm text-slate-700">
          {t.rich("body", {
            masked: request.cpf_masked,
            cpf: (chunks) => <span className="whitespace-nowrap font-mono">{chunks}</span>,
          })}
        </p>
      )}
    />
  );
}
