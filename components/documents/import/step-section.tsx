import { useId } from "react";

/** One step of the import wizard: a card named by its heading. */
export function StepSection({ title, children }: { title: string; children: React.ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={titleId} className="mb-3 text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
