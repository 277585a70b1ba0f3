import { Alert, Button } from '@mui/material';
import type { FormDraft } from '../hooks/use-form-draft';
import { say } from '../lib/voice';

/** Says that a form shows what the user had typed before (useFormDraft), with the way back to a clean form. */
export function RestoredDraftAlert({ draft }: { draft: FormDraft }) {
  if (!draft.restored) return null;
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={draft.discard}>
          Descartar
        </Button>
      }
    >
      {say('Recuperamos lo que estabas escribiendo: revísalo antes de guardar.')}
    </Alert>
  );
}
