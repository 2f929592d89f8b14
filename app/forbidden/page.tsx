import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { StaffShell } from "@/app/(staff)/staff-shell.tsx";
import { currentStaffActor } from "@/lib/auth/server/session-actor.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

/** The browser tab names the page (every page its own title). */
export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("common");
  return { title: `${t("forbidden.title")} · DocFlow` };
}

// Outside the (staff) group so that its layout's own guard cannot loop; the shell is added here, so a refused
// user keeps the menu and can go elsewhere.
export default async function ForbiddenPage() {
  const actor = await currentStaffActor();
  if (!actor) redirect("/signin");
  const t = await serverTranslator("common");
  return (
    <StaffShell actor={actor}>
      <div className="mx-auto max-w-lg py-8">
        <h1 className="mb-2 text-xl font-semibold">{t("forbidden.title")}</h1>
        <p className="mb-4 text-slate-700">{t("forbidden.body")}</p>
        <Link className="inline-flex min-h-11 items-center text-brand-700 underline lg:min-h-0" href="/documents">
          {t("forbidden.back")}
        </Link>
      </div>
    </StaffShell>
  );
}
