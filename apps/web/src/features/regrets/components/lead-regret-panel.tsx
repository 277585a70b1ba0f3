import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { IconArrowBackUp } from '@tabler/icons-react';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { useNotify, useNotifyError } from '../../../components/notifications';
import { calendarDate, money } from '../../../lib/format';
import { useRegretQuote } from '../api/get-regret-quote';
import { useFileRegret } from '../api/regret-mutations';
import { RegretDeadline } from './regret-deadline';

/** The lead detail's regret card: the loan's legal deadline and what would be returned, and filing it. */
export function LeadRegretPanel({ leadId }: { leadId: number }) {
  const quote = useRegretQuote(leadId);
  const file = useFileRegret();
  const confirm = useConfirm();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const fileRegret = async () => {
    if (
      !(await confirm({
        title: 'Registrar arrepentimiento',
        message: '¿Registrar la revocación del préstamo por arrepentimiento?',
        confirmLabel: 'Registrar',
      }))
    )
      return;
    file.mutate(
      { lead_id: leadId },
      {
        onSuccess: (regret) =>
          notify({
            message: `Arrepentimiento registrado. Código de revocación: ${regret.revocation_code}`,
            color: 'success',
            timeout: null,
          }),
        onError: (error) => notify({ message: error.message, color: 'error', timeout: null }),
      },
    );
  };
  if (quote.isPending || quote.data === null) return null;
  return (
    <Card data-testid="lead-regret">
      <CardContent>
        <Stack spacing={1.5}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <IconArrowBackUp size={20} />
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              Arrepentimiento
            </Typography>
          </Box>
          {quote.error && <Typography color="error">{quote.error.message}</Typography>}
          {quote.data && (
            <>
              <Typography variant="body2">
                Préstamo #{quote.data.loan_id}, desembolsado el {calendarDate(quote.data.disbursed_on)}. A devolver sin intereses:{' '}
                {money(quote.data.amount)}.
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2">Plazo legal:</Typography>
                <RegretDeadline deadline={quote.data.deadline} rule={quote.data.rule} />
              </Box>
              {quote.data.open_regret_id !== null ? (
                <Button component={RouterLink} to="/regrets" size="small">
                  Ver la solicitud #{quote.data.open_regret_id}
                </Button>
              ) : (
                <Button variant="outlined" size="small" disabled={file.isPending} onClick={() => void fileRegret().catch(notifyError)}>
                  Registrar arrepentimiento
                </Button>
              )}
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
