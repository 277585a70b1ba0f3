import {
  BANK_ACCOUNT_LOCKED_STATUSES,
  isColWallet,
  bankAccountLockedMessage,
  cellphoneLockedMessage,
  namesLockedMessage,
  saleCustomerUpdateSchemas,
  type LeadDetail,
  type SaleCustomerUpdate,
  type SaleCustomerUpdateInput,
} from '@backoffice/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, CardContent, CardHeader, Grid } from '@mui/material';
import type { z } from 'zod';
import { useForm, type Path } from 'react-hook-form';
import { COUNTRY } from '../config/env';
import { useFormDraft } from '../hooks/use-form-draft';
import { ApiError } from '../lib/api-client';
import { FormFields, bankAccountFieldSpecs, type FormFieldSpec } from './form-fields';
import { isStale, useNotifyStale, type FormMutation } from './lead-forms';
import { useNotify } from './notifications';
import { RestoredDraftAlert } from './restored-draft-alert';

// Both countries' schemas have the same fields; they differ in the cellphone rule and the bank account
// (arg a CBU, col a bank from the list, the account's type and its number).
const schema = saleCustomerUpdateSchemas[COUNTRY] as z.ZodType<SaleCustomerUpdate, SaleCustomerUpdateInput>;
const resolver = zodResolver(schema);
const withoutAccount = ({ bank: _bank, bank_account: _account, bank_account_type: _type, ...rest }: SaleCustomerUpdateInput) => rest;

/** `lockedBecause`: why the names and the cellphone cannot change now (as the account): shown, not editable. */
const contactFields = (lockedBecause?: { names: string; cellphone: string }): FormFieldSpec<SaleCustomerUpdateInput>[] => [
  { name: 'first_name', label: 'Nombre', ...(lockedBecause && { disabled: true, helper: lockedBecause.names }) },
  { name: 'last_name', label: 'Apellido', ...(lockedBecause && { disabled: true }) },
  { name: 'cellphone', label: 'Celular', type: 'tel', ...(lockedBecause && { disabled: true, helper: lockedBecause.cellphone }) },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'address', label: 'Domicilio', size: 12 },
];

/**
 * The customer's contact, name and bank account, validated by the shared rules before sending (the server
 * checks the same), from an application's detail (the seller's sale, the back office's lead): each feature
 * passes its own mutation. Saving carries the customer's version: a 409 means someone saved first, and the
 * reloaded application remounts this form (its key is the version) with their values; a notification says
 * why (useNotifyStale).
 */
export function CustomerForm({ application: sale, mutation: update }: { application: LeadDetail; mutation: FormMutation<SaleCustomerUpdateInput> }) {
  const notify = useNotify();
  const notifyStale = useNotifyStale();
  const { customer } = sale;
  // In audit or transfer the names, the account and the cellphone are the audited ones (the server also checks the
  // customer's other applications, and whether another seller works one of them).
  const locked = BANK_ACCOUNT_LOCKED_STATUSES[COUNTRY].includes(sale.status_id);
  // A col bank account stored before its type was asked: its type may be filled in even while the account is
  // locked (the server takes that as completing the audited account, not changing it).
  const typeMissing = customer.bank !== null && !isColWallet(customer.bank) && customer.bank_account_type === null;
  const fields = [
    ...contactFields(locked ? { names: namesLockedMessage(sale.id), cellphone: cellphoneLockedMessage(sale.id) } : undefined),
    ...bankAccountFieldSpecs<SaleCustomerUpdateInput>(locked ? bankAccountLockedMessage(sale.id) : undefined, { typeMissing }),
  ];
  const defaultValues = {
    first_name: customer.first_name,
    last_name: customer.last_name,
    cellphone: customer.cellphone ?? '',
    email: customer.email ?? '',
    address: customer.address ?? '',
    bank: customer.bank ?? '',
    bank_account: customer.bank_account ?? '',
    bank_account_type: customer.bank_account_type ?? '',
    version: customer.version,
  };
  // The account is sent only when one of its fields changed: left out, the server keeps it as stored (an
  // email corrected on a customer whose account lacks its type must not have to pick one).
  const accountUntouched = (values: SaleCustomerUpdateInput) =>
    values.bank === defaultValues.bank && values.bank_account === defaultValues.bank_account && values.bank_account_type === defaultValues.bank_account_type;
  const form = useForm<SaleCustomerUpdateInput, unknown, SaleCustomerUpdate>({
    resolver: (values, context, options) => resolver(accountUntouched(values) ? withoutAccount(values) : values, context, options),
    defaultValues,
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
