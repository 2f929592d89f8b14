import type { FilterOptions } from "@/lib/documents/search-schema.ts";

/** The statuses as <option>s grouped by category, for any status <select> of the list's filters. */
export function StatusOptions({ options }: { options: FilterOptions | undefined }) {
  return options?.categories.map((category) => (
    <optgroup key={category.key} label={category.label}>
      {options.statuses
        .filter((status) => status.category_key === category.key)
        .map((status) => (
          <option key={status.id} value={status.id}>
            {status.name}
          </option>
        ))}
    </optgroup>
  ));
}
