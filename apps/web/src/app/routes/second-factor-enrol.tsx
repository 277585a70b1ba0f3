import { Alert } from '@mui/material';
import { useSecondFactorRefresh } from '../../features/accounts/api/second-factor';
import { SecondFactorEnrolment } from '../../features/accounts/components/second-factor-enrolment';
import { useNotifyError } from '../../components/notifications';
import { HeldSessionPage, useLandAfterHold } from '../held-session-page';
import { say } from '../../lib/voice';

/**
 * /second-factor/enrol: where a user whose role requires a second factor, not set up yet, is held after the
 * password (the server answers that session nothing else), outside the shell. Then the role's landing page.
 */
export default function SecondFactorEnrolRoute() {
  const refresh = useSecondFactorRefresh();
  const land = useLandAfterHold();
  const notifyError = useNotifyError();
  return (
    <HeldSessionPage title={say('Configura la verificación en dos pasos')} maxWidth={560}>
      <Alert severity="info" sx={{ mb: 3 }}>
        {say('Tu rol exige la verificación en dos pasos. Configúrala para continuar.')}
      </Alert>
      <SecondFactorEnrolment onDone={() => void refresh().then(land).catch(notifyError)} />
    </HeldSessionPage>
  );
}
