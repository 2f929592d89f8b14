import { Button } from "./button.tsx";
import { Alert } from "./feedback.tsx";

/**
 * The end of a settings form: its save button (disabled while saving) and, announced politely, the saved
 * confirmation or the form's error summary.
 */
export function FormSaveBar({
  saving,
  saved,
  summary,
  saveLabel,
  savedText,
}: {
  saving: boolean;
  saved: boolean;
  summary: string | null | undefined;
  saveLabel: string;
  savedText: string;
}) {
  return (
    <>
      <div>
        <Button type="submit" disabled={saving}>
          {saveLabel}
        </Button>
      </div>
      <div aria-live="polite">
        {saved ? <Alert tone="success">{savedText}</Alert> : null}
        {summary ? <Alert>{summary}</Alert> : null}
      </div>
    </>
  );
}
