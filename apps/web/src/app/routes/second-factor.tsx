import { failedAttemptsNotice } from '@backoffice/shared';
import { Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { useNotify } from '../../components/notifications';
import { COUNTRY } from '../../config/env';
import { SecondFactorForm } from '../../features/auth/components/second-factor-form';
import { landingPath } from '../../lib/storage';
import { useSession } from '../../lib/session';
import { HeldSessionPage } from '../held-session-page';
import { say } from '../../lib/voice';

/**
 * /second-factor: where a session signed in with the password waits for its second factor's code (the server
 * answers it nothing else), outside the shell. Then the role's landing page (the code's answer brought SPEC 3's
 * resources).
 */
export default function SecondFactorRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  return (
    <HeldSessionPage title="Verificación en dos pasos" maxWidth={440}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {say('Ingresa el código que muestra tu aplicación de autenticación.')}
      </Typography>
      <SecondFactorForm
        onVerified={({ failed_attempts: failed, recovery_codes_left: left }) => {
          if (failed) notify({ message: say(failedAttemptsNotice(failed)), color: 'warning', timeout: 12_000 });
          else if (left !== undefined) notify({ message: say(`Usaste un código de recuperación: te quedan ${left}`), color: 'info' });
          if (session) void navigate(landingPath(COUNTRY, session.role), { replace: true });
        }}
      />
    </HeldSessionPage>
  );
}
