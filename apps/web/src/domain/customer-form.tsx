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
import { voicedZodResolver } from '../lib/voiced-resolver';
import { say } from '../lib/voice';
import { Alert, AlertTitle, Box, Button, Card, CardContent, CardHeader, Grid } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { useForm, type Path } from 'react-hook-form';
import { COUNTRY } from '../config/env';
import { useFormDraft } from '../hooks/use-form-draft';
import { ApiError } from '../lib/api-client';
import { readDraft, writeDraft } from '../lib/drafts';
import { useSession } from '../lib/session';
import {
  CUSTOMER_FORM_FIELDS,
  customerFormValues,
  mergeChanges,
  parseFormValues,
  rebaseCustomerEdit,
  type CustomerFormValues,
  type OtherUserChange,
} from './customer-form-rebase';
import { FormFields, type FormFieldSpec } from '../components/form-fields';
import { bankAccountFieldSpecs } from './bank-account-fields';
import { isStale, useNotifyStale } from './lead-forms';
import { useNotify } from '../components/notifications';
import { RestoredDraftAlert } from '../components/restored-draft-alert';

// Both countries' schemas have the same fields; they differ in the cellphone rule and the bank account
// (arg a CBU, col a bank from the list, the account's type and its number).
const schema = saleCustomerUpdateSchemas[COUNTRY] as z.ZodType<SaleCustomerUpdate, SaleCustomerUpdateInput>;
const resolver = voicedZodResolver(schema);
const withoutAccount = ({ bank: _bank, bank_account: _account, bank_account_type: _type, ...rest }: SaleCustomerUpdateInput) => rest;

/** `lockedBecause`: why the names and the cellphone cannot change now (as the account): shown, not editable. */
const contactFields = (lockedBecause?: { names: string; cellphone: string }): FormFieldSpec<SaleCustomerUpdateInput>[] => [
  { name: 'first_name', label: 'Nombre', ...(lockedBecause && { disabled: true, helper: lockedBecause.names }) },
  { name: 'last_name', label: 'Apellido', ...(lockedBecause && { disabled: true }) },
  { name: 'cellphone', label: 'Celular', type: 'tel', ...(lockedBecause && { disabled: true, helper: lockedBecause.cellphone }) },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'address', label: 'Domicilio', size: 12 },
];

/** What the form needs of a save's mutation: the saved application, to show what is stored now. */
interface CustomerMutation {
  mutate: (
    body: SaleCustomerUpdateInput,
    options: { onSuccess: (saved: Pick<LeadDetail, 'customer'>) => void; onError?: (error: Error) => void },
  ) => void;
  isPending: boolean;
  error: Error | null;
}

/** A value as the review of another user's change shows it. */
const shownValue = (spec: FormFieldSpec<SaleCustomerUpdateInput> | undefined, value: string) =>
  value === '' ? '(vacío)' : `«${spec?.optionLabels?.[value] ?? value}»`;

/**
 * The customer's contact, name and bank account, validated by the shared rules before sending (the server
 * checks the same), from an application's detail (the seller's sale, the back office's lead): each feature
 * passes its own mutation. Saving carries the customer's version. When someone else saved first (a 409, which
 * reloads the application, or a newer customer read while typing), nothing typed is lost: the form moves onto
 * the stored version, keeping each field the user changed and taking the other user's value elsewhere, and
 * names the fields the other user changed (customer-form-rebase.ts), so the user reviews them and saves again
 * deliberately; the 409's reason stays in a notification (useNotifyStale). Keep it mounted across versions
 * (key it by the application, not the customer's version).
 */
export function CustomerForm({ application: sale, mutation: update }: { application: LeadDetail; mutation: CustomerMutation }) {
  const notify = useNotify();
  const notifyStale = useNotifyStale();
  const userId = useSession()?.id;
  const { customer } = sale;
  // In audit or transfer the names, the account and the cellphone are the audited ones (the server also checks the
  // customer's other applications, and whether another seller works one of them).
  const locked = BANK_ACCOUNT_LOCKED_STATUSES[COUNTRY].includes(sale.status_id);
  // A col bank account stored before its type was asked: its type may be filled in even while the account is
  // locked (the server takes that as completing the audited account, not changing it).
  const typeMissing = customer.bank !== null && !isColWallet(customer.bank) && customer.bank_account_type === null;
  const baseFields = [
    ...contactFields(locked ? { names: namesLockedMessage(sale.id), cellphone: cellphoneLockedMessage(sale.id) } : undefined),
    ...bankAccountFieldSpecs<SaleCustomerUpdateInput>(locked ? bankAccountLockedMessage(sale.id) : undefined, { typeMissing }),
  ];
  const stored = useMemo(() => customerFormValues(customer), [customer]);
  const draftKey = `customer_${sale.id}`;
  const baseKey = `${draftKey}_base`;
  // The stored customer the user's typing started from. A draft typed on an earlier version (someone saved
  // since; the page was reloaded) starts from the customer it was typed on, kept beside it.
  const [startedFrom] = useState<CustomerFormValues | undefined>(() => {
    const kept = parseFormValues(readDraft(userId, draftKey));
    if (!kept || kept.version === stored.version) return stored;
    const base = parseFormValues(readDraft(userId, baseKey));
    return base && base.version === kept.version ? base : undefined;
  });
  const baseline = useRef(startedFrom);
  const [changes, setChanges] = useState<OtherUserChange[]>([]);

  // The account is sent only when one of its fields changed from the stored one: left out, the server keeps it
  // as stored (an email corrected on a customer whose account lacks its type must not have to pick one). The
  // form takes its options, this resolver too, from every render: it compares with the customer stored now.
  const accountUntouched = (values: SaleCustomerUpdateInput) =>
    values.bank === stored.bank && values.bank_account === stored.bank_account && values.bank_account_type === stored.bank_account_type;
  const form = useForm<SaleCustomerUpdateInput, unknown, SaleCustomerUpdate>({
    resolver: (values, context, options) => resolver(accountUntouched(values) ? withoutAccount(values) : values, context, options),
    defaultValues: stored,
  });
  const { register, handleSubmit, formState, setError, getValues, reset, setValue, subscribe } = form;
  // Kept while typing, and shown again after a reload; one typed on an earlier version is moved onto the stored
  // customer below, like a stale save.
  const draft = useFormDraft(form, draftKey);

  // Beside the draft, the stored customer it was typed on: what tells the user's changes from another user's.
  const keepBase = useCallback(() => {
    const shown = getValues() as unknown as CustomerFormValues;
    const typed = baseline.current !== undefined && rebaseCustomerEdit(baseline.current, shown, baseline.current).typed;
    writeDraft(userId, baseKey, typed ? JSON.stringify(baseline.current) : '');
  }, [getValues, userId, baseKey]);
  useEffect(() => subscribe({ formState: { values: true }, callback: keepBase }), [subscribe, keepBase]);

  // A stored customer newer than the one the form was typed on: the edit moves onto it.
  useEffect(() => {
    const shown = getValues() as unknown as CustomerFormValues;
    if (shown.version === stored.version) {
      baseline.current = stored;
      return;
    }
    const rebased = rebaseCustomerEdit(baseline.current, shown, stored);
    baseline.current = stored;
    reset(stored);
    for (const field of CUSTOMER_FORM_FIELDS) {
      if (rebased.values[field] !== stored[field]) setValue(field, rebased.values[field], { shouldDirty: true });
    }
    keepBase();
    // Nothing typed: the form simply shows the stored customer.
    if (rebased.typed) setChanges((previous) => mergeChanges(previous, rebased.changes));
  }, [stored, getValues, reset, setValue, keepBase]);

  // Built when the form is sent (not while rendering): what it does on success moves the form's baseline.
  const submit = (event: FormEvent<HTMLFormElement>) =>
    void handleSubmit((values) =>
      update.mutate(values, {
        onSuccess: (saved) => {
          // What is stored now, as saved (the server's normalised values).
          const now = customerFormValues(saved.customer);
          baseline.current = now;
          reset(now);
          draft.clear();
          writeDraft(userId, baseKey, '');
          setChanges([]);
          notify('Datos del cliente guardados');
        },
        onError: (error) => {
          if (error instanceof ApiError)
            for (const field of error.fields) setError(field.field as Path<SaleCustomerUpdateInput>, { message: field.message });
          notifyStale(error);
        },
      }),
    )(event);

  // Each field another user changed says so under it (a locked field keeps saying why it is locked).
  const fields = baseFields.map((spec) => {
    const change = changes.find((c) => c.field === spec.name);
    if (!change || spec.disabled) return spec;
    return {
      ...spec,
      helper: change.conflict
        ? say(`Otro usuario guardó ${shownValue(spec, change.stored)}: se guardará lo que escribiste`)
        : 'Cambiado por otro usuario',
    };
  });

  return (
    <Card>
      <CardHeader
        title="Datos del cliente"
        subheader={`${customer.doc_type} ${customer.doc_number}${customer.cuil ? ` · CUIL ${customer.cuil}` : ''}`}
      />
      <CardContent>
        <Grid container spacing={2} component="form" noValidate onSubmit={submit} aria-label="Datos del cliente">
          {draft.restored && (
            <Grid size={12}>
              <RestoredDraftAlert
                draft={{
                  ...draft,
                  discard: () => {
                    draft.discard();
                    writeDraft(userId, baseKey, '');
                    setChanges([]);
                  },
                }}
              />
            </Grid>
          )}
          {changes.length > 0 && (
            <Grid size={12}>
              <Alert severity="warning" data-testid="customer-changed-by-other" onClose={() => setChanges([])}>
                <AlertTitle>{say('Otro usuario modificó este cliente mientras lo editabas')}</AlertTitle>
                {say('Conservamos lo que escribiste. Revisa lo que cambió y vuelve a guardar:')}
                <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                  {changes.map((change) => {
                    const spec = baseFields.find((f) => f.name === change.field);
                    return (
                      <li key={change.field}>
                        <strong>{spec?.label ?? change.field}</strong>: guardó {shownValue(spec, change.stored)}
                        {say(change.conflict ? '; tú escribiste otro valor, que es el que se guardará.' : ', que ya ves en el formulario.')}
                      </li>
                    );
                  })}
                </Box>
              </Alert>
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
