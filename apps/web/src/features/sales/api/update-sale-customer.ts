import type { SaleCustomerUpdateInput, SaleDetail } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saleQueryOptions } from './get-sale';
import { refreshSale } from './refresh-sale';
import { refreshApplicationDetails, refreshApplicationLists } from '../../../lib/application-queries';

export const updateSaleCustomer = (id: number, body: SaleCustomerUpdateInput) => api.patch<SaleDetail>(`sales/${id}/customer`, body);

/** Saves the customer's data; a 409 (someone saved first) reloads the sale so the form shows their values. */
export function useUpdateSaleCustomer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaleCustomerUpdateInput) => updateSaleCustomer(id, body),
    onSuccess: (sale) => {
      queryClient.setQueryData(saleQueryOptions(id).queryKey, sale);
      refreshApplicationDetails(queryClient, id, saleQueryOptions(id).queryKey);
      refreshApplicationLists(queryClient);
    },
    onError: () => refreshSale(queryClient, id),
  });
}
