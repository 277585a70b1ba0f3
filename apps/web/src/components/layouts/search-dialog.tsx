import { Dialog, InputAdornment, List, ListItemButton, ListItemIcon, ListItemText, TextField, Typography } from '@mui/material';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { NavItem } from './types';

const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** The searcher's screen: the navbar search hands customer searches to it. */
const SEARCHER_PATH = '/searcher';
/** What the searcher accepts: a word of 3+ letters or digits. */
const searchable = (text: string) => text.split(/\s+/).some((word) => word.replace(/[^\p{L}\p{N}]/gu, '').length >= 3);

/**
 * The navbar search (Ctrl/Cmd+K): the first option searches customers with the text in the searcher (when the
 * role may open it), the others are the screens whose name matches.
 */
export function SearchDialog({ open, onClose, items }: { open: boolean; onClose: () => void; items: NavItem[] }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const results = useMemo(() => {
    const text = query.trim();
    const screens = items.filter((item) => fold(item.label).includes(fold(text)));
    const searcher = items.find((item) => item.path === SEARCHER_PATH);
    if (!searcher || !searchable(text)) return screens;
    const customers: NavItem = { ...searcher, label: `Buscar clientes: “${text}”`, path: `${SEARCHER_PATH}?${new URLSearchParams({ q: text })}` };
    return [customers, ...screens];
  }, [items, query]);

  const go = (item: NavItem | undefined) => {
    if (!item) return;
    navigate(item.path);
    setQuery('');
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
