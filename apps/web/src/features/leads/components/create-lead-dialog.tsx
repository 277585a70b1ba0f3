import {
  COL_DOC_TYPE_LABELS,
  COL_DOC_TYPES,
  CUSTOMER_IDENTITY_FIELDS,
  LEAD_LIMITS,
  birthDateRange,
  leadCreateSchemas,
  newCustomerLeadCreateSchemas,
  todayIn,
  type ColDocType,
} from '@backoffice/shared';
import { voicedZodResolver } from '../../../lib/voiced-resolver';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useForm, useWatch, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormFields, type FormFieldSpec } from '../../../components/form-fields';
import { bankAccountFieldSpecs } from '../../../domain/bank-account-fields';
import { RestoredDraftAlert } from '../../../components/restored-draft-alert';
import { useNotify, useNotifyError } from '../../../components/notifications';
import { COUNTRY } from '../../../config/env';
import { useFormDraft } from '../../../hooks/use-form-draft';
import { ApiError } from '../../../lib/api-client';
import { money } from '../../../lib/format';
import { useCreateLead } from '../api/create-lead';
import { ExistingCustomerNotice, keptDataMessage, useExistingCustomer, type ExistingCustomer } from './existing-customer-notice';
import { useApplicationPath } from '../../../lib/application-path';

const limits = LEAD_LIMITS[COUNTRY];
// The schema is chosen by the build's country, so its field types are only known as a union here.
/** A document new to the country: the customer's identity and contact data are required. */
const newCustomerResolver = voicedZodResolver(newCustomerLeadCreateSchemas[COUNTRY]) as unknown as Resolver<FieldValues>;
/** An existing customer's document: none of them is (its identity stays; a contact field left blank too). */
const existingCustomerResolver = voicedZodResolver(leadCreateSchemas[COUNTRY]) as unknown as Resolver<FieldValues>;

/** What an existing customer's application does not send: the identity it keeps, the cellphone while it is kept. */
const keptByCustomer = (customer: ExistingCustomer): Set<string> =>
  new Set([...CUSTOMER_IDENTITY_FIELDS[COUNTRY], ...(customer.cellphone_locked ? ['cellphone'] : [])]);

const OPTIONAL_FOR_EXISTING = 'Opcional: vacío conserva el guardado';

/**
 * The document (arg a DNI with its CUIL; col a CC or a CE): an existing customer's is told right under it,
 * and its CUIL (identity it keeps) is not asked then.
 */
const documentFields = (colDocType: ColDocType, existing: ExistingCustomer | undefined): FormFieldSpec<FieldValues>[] =>
  COUNTRY === 'arg'
    ? [{ name: 'doc_number', label: 'DNI' }, ...(existing ? [] : [{ name: 'cuil', label: 'CUIL', helper: '11 dígitos, sin guiones' }])]
    : [
        { name: 'doc_type', label: 'Tipo de documento', options: COL_DOC_TYPES, optionLabels: COL_DOC_TYPE_LABELS },
        { name: 'doc_number', label: COL_DOC_TYPE_LABELS[colDocType] },
      ];

/**
 * The other fields; the birth date's calendar offers the days the schema takes on `today`. For an existing
 * customer, not its identity (the notice names it) and the contact data optional.
 */
const fieldsOn = (today: string, existing: ExistingCustomer | undefined): FormFieldSpec<FieldValues>[] => [
  ...(existing
    ? []
    : [
        { name: 'first_name', label: 'Nombre' },
        { name: 'last_name', label: 'Apellido' },
        { name: 'birth_date', label: 'Fecha de nacimiento', type: 'date', openTo: 'year' as const, ...birthDateRange(today) },
      ]),
  existing?.cellphone_locked
    ? {
        name: 'cellphone',
        label: 'Celular',
        disabled: true,
        helper: 'Se conserva el guardado: tiene una solicitud en auditoría o transferencia',
      }
    : {
        name: 'cellphone',
        label: 'Celular',
        helper: existing
          ? OPTIONAL_FOR_EXISTING
          : COUNTRY === 'arg'
            ? 'Con código de área, p. ej. 11 5555-4444'
            : '10 dígitos, empieza con 3',
      },
  { name: 'email', label: 'Email', type: 'email', ...(existing && { helper: OPTIONAL_FOR_EXISTING }) },
  { name: 'address', label: 'Domicilio', size: 12 },
  // Text, not a number input: '2.500.000', as the app writes amounts, is read by the shared schema.
  {
    name: 'requested_amount',
    label: 'Monto solicitado',
    helper: `Entre ${money(limits.minAmount * 100)} y ${money(limits.maxAmount * 100)}`,
  },
  { name: 'term', label: 'Cuotas', type: 'number', helper: `Entre ${limits.minTerm} y ${limits.maxTerm}` },
  ...bankAccountFieldSpecs<FieldValues>(),
];

/**
 * A staff member creates a lead; an existing customer (same document) is reused by the server, and the
 * form says so before saving (ExistingCustomerNotice), asks then only for the application (and contact data
 * to update, if any), and says after saving what the customer kept of what was typed.
 */
export function CreateLeadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateLead();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const applicationPath = useApplicationPath();
  // The customer the lookup found for the document typed, as the resolver reads it when the form is checked.
  const existingRef = useRef<ExistingCustomer | undefined>(undefined);
  const form = useForm<FieldValues>({
    resolver: (values, context, options) => {
      const customer = existingRef.current;
      if (!customer) return newCustomerResolver(values, context, options);
      const omitted = keptByCustomer(customer);
      return existingCustomerResolver(Object.fromEntries(Object.entries(values).filter(([name]) => !omitted.has(name))), context, options);
    },
    ...(COUNTRY === 'col' && { defaultValues: { doc_type: 'CC' } }),
  });
  const { register, control, handleSubmit, formState, setError, reset } = form;
  const existing = useExistingCustomer(control);
  const { isSubmitted } = formState;
  useEffect(() => {
    existingRef.current = existing;
    // Errors already shown were told for the other kind of customer: 'Ingresa el celular' for a new one
    // stays red on a field an existing customer may leave blank, unless the form is checked again.
    if (isSubmitted) void form.trigger();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the customer found changes
  }, [existing]);
  // A whole application typed in: a reload or a session that ended must not lose it.
  const draft = useFormDraft(form, 'new_lead');
  const colDocType = (useWatch({ control, name: 'doc_type' }) as ColDocType | undefined) ?? 'CC';

  const submit = handleSubmit((values) =>
    create.mutate(values as never, {
      onSuccess: (created) => {
        notify(created.customer_reused ? `Lead #${created.id} creado para un cliente existente` : `Lead #${created.id} creado`);
        const kept = keptDataMessage(created.customer_kept);
        if (kept) notify({ message: kept, color: 'info', timeout: 8000 });
        draft.clear();
        reset();
        onClose();
        void navigate(applicationPath(created.id));
      },
      onError: (error) => {
        if (error instanceof ApiError)
          for (const field of error.fields) setError(field.field as Path<FieldValues>, { message: field.message });
      },
    }),
  );

  const documentSpecs = documentFields(colDocType, existing);
  const otherSpecs = fieldsOn(todayIn(COUNTRY), existing);
  // A refusal naming fields of the form is told on those fields only; anything else (no field, or one the
  // form does not show) in the alert above them.
  const shown = new Set([...documentSpecs, ...otherSpecs].map((spec) => spec.name as string));
  const onFields =
    create.error instanceof ApiError && create.error.fields.length > 0 && create.error.fields.every((field) => shown.has(field.field));

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="create-lead-title">
      <DialogTitle id="create-lead-title">Nuevo lead</DialogTitle>
      <DialogContent>
        <RestoredDraftAlert draft={draft} />
        {create.error && !onFields && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {create.error.message}
          </Alert>
        )}
        <Grid
          container
          spacing={2}
          component="form"
          id="create-lead-form"
          noValidate
          onSubmit={(event) => void submit(event).catch(notifyError)}
          sx={{ pt: 1 }}
        >
          <FormFields fields={documentSpecs} register={register} control={control} errors={formState.errors} />
          <ExistingCustomerNotice customer={existing} />
          <FormFields fields={otherSpecs} register={register} control={control} errors={formState.errors} />
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button type="submit" form="create-lead-form" variant="contained" disabled={create.isPending}>
          Crear lead
        </Button>
      </DialogActions>
    </Dialog>
  );
}
