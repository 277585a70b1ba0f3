import type { CollectionSettings } from '@backoffice/shared';
import { Button, FormControl, InputLabel, MenuItem, Select, Stack } from '@mui/material';
import { IconUserShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useNotify } from '../../../components/notifications';
import { describeError } from '../../../lib/api-client';
import { count } from '../../../lib/format';
import { useAssignCollector } from '../api/assign-collector';

interface Props {
  collectors: CollectionSettings['collectors'];
  /** One loan, or every loan of the list's filters (its URL search). */
  target: { id: number } | { search: string; matching: string };
  current?: number | null;
}

/** A collector to pick and the button that assigns the loan (or the filter's loans) to them. */
export function AssignCollector({ collectors, target, current }: Props) {
  const [collectorId, setCollectorId] = useState<string>('');
  const assign = useAssignCollector();
  const notify = useNotify();
  const id = 'id' in target ? `assign-${target.id}` : 'assign-filtered';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <FormControl size="small" sx={{ minWidth: 220 }}>
        <InputLabel id={`${id}-label`}>Asignar a</InputLabel>
        <Select
          labelId={`${id}-label`}
          label="Asignar a"
          value={collectorId}
          onChange={(e) => setCollectorId(e.target.value)}
          data-testid={`${id}-select`}
        >
          {collectors.map((c) => (
            <MenuItem key={c.id} value={String(c.id)} disabled={c.id === current}>
              {c.name}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Button
        variant="contained"
        startIcon={<IconUserShare size={18} />}
        disabled={!collectorId || assign.isPending}
        onClick={() =>
          assign.mutate(
            'id' in target
              ? { id: target.id, collectorId: Number(collectorId) }
              : { search: target.search, collectorId: Number(collectorId) },
            {
              onSuccess: (result) =>
                notify({
                  message: result.assigned === 1 ? 'Préstamo asignado' : `${count(result.assigned)} préstamos asignados`,
                  color: 'success',
                }),
              onError: (error) => notify({ message: describeError(error, 'No se pudo asignar'), color: 'error' }),
            },
          )
        }
      >
        {'id' in target ? 'Asignar' : `Asignar ${target.matching}`}
      </Button>
    </Stack>
  );
}
