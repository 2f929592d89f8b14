// How one change of a history entry reads: "Field: before → after", with an object value (the whole
// `filled_columns` of a creation) as a key/value list, never raw JSON.

/** A value ready to show: text, a list of labelled entries (an object), or nothing (null/empty). */
export type ShownValue = string | { label: string; text: string | null }[] | null;

function asSentence(value: ShownValue, emptyText: string): string {
  if (value === null) return emptyText;
  if (typeof value === "string") return value;
  return value.map((item) => `${item.label}: ${item.text ?? emptyText}`).join("; ");
}

function Shown({ value }: { value: ShownValue }) {
  if (value === null) return <span className="text-slate-600">—</span>;
  if (typeof value === "string") return <span className="font-medium text-slate-900">{value}</span>;
  return (
    <dl className="mt-1 grid grid-cols-[minmax(0,max-content)_minmax(0,1fr)] gap-x-3 gap-y-0.5 rounded-md bg-slate-50 px-3 py-2">
      {value.map((item) => (
        <div key={item.label} className="contents">
          <dt className="text-slate-700">{item.label}</dt>
          <dd className="break-words font-medium text-slate-900">{item.text ?? "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Screen readers get one sentence ("Field: before to after", "empty" for no value); the eye gets the layout. */
export function HistoryChange({
  field,
  before,
  after,
  emptyText,
  toText,
}: {
  field: string;
  before: ShownValue;
  after: ShownValue;
  emptyText: string;
  toText: string;
}) {
  const spoken = `${field}: ${asSentence(before, emptyText)} ${toText} ${asSentence(after, emptyText)}`;
  return (
    <>
      <span className="sr-only">{spoken}</span>
      <span aria-hidden>
        <span className="text-slate-700">{field}:</span> <Shown value={before} /> → <Shown value={after} />
      </span>
    </>
  );
}
