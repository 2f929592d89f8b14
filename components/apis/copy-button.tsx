"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";

/** Copies `text`; the result is announced politely next to the button (clipboard API, else a hidden textarea). */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const t = useTranslations("apis.copy");
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), 4000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      if (navigator.clipboard?.writeText) await navigator.clipboard.writeText(text);
      else if (!legacyCopy(text)) throw new Error("copy refused");
      setState("copied");
    } catch {
      setState(legacyCopy(text) ? "copied" : "failed");
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={t("copyLabel", { what })}>
        {t("copy")}
      </Button>
      <span role="status" className="text-xs text-slate-700">
        {state === "copied" ? t("copied") : state === "failed" ? t("failed") : ""}
      </span>
    </span>
  );
}

function legacyCopy(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
