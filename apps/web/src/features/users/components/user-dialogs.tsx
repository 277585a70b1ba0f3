import { ROLES, type AdminUser, type RoleId, type RoleKind } from '@backoffice/shared';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNotify } from '../../../components/notifications';
import { COUNTRY } from '../../../config/env';
import { ApiError } from '../../../lib/api-client';
import { useCreateUser, useResetPassword, useSecondFactorRoles, useSetSecondFactorRoles, useUpdateUser } from '../api/user-mutations';
import { say } from '../../../lib/voice';

type Errors = Record<string, string>;

/** The server's field errors by field; another error as the dialog's alert. */
function split(error: Error): { fields: Errors; message: string | null } {
  const fields = error instanceof ApiError ? error.fields : [];
  return fields.length > 0
    ? { fields: Object.fromEntries(fields.map((f) => [f.field, f.message])), message: null }
    : { fields: {}, message: error.message };
}

/** The stored role text ('2', 'seller') as the role id the country's API takes (arg a number). */
const roleIdOf = (stored: string): RoleId => ROLES[COUNTRY].find((r) => String(r.id) === stored)?.id ?? stored;

function RoleField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <TextField
      select
      label="Rol"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': 'user-role-field' } }}
    >
      {ROLES[COUNTRY].map((role) => (
        <MenuItem key={String(role.id)} value={String(role.id)}>
          {role.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A dialog around one form: its title, its fields, Cancelar and the submit button. */
function FormDialog({
  open = true,
  onClose,
  onSubmit,
  title,
  submitLabel,
  pending,
  maxWidth = 'xs',
  children,
}: {
  open?: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  title: string;
  submitLabel: string;
  pending: boolean;
  maxWidth?: 'xs' | 'sm';
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth={maxWidth} fullWidth>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A new user: name, email, role, telephony number and a temporary password they change at their first sign-in. */
export function NewUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateUser();
  const notify = useNotify();
  const [values, setValues] = useState({ name: '', email: '', role: '', neotel_id: '0', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.role) return setErrors({ role: say('Elige un rol') });
    create.mutate(
      {
        name: values.name,
        email: values.email,
        role: roleIdOf(values.role),
        neotel_id: Number(values.neotel_id) || 0,
        password: values.password,
      },
      {
        onSuccess: () => {
          notify({ message: 'Usuario creado', color: 'success' });
          setValues({ name: '', email: '', role: '', neotel_id: '0', password: '' });
          setErrors({});
          onClose();
        },
        onError: (error) => {
          const { fields, message } = split(error);
          setErrors(fields);
          setFailure(message);
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={submit}
      title="Nuevo usuario"
      submitLabel="Crear"
      pending={create.isPending}
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField label="Nombre" value={values.name} onChange={set('name')} error={!!errors.name} helperText={errors.name} fullWidth />
        <TextField
          label="Email"
          type="email"
          value={values.email}
          onChange={set('email')}
          error={!!errors.email}
          helperText={errors.email}
          fullWidth
        />
        <RoleField value={values.role} onChange={(role) => setValues((v) => ({ ...v, role }))} error={errors.role} />
        <TextField
          label="Usuario de Neotel"
          type="number"
          value={values.neotel_id}
          onChange={set('neotel_id')}
          error={!!errors.neotel_id}
          helperText={errors.neotel_id ?? '0: sin usuario'}
          fullWidth
        />
        <TextField
          label="Contraseña temporal"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={!!errors.password}
          helperText={errors.password ?? 'El usuario deberá cambiarla al ingresar'}
          fullWidth
        />
      </Stack>
    </FormDialog>
  );
}

/** Role and telephony number of a user. */
export function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const update = useUpdateUser();
  const notify = useNotify();
  const [role, setRole] = useState(user.role);
  const [neotel, setNeotel] = useState(String(user.neotel_id));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: user.id, role: roleIdOf(role), neotel_id: Number(neotel) || 0, version: user.version },
      {
        onSuccess: () => {
          notify({ message: 'Usuario actualizado', color: 'success' });
          onClose();
        },
        onError: (error) => {
          const { fields, message } = split(error);
          setErrors(fields);
          setFailure(message);
        },
      },
    );
  };

  return (
    <FormDialog onClose={onClose} onSubmit={submit} title={`Editar ${user.name}`} submitLabel="Guardar" pending={update.isPending}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <RoleField value={role} onChange={setRole} error={errors.role} />
        <TextField
          label="Usuario de Neotel"
          type="number"
          value={neotel}
          onChange={(e) => setNeotel(e.target.value)}
          error={!!errors.neotel_id}
          helperText={errors.neotel_id ?? '0: sin usuario'}
          fullWidth
        />
      </Stack>
    </FormDialog>
  );
}

/** An admin's reset: a temporary password; the user's sessions end and they must change it at their next sign-in. */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const reset = useResetPassword();
  const notify = useNotify();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate(
      { id: user.id, password },
      {
        onSuccess: () => {
          notify({ message: `Contraseña restablecida: ${user.name} deberá cambiarla al ingresar`, color: 'success' });
          onClose();
        },
        onError: (e) => setError(split(e).fields.password ?? e.message),
      },
    );
  };

  return (
    <FormDialog
      onClose={onClose}
      onSubmit={submit}
      title={`Restablecer contraseña de ${user.name}`}
      submitLabel="Restablecer"
      pending={reset.isPending}
    >
      <TextField
        label="Contraseña temporal"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={!!error}
        helperText={error ?? 'Sus sesiones se cierran y deberá cambiarla al ingresar'}
        fullWidth
        sx={{ mt: 1 }}
        slotProps={{ htmlInput: { 'data-testid': 'reset-password-field' } }}
      />
    </FormDialog>
  );
}

/** The role kinds of this country (each once, as the roles' labels say them). */
const COUNTRY_KINDS = [...new Map(ROLES[COUNTRY].map((role) => [role.kind, role.label])).entries()];

/** Which roles must use the second factor: their users set it up at their next sign-in before anything else. */
export function SecondFactorRolesDialog({ onClose }: { onClose: () => void }) {
  const current = useSecondFactorRoles(true);
  const save = useSetSecondFactorRoles();
  const notify = useNotify();
  const [kinds, setKinds] = useState<RoleKind[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = kinds ?? current.data?.kinds ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    save.mutate(
      { kinds: chosen },
      {
        onSuccess: () => {
          notify({ message: 'Roles guardados', color: 'success' });
          onClose();
        },
        onError: (error) => setFailure(split(error).message ?? error.message),
      },
    );
  };

  return (
    <FormDialog
      onClose={onClose}
      onSubmit={submit}
      title="Verificación en dos pasos por rol"
      submitLabel="Guardar"
      pending={save.isPending || !current.data}
    >
      <Stack spacing={1}>
        {(failure ?? current.error) && <Alert severity="error">{failure ?? current.error?.message}</Alert>}
        <Typography variant="body2">
          Los usuarios de los roles marcados deberán configurarla al ingresar, antes de poder hacer cualquier otra cosa.
        </Typography>
        <FormGroup>
          {COUNTRY_KINDS.map(([kind, label]) => (
            <FormControlLabel
              key={kind}
              label={label}
              control={
                <Checkbox
                  checked={chosen.includes(kind)}
                  disabled={!current.data}
                  onChange={(e) => setKinds(e.target.checked ? [...chosen, kind] : chosen.filter((k) => k !== kind))}
                  slotProps={{ input: { 'aria-label': label } }}
                />
              }
            />
          ))}
        </FormGroup>
      </Stack>
    </FormDialog>
  );
}
