"use client";

import { useTranslations } from "use-intl";
import { Card } from "@/components/ui/feedback.tsx";
import type { TrackingView } from "@/lib/api-client/tracking.ts";

const LINK = "inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2 lg:min-h-0";

/** The company's help channel (set in Configurações → Página do cliente) and the privacy notice. */
export function HelpChannel({ brand }: { brand: TrackingView["brand"] }) {
  const t = useTranslations("tracking");
  const any = brand.help_email || brand.help_phone || brand.whatsapp_url;
  return (
    <Card title={t("helpTitle")}>
      <div className="space-y-2 text-sm" data-testid="tracking-help">
        {any ? (
          <ul className="space-y-1">
            {brand.help_email ? (
              <li>
                {t("helpEmail")}:{" "}
                <a className={`${LINK} break-all`} href={`mailto:${brand.help_email}`}>
                  {brand.help_email}
                </a>
              </li>
            ) : null}
            {brand.help_phone ? (
              <li>
                {t("helpPhone")}:{" "}
                <a className={LINK} href={`tel:${brand.help_phone.replace(/[^0-9+]/g, "")}`}>
                  {brand.help_phone}
                </a>
              </li>
            ) : null}
            {brand.whatsapp_url ? (
              <li>
                <a className={LINK} href={brand.whatsapp_url} target="_blank" rel="noopener noreferrer">
                  {t("helpWhatsapp")}
                </a>
              </li>
            ) : null}
          </ul>
        ) : (
          <p className="text-slate-700">{t("helpNone")}</p>
        )}
        <p className="border-t border-slate-200 pt-2">
          <a
            className={LINK}
            href={brand.privacy_url}
            {...(brand.privacy_url.startsWith("/") ? {} : { target: "_blank", rel: "noopener noreferrer" })}
          >
            {t("privacyLink")}
          </a>
        </p>
      </div>
    </Card>
  );
}
