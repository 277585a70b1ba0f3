import { Alert } from '@mui/material';
import { COUNTRY } from '../../config/env';
import { ChangePasswordForm } from '../../features/accounts/components/change-password-form';
import { useNotifyError } from '../../components/notifications';
import { HeldSessionPage, useLandAfterHold } from '../held-session-page';

const NOTICE =
  COUNTRY === 'arg'
    ? 'Un administrador restableció tu contraseña. Elegí una nueva para continuar.'
    : 'Un administrador restableció su contraseña. Elija una nueva para continuar.';

/**
 * /change-password: where a session whose password an admin set is held (the server answers it nothing else),
 * outside the shell, whose own requests it could not make. Then the role's landing page.
 */
export default function ChangePasswordRoute() {
  const land = useLandAfterHold();
  const notifyError = useNotifyError();
  return (
    <HeldSessionPage title="Cambiar contraseña" maxWidth={480}>
      <Alert severity="info" sx={{ mb: 3 }}>
        {NOTICE}
      </Alert>
      <ChangePasswordForm onChanged={() => void land().catch(notifyError)} />
    </HeldSessionPage>
  );
}
