"use client";

import { useTranslations } from "use-intl";
import { Popover } from "@/components/ui/popover.tsx";
import { OPTIONAL_COLUMNS, type ListView } from "./use-list-view.ts";

/** "Exibição": row density and which optional columns show (remembered per user, see use-list-view.ts). */
export function ViewSettings({ view, onChange }: { view: ListView; onChange: (view: ListView) => void }) {
  const t = useTranslations("queue.view");
  return (
    <Popover buttonContent={t("button")} panelLabel={t("button")} align="right">
      {() => (
        <div className="space-y-3 text-sm">
          <fieldset>
            <legend className="mb-1 font-medium text-slate-700">{t("density")}</legend>
            {(["compact", "comfortable"] as const).map((density) => (
              <label key={density} className="flex items-center gap-2 py-1">
                <input
                  type="radio"
                  name="density"
                  className="h-4 w-4"
                  checked={view.density === density}
                  onChange={() => onChange({ ...view, density })}
                />
                {t(`densities.${density}`)}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend className="mb-1 font-medium text-slate-700">{t("columns")}</legend>
            {OPTIONAL_COLUMNS.map((column) => (
              <label key={column} className="flex items-center gap-2 py-1">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={!view.hidden.includes(column)}
                  onChange={() =>
                    onChange({
                      ...view,
                      hidden: view.hidden.includes(column)
                        ? view.hidden.filter((other) => other !== column)
                        : [...view.hidden, column],
                    })
                  }
                />
                {t(`columnNames.${column}`)}
              </label>
            ))}
            <p className="mt-1 text-xs text-slate-600">{t("columnsHint")}</p>
          </fieldset>
        </div>
      )}
    </Popover>
  );
}
