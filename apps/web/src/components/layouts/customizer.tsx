import { DEFAULT_PRIMARY_COLOR } from '@backoffice/shared';
import {
  Box,
  Divider,
  Drawer,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Language, Preferences } from '../../lib/preferences';

const PRIMARY_SWATCHES = [DEFAULT_PRIMARY_COLOR, '#7367f0', '#0d9394', '#ffab1d', '#eb3d63', '#2092ec'];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="overline" color="text.secondary">
        {title}
      </Typography>
      <Box sx={{ mt: 1 }}>{children}</Box>
    </Box>
  );
}

function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: [T, string][];
  onChange: (value: T) => void;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      fullWidth
      aria-label={label}
      value={value}
      onChange={(_, next: T | null) => next && onChange(next)}
    >
      {options.map(([option, text]) => (
        <ToggleButton key={option} value={option}>
          {text}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** Every preference of SPEC 3 and 4 in one drawer. */
export function Customizer({
  open,
  onClose,
  preferences,
  update,
}: {
  open: boolean;
  onClose: () => void;
  preferences: Preferences;
  update: (change: Partial<Preferences>) => void;
}) {
  const primary = preferences.lightThemePrimaryColor ?? DEFAULT_PRIMARY_COLOR;
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 340 } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 2 }}>
        <Typography variant="h6">Personalizar</Typography>
        <IconButton aria-label="Cerrar personalización" onClick={onClose}>
          <IconX size={20} />
        </IconButton>
      </Box>
      <Divider />
      <Stack spacing={3} sx={{ p: 2.5 }}>
        <Section title="Color primario">
          <Stack direction="row" spacing={1}>
            {PRIMARY_SWATCHES.map((color) => (
              <Box
                key={color}
                component="button"
                type="button"
                aria-label={`Color ${color}`}
                aria-pressed={primary === color}
                onClick={() =>
                  update({
                    lightThemePrimaryColor: color,
                    darkThemePrimaryColor: color,
                    lightThemePrimaryDarkenColor: null,
                    darkThemePrimaryDarkenColor: null,
                  })
                }
                sx={{
                  width: 36,
                  height: 36,
                  borderRadius: 2,
                  bgcolor: color,
                  cursor: 'pointer',
                  border: 3,
                  borderColor: primary === color ? 'text.primary' : 'transparent',
                }}
              />
            ))}
          </Stack>
        </Section>
        <Section title="Tema">
          <Choice
            label="Tema"
            value={preferences.theme}
            options={[
              ['light', 'Claro'],
              ['dark', 'Oscuro'],
              ['system', 'Sistema'],
            ]}
            onChange={(theme) => update({ theme })}
          />
        </Section>
        <Section title="Estilo">
          <Choice
            label="Estilo"
            value={preferences.skin}
            options={[
              ['default', 'Predeterminado'],
              ['bordered', 'Con bordes'],
            ]}
            onChange={(skin) => update({ skin })}
          />
        </Section>
        <Section title="Navegación">
          <Choice
            label="Navegación"
            value={preferences.layout}
            options={[
              ['vertical', 'Vertical'],
              ['horizontal', 'Horizontal'],
            ]}
            onChange={(layout) => update({ layout })}
          />
        </Section>
        <Section title="Barra superior">
          <Choice
            label="Barra superior"
            value={preferences.navbarType}
            options={[
              ['sticky', 'Fija'],
              ['hidden', 'Oculta'],
            ]}
            onChange={(navbarType) => update({ navbarType })}
          />
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Switch
                checked={preferences.isNavbarBlurEnabled}
                onChange={(event) => update({ isNavbarBlurEnabled: event.target.checked })}
              />
            }
            label="Desenfoque de la barra"
          />
        </Section>
        <Section title="Ancho del contenido">
          <Choice
            label="Ancho del contenido"
            value={preferences.appContentWidth}
            options={[
              ['boxed', 'Encuadrado'],
              ['wide', 'Amplio'],
            ]}
            onChange={(appContentWidth) => update({ appContentWidth })}
          />
        </Section>
        <Section title="Idioma de diseño (dirección)">
          <Choice<Language>
            label="Idioma de diseño"
            value={preferences.language}
            options={[
              ['en', 'English'],
              ['fr', 'Français'],
              ['ar', 'العربية (RTL)'],
            ]}
            onChange={(language) => update({ language })}
          />
        </Section>
      </Stack>
    </Drawer>
  );
}
