import { SCROLL_TO_TOP_THRESHOLD_PX } from '@backoffice/shared';
import { Fab, Zoom } from '@mui/material';
import { IconArrowUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** SPEC 2: appears after scrolling more than 200 px. */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <Zoom in={visible}>
      <Fab
        color="primary"
        size="small"
        aria-label="Volver arriba"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', insetInlineEnd: 24, bottom: 24, zIndex: (theme) => theme.zIndex.speedDial }}
      >
        <IconArrowUp size={20} />
      </Fab>
    </Zoom>
  );
}
