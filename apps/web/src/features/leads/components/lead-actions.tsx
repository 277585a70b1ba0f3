import { MANAGEMENT_STATUSES, TEXT_AREA_ROWS, addNoteBodySchema, type AddNoteBody, type LeadDetail } from '@backoffice/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, CardContent, CardHeader, FormControl, InputLabel, MenuItem, Select, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useConfirm } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications';
import { useFilterResource } from '../../../lib/filter-resources';
import { useAddNote, useReassignSeller, useSetManagementStatus } from '../api/lead-mutations';

function NoteForm({ leadId }: { leadId: number }) {
  const addNote = useAddNote(leadId);
  const notify = useNotify();
  const { register, handleSubmit, reset, formState } = useForm<AddNoteBody>({ resolver: zodResolver(addNoteBodySchema), defaultValues: { body: '' } });
  return (
    <Stack
      component="form"
      spacing={1}
      onSubmit={handleSubmit((values) =>
        addNote.mutate(values, {
          onSuccess: () => {
            reset();
            notify('Nota agregada');
          },
        }),
      )}
    >
      <TextField label="Nueva nota" multiline minRows={TEXT_AREA_ROWS} {...register('body')} error={!!formState.errors.body} helperText={formState.errors.body?.message} />
      {addNote.error && <Alert severity="error">{addNote.error.message}</Alert>}
      <Button type="submit" variant="contained" disabled={addNote.isPending} sx={{ alignSelf: 'flex-end' }}>
        Agregar nota
      </Button>
    </Stack>
  );
}

function ManagementForm({ lead }: { lead: LeadDetail }) {
  const [value, setValue] = useState(lead.management_status ?? '');
  const setManagement = useSetManagementStatus(lead.id);
  const confirm = useConfirm();
  const notify = useNotify();
  return (
    <Stack spacing={1}>
      <FormControl size="small">
        <InputLabel id="management-status">Estado de gestión</InputLabel>
        <Select labelId="management-status" label="Estado de gestión" value={value} onChange={(event) => setValue(event.target.value)}>
          {MANAGEMENT_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {status}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {setManagement.error && <Alert severity="error">{setManagement.error.message}</Alert>}
      <Button
        variant="outlined"
        disabled={!value || value === lead.management_status || setManagement.isPending}
        onClick={async () => {
          if (!(await confirm({ message: `¿Cambiar la gestión a “${value}”?` }))) return;
          setManagement.mutate(
            { management_status: value as (typeof MANAGEMENT_STATUSES)[number], version: lead.version },
            { onSuccess: () => notify('Gestión actualizada') },
          );
        }}
        sx={{ alignSelf: 'flex-end' }}
      >
        Guardar gestión
      </Button>
    </Stack>
  );
}

function ReassignForm({ lead }: { lead: LeadDetail }) {
  const sellers = useFilterResource('sellers');
  const [sellerId, setSellerId] = useState<string>(lead.seller ? String(lead.seller.id) : '');
  const reassign = useReassignSeller(lead.id);
  const confirm = useConfirm();
  const notify = useNotify();
  return (
    <Stack spacing={1}>
      <FormControl size="small">
        <InputLabel id="reassign-seller">Vendedor</InputLabel>
        <Select labelId="reassign-seller" label="Vendedor" value={sellerId} onChange={(event) => setSellerId(event.target.value)}>
          {sellers.map((seller) => (
            <MenuItem key={seller.id} value={String(seller.id)}>
              {seller.name}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {reassign.error && <Alert severity="error">{reassign.error.message}</Alert>}
      <Button
        variant="outlined"
        disabled={!sellerId || Number(sellerId) === lead.seller?.id || reassign.isPending}
        onClick={async () => {
          const name = sellers.find((s) => String(s.id) === sellerId)?.name;
          if (!(await confirm({ message: `¿Reasignar el lead a ${name}?` }))) return;
          reassign.mutate({ seller_id: Number(sellerId), version: lead.version }, { onSuccess: () => notify('Lead reasignado') });
        }}
        sx={{ alignSelf: 'flex-end' }}
      >
        Reasignar
      </Button>
    </Stack>
  );
}

/** What the role may do on the lead; the server checks each action again. */
export function LeadActions({ lead, canReassign, canEdit }: { lead: LeadDetail; canReassign: boolean; canEdit: boolean }) {
  if (!canEdit) return null;
  return (
    <Card>
      <CardHeader title="Acciones" />
      <CardContent>
        <Stack spacing={3}>
          <NoteForm leadId={lead.id} />
          <ManagementForm key={`m-${lead.version}`} lead={lead} />
          {canReassign && <ReassignForm key={`r-${lead.version}`} lead={lead} />}
        </Stack>
      </CardContent>
    </Card>
  );
}
