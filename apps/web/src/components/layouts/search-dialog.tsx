import { Dialog, InputAdornment, List, ListItemButton, ListItemIcon, ListItemText, TextField, Typography } from '@mui/material';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { navSearchResults } from './search-results';
import type { NavItem } from './types';

/**
 * The navbar search (Ctrl/Cmd+K): a customer search with the text in the searcher (when the role may open
 * it) and the screens whose name matches, in the order `navSearchResults` gives.
 */
export function SearchDialog({ open, onClose, items }: { open: boolean; onClose: () => void; items: NavItem[] }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const results = useMemo(() => navSearchResults(items, query), [items, query]);
  // Each opening starts empty, however the last one closed (Escape, a click outside, a result chosen): typing
  // after Ctrl+K searches for what is typed, not for it after the last search's text.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setQuery('');
      setActive(0);
    }
  }

  const go = (item: NavItem | undefined) => {
    if (!item) return;
    void navigate(item.path);
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-label="Buscar">
      <TextField
        autoFocus
        fullWidth
        placeholder="Buscar clientes o pantallas…"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') setActive((index) => Math.min(index + 1, results.length - 1));
          if (event.key === 'ArrowUp') setActive((index) => Math.max(index - 1, 0));
          if (event.key === 'Enter') go(results[active]);
        }}
        slotProps={{
          htmlInput: { 'aria-label': 'Buscar clientes o pantallas' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <IconSearch size={20} />
              </InputAdornment>
            ),
          },
        }}
        sx={{ '& fieldset': { border: 0 } }}
      />
      <List dense sx={{ pt: 0 }}>
        {results.map((item, index) => (
          <ListItemButton key={item.path} selected={index === active} onClick={() => go(item)}>
            <ListItemIcon>
              <item.icon size={20} />
            </ListItemIcon>
            <ListItemText primary={item.label} secondary={item.path} />
          </ListItemButton>
        ))}
        {results.length === 0 && (
          <Typography color="text.secondary" sx={{ px: 3, py: 2 }}>
            Sin resultados para “{query}”
          </Typography>
        )}
      </List>
    </Dialog>
  );
}
