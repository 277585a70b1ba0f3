import { Card, CardContent, CardHeader, Chip, Stack, Typography } from '@mui/material';
import { IconCircleCheck, IconCircleOff, IconCircleX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type HealthStatus = 'ok' | 'error' | 'off';

const STATUS = {
  ok: { label: 'Operativo', color: 'success', icon: <IconCircleCheck size={16} /> },
  error: { label: 'Con fallas', color: 'error', icon: <IconCircleX size={16} /> },
  off: { label: 'Desactivado', color: 'default', icon: <IconCircleOff size={16} /> },
} as const;

export interface HealthRow {
  label: string;
  value: ReactNode;
}

/** One block of the diagnostics page: its name, a green/red status and what it measured. */
export function HealthCard({ id, title, status, rows }: { id: string; title: string; status: HealthStatus; rows: HealthRow[] }) {
  const s = STATUS[status];
  return (
    <Card component="section" aria-labelledby={`diag-${id}-title`} data-testid={`diag-${id}`} data-status={status} sx={{ height: '100%' }}>
      <CardHeader
        title={title}
        action={<Chip icon={s.icon} label={s.label} color={s.color} size="small" data-testid={`diag-${id}-status`} />}
        slotProps={{ title: { id: `diag-${id}-title`, variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack component="dl" spacing={1} sx={{ m: 0 }}>
          {rows.map((row) => (
            <Stack key={row.label} direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {row.label}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, textAlign: 'right', wordBreak: 'break-word' }}
                data-testid={`diag-${id}-${slug(row.label)}`}
              >
                {row.value}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** 'Tiempo de respuesta' → 'tiempo-de-respuesta' (stable test ids from the Spanish labels). */
function slug(label: string): string {
  return label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
