import { BANK_ACCOUNT_LOCKED_STATUSES, bankAccountLockedMessage, saleCustomerUpdateSchemas, type SaleCustomerUpdate, type SaleCustomerUpdateInput, type SaleDetail } from '@backoffice/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, CardContent, CardHeader, Grid } from '@mui/material';
import type { z } from 'zod';
import { useForm, type Path } from 'react-hook-form';
import { FormFields, bankAccountFieldSpecs, type FormFieldSpec } from '../../../components/form-fields';
import { RestoredDraftAlert } from '../../../components/restored-draft-alert';
import { isStale, useNotifyStale } from '../../../components/lead-forms';
import { useNotify } from '../../../components/notifications';
import { COUNTRY } from '../../../config/env';
import { useFormDraft } from '../../../hooks/use-form-draft';
import { ApiError } from '../../../lib/api-client';
import { useUpdateSaleCustomer } from '../api/update-sale-customer';

// Both countries' schemas have the same fields; they differ in the cellphone rule and the bank account
// (arg a CBU, col a bank from the list and its account number).
const schema = saleCustomerUpdateSchemas[COUNTRY] as z.ZodType<SaleCustomerUpdate, SaleCustomerUpdateInput>;

const CONTACT_FIELDS: FormFieldSpec<SaleCustomerUpdateInput>[] = [
  { name: 'first_name', label: 'Nombre' },
  { name: 'last_name', label: 'Apellido' },
  { name: 'cellphone', label: 'Celular', type: 'tel' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'address', label: 'Domicilio', size: 12 },
];

/**
 * The customer's contact and name, validated by the shared rules before sending (the server checks the
 * same). Saving carries the customer's version: a 409 means someone saved first, and the reloaded sale
 * remounts this form (its key is the version) with their values; a notification says why (useNotifyStale).
 */
export function CustomerForm({ sale }: { sale: SaleDetail }) {
  const update = useUpdateSaleCustomer(sale.id);
  const notify = useNotify();
  const notifyStale = useNotifyStale();
  const { customer } = sale;
  // In audit or transfer the account is the audited one (the server also checks the customer's other applications).
  const fields = [
    ...CONTACT_FIELDS,
    ...bankAccountFieldSpecs<SaleCustomerUpdateInput>(BANK_ACCOUNT_LOCKED_STATUSES[COUNTRY].includes(sale.status_id) ? bankAccountLockedMessage(sale.id) : undefined),
  ];
  const form = useForm<SaleCustomerUpdateInput, unknown, SaleCustomerUpdate>({
    resolver: zodResolver(schema),
    defaultValues: {
      first_name: customer.first_name,
      last_name: customer.last_name,
      cellphone: customer.cellphone ?? '',
      email: customer.email ?? '',
      address: customer.address ?? '',
      bank: customer.bank ?? '',
      bank_account: customer.bank_account ?? '',
      version: customer.version,
    },
  });
  const { register, handleSubmit, formState, setError } = form;
  // Kept while typing; a draft typed on an earlier version of the customer (someone saved since) is dropped,
  // as a stale save would be refused.
  const draft = useFormDraft(form, `customer_${sale.id}`, (values) => values.version === customer.version);

  const submit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        draft.clear();
        notify('Datos del cliente guardados');
      },
      onError: (error) => {
        if (error instanceof ApiError) for (const field of error.fields) setError(field.field as Path<SaleCustomerUpdateInput>, { message: field.message });
        notifyStale(error);
      },
    }),
  );

  return (
    <Card>
      <CardHeader title="Datos del cliente" subheader={`${customer.doc_type} ${customer.doc_number}${customer.cuil ? ` · CUIL ${customer.cuil}` : ''}`} />
      <CardContent>
        <Grid container spacing={2} component="form" noValidate onSubmit={submit} aria-label="Datos del cliente">
          {draft.restored && (
            <Grid size={12}>
              <RestoredDraftAlert draft={draft} />
            </Grid>
          )}
          <FormFields fields={fields} register={register} errors={formState.errors} size="small" />
          {update.error && !isStale(update.error) && (
            <Grid size={12}>
              <Alert severity="error">{update.error.message}</Alert>
            </Grid>
          )}
          <Grid size={12} sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={update.isPending || !formState.isDirty}>
              Guardar cliente
            </Button>
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}
