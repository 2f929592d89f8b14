"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Alert, Card, Spinner } from "@/components/ui/feedback.tsx";
import { DataTable, type Column } from "@/components/ui/table.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { useMaskingPolicy, useSaveMaskingPolicy } from "@/lib/api-client/masking-policy.ts";
import { PERSONAL_FIELDS } from "@/lib/documents/mask.ts";
import { POLICY_ROLES, type MaskingPolicy } from "@/lib/documents/masking-policy-schema.ts";

/** Admins choose, per role, which personal fields the documents list masks (a role × field grid of checkboxes). */
export function MaskingPolicyPanel() {
  const t = useTranslations("queue.masking");
  const policy = useMaskingPolicy();
  // Owned here, not by the form: saving replaces the cached policy, which remounts the form with the saved values.
  const save = useSaveMaskingPolicy();
  if (policy.isPending) return <Spinner label={t("loading")} />;
  if (policy.isError) return <PolicyError error={policy.error} />;
  return <PolicyForm key={JSON.stringify(policy.data)} initial={policy.data} save={save} />;
}

function PolicyError({ error }: { error: unknown }) {
  const errorText = useErrorText();
  return <Alert>{errorText.text(error)}</Alert>;
}

function PolicyForm({ initial, save }: { initial: MaskingPolicy; save: ReturnType<typeof useSaveMaskingPolicy> }) {
  const t = useTranslations("queue.masking");
  const tRoles = useTranslations("common.roles");
  const errorText = useErrorText();
  const [draft, setDraft] = useState<MaskingPolicy>(initial);

  return (
    <Card title={t("title")}>
      <p className="mb-3 max-w-3xl text-sm text-slate-600">{t("intro")}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(draft);
        }}
        className="space-y-3"
      >
        <DataTable
          label={t("title")}
          variant="compact"
          cellClassName="px-3 py-2"
          rows={[...POLICY_ROLES]}
          rowKey={(role) => role}
          columns={[
            { key: "role", label: t("role"), rowHeader: true, cell: (role) => tRoles(role) },
            ...PERSONAL_FIELDS.map((field): Column<(typeof POLICY_ROLES)[number]> => ({
              key: field,
              label: t(`fields.${field}`),
              className: "text-center",
              cellClassName: "text-center",
              cell: (role) => (
                <input
                  type="checkbox"
                  className="h-5 w-5"
                  aria-label={t("maskedFor", { field: t(`fields.${field}`), role: tRoles(role) })}
                  checked={draft[role].includes(field)}
                  onChange={() =>
                    setDraft((current) => ({
                      ...current,
                      [role]: current[role].includes(field)
                        ? current[role].filter((other) => other !== field)
                        : [...current[role], field],
                    }))
                  }
                />
              ),
            })),
          ]}
        />
        <Button type="submit" disabled={save.isPending}>
          {t("save")}
        </Button>
        {save.isSuccess ? <Alert tone="success">{t("saved")}</Alert> : null}
        {save.isError ? <Alert>{t("error", { message: errorText.text(save.error) })}</Alert> : null}
      </form>
    </Card>
  );
}
