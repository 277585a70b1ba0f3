import type { GridId, GridSettings } from '@backoffice/shared';
import { ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import {
  ColumnsPanelTrigger,
  Toolbar,
  ToolbarButton,
  gridDensitySelector,
  useGridApiContext,
  useGridSelector,
  type GridColumnVisibilityModel,
  type GridDensity,
} from '@mui/x-data-grid';
import { IconCheck, IconColumns3, IconLineHeight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useGridSettings } from '../lib/grid-settings';

const DENSITIES: { value: GridDensity; label: string }[] = [
  { value: 'compact', label: 'Compacta' },
  { value: 'standard', label: 'Estándar' },
  { value: 'comfortable', label: 'Cómoda' },
];

/**
 * A server-filtered list's toolbar: the column chooser and the row density. The grid's own toolbar also
 * offers a quick filter, which would only filter the page at hand; the lists' filters are the server's,
 * above the grid.
 */
export function ListToolbar() {
  const apiRef = useGridApiContext();
  const density = useGridSelector(apiRef, gridDensitySelector);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <Toolbar>
      <Tooltip title="Columnas">
        <ColumnsPanelTrigger render={<ToolbarButton aria-label="Columnas" />}>
          <IconColumns3 size={18} />
        </ColumnsPanelTrigger>
      </Tooltip>
      <Tooltip title="Densidad">
        <ToolbarButton
          aria-label="Densidad"
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <IconLineHeight size={18} />
        </ToolbarButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {DENSITIES.map((option) => (
          <MenuItem
            key={option.value}
            selected={density === option.value}
            onClick={() => {
              apiRef.current.setDensity(option.value);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{density === option.value && <IconCheck size={16} />}</ListItemIcon>
            <ListItemText>{option.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </Toolbar>
  );
}

/**
 * The grid props of a list with this toolbar: its column choice and density, the user's own, kept on the
 * server (useGridSettings) and `defaults` until the user changes them. The grid shows no rows until they are
 * known (`settingsPending`), so a list never opens in the default columns and then switches.
 */
export function useListToolbar(grid: GridId, defaults: GridSettings) {
  const { settings, pending, save } = useGridSettings(grid, defaults);
  return {
    settingsPending: pending,
    showToolbar: true,
    slots: { toolbar: ListToolbar },
    columnVisibilityModel: settings.columns,
    onColumnVisibilityModelChange: (columns: GridColumnVisibilityModel) => save({ ...settings, columns }),
    density: settings.density,
    onDensityChange: (density: GridDensity) => save({ ...settings, density }),
  };
}
