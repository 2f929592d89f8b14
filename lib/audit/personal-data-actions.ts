// The audit actions about people (lib/audit/server/record-personal-data-access.ts writes them): what a person or a
// token did with someone's data. Shared by the writer, the audit page's event list and its sentences.
export const PERSONAL_DATA_ACTIONS = [
  /** Personal data shown in clear on a staff screen ("Revelar dados pessoais"). */
  "document.reveal",
  /** A document list exported (details.clear: whether the personal data left in clear). */
  "document.export",
  /** Fields of a document changed (details.fields: their names, never the values). */
  "document.update",
  /** A document moved to another status. */
  "document.status_change",
  /** A document given to (or taken from) a staff member. */
  "document.assign",
  /** A deliberate look-up of a person by CPF on the data-subject page. */
  "lgpd_subject.lookup",
  /** An access package downloaded (by the person's signed link or by staff). */
  "lgpd_access.download",
] as const;
export type PersonalDataAction = (typeof PERSONAL_DATA_ACTIONS)[number];
