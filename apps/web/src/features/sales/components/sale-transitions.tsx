import { saleStatusLabelOf, type SaleDetail } from '@backoffice/shared';
import { useNotify } from '../../../components/notifications';
import { StatusTransitions, movedMessage } from '../../../domain/status-transitions';
import { useSaleTransitions } from '../api/get-sale-transitions';
import { useTransitionSale } from '../api/transition-sale';
import { COUNTRY } from '../../../config/env';

const labelOf = (statusId: number) => saleStatusLabelOf(COUNTRY, statusId);

/**
 * The status changes the seller may make from the sale's current status, as the workflow lists them (the
 * server checks each again). Confirmed first; the ones that need a reason ask for it.
 */
export function SaleTransitions({ sale }: { sale: SaleDetail }) {
  const options = useSaleTransitions(sale.id);
  const transition = useTransitionSale(sale.id);
  const notify = useNotify();
  return (
    <StatusTransitions
      options={options}
      question={(label) => `¿Pasar la venta a ${label}?`}
      labelOf={labelOf}
      disabled={transition.isPending}
      onMove={(option, reason, offeredAmount) =>
        transition.mutate(
          { to_status: option.to_status, version: sale.version, reason, offered_amount: offeredAmount },
          {
            onSuccess: (now) => notify(movedMessage('Venta pasada', option, now.status_id, labelOf)),
            onError: (error) => notify({ message: error.message, color: 'error', timeout: null }),
          },
        )
      }
      data-testid="sale-transitions"
    />
  );
}
