import { TRANSITION_REASON_MAX, type SaleDetail, type TransitionOption } from '@backoffice/shared';
import { Alert, Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { useConfirm, usePrompt } from '../../../components/confirm-dialog';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { useNotify } from '../../../components/notifications';
import { useSaleTransitions } from '../api/get-sale-transitions';
import { useTransitionSale } from '../api/transition-sale';

/**
 * The status changes the seller may make from the sale's current status, as the workflow lists them (the
 * server checks each again). Confirmed first; the ones that need a reason ask for it.
 */
export function SaleTransitions({ sale }: { sale: SaleDetail }) {
  const options = useSaleTransitions(sale.id);
  const transition = useTransitionSale(sale.id);
  const confirm = useConfirm();
  const prompt = usePrompt();
  const notify = useNotify();

  const move = async (option: TransitionOption) => {
    const question = `¿Pasar la venta a ${option.label}?`;
    let reason: string | undefined;
    if (option.reason_required) {
      const typed = await prompt({ title: 'Cambiar estado', message: question, input: { label: 'Motivo', required: true, maxLength: TRANSITION_REASON_MAX } });
      if (typed === null) return;
      reason = typed;
    } else if (!(await confirm({ title: 'Cambiar estado', message: question }))) {
      return;
    }
    transition.mutate(
      { to_status: option.to_status, version: sale.version, reason },
      {
        onSuccess: () => notify(`Venta pasada a ${option.label}`),
        onError: (error) => notify({ message: error.message, color: 'error', timeout: null }),
      },
    );
  };

  return (
    <Card>
      <CardHeader title="Cambiar estado" />
      <CardContent>
        {options.isPending ? (
          <LoadingIndicator loading loadingText="Cargando transiciones…" />
        ) : options.error ? (
          <Alert severity="error">{options.error.message}</Alert>
        ) : options.data.transitions.length === 0 ? (
          <Typography color="text.secondary">No hay cambios de estado disponibles para tu rol desde el estado actual.</Typography>
        ) : (
          <Stack spacing={1} data-testid="sale-transitions">
            {options.data.transitions.map((option) => (
              <Stack key={option.to_status} spacing={0.5}>
                <Button
                  variant="outlined"
                  color={option.reason_required ? 'error' : 'primary'}
                  disabled={transition.isPending || option.blocked !== null}
                  onClick={() => move(option)}
                >
                  {option.label}
                </Button>
                {option.blocked && (
                  <Typography variant="caption" color="text.secondary">
                    {option.blocked}
                  </Typography>
                )}
              </Stack>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
