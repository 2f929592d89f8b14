/** The anchor of one operation of the API reference: `#post-document-create`, stable across builds. */
export function operationAnchor(method: string, path: string): string {
  const slug = path
    .replace(/[{}]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
  return `${method.toLowerCase()}-${slug}`;
}

/** Lower case without accents, so "exclusao" finds "exclusão". */
export function searchable(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}
