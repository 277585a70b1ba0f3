import { documentKindLabel, type LeadDocument } from '@backoffice/shared';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { useState } from 'react';
import { COUNTRY } from '../../../config/env';
import { documentContentUrl } from '../api/list-lead-documents';

const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3, 4];

/**
 * One document full size: an image with zoom in and out (the box scrolls, so a zoomed ID can be read line
 * by line), a PDF in the browser's own viewer.
 */
export function DocumentViewer({ document: doc, onClose }: { document: LeadDocument; onClose: () => void }) {
  const [step, setStep] = useState(ZOOMS.indexOf(1));
  const zoom = ZOOMS[step] ?? 1; // step stays within ZOOMS: the buttons stop at its ends
  const [naturalWidth, setNaturalWidth] = useState<number | null>(null);
  const url = documentContentUrl(doc.lead_id, doc.id);
  const label = documentKindLabel(COUNTRY, doc.kind);
  const isPdf = doc.content_type === 'application/pdf';
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="document-viewer-title">
      {/* The title names the dialog alone; the zoom controls sit beside it, not inside it. */}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', pr: 2 }}>
        <DialogTitle id="document-viewer-title">{label}</DialogTitle>
        {!isPdf && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} role="toolbar" aria-label="Zoom">
            <Tooltip title="Alejar">
              <span>
                <IconButton aria-label="Alejar" disabled={step === 0} onClick={() => setStep((s) => Math.max(0, s - 1))}>
                  <IconZoomOut />
                </IconButton>
              </span>
            </Tooltip>
            <Typography variant="body2" data-testid="document-zoom" sx={{ minWidth: 48, textAlign: 'center' }} aria-live="polite">
              {Math.round(zoom * 100)} %
            </Typography>
            <Tooltip title="Acercar">
              <span>
                <IconButton
                  aria-label="Acercar"
                  disabled={step === ZOOMS.length - 1}
                  onClick={() => setStep((s) => Math.min(ZOOMS.length - 1, s + 1))}
                >
                  <IconZoomIn />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Tamaño original">
              <IconButton aria-label="Tamaño original" onClick={() => setStep(ZOOMS.indexOf(1))}>
                <IconZoomReset />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
      </Stack>
      <DialogContent dividers sx={{ p: 0 }}>
        {isPdf ? (
          <Box
            component="iframe"
            title={label}
            src={url}
            data-testid="document-pdf"
            sx={{ width: '100%', height: '75vh', border: 0, display: 'block' }}
          />
        ) : (
          <Box sx={{ overflow: 'auto', height: '70vh', bgcolor: 'action.hover', textAlign: 'center' }}>
            {/* Zoomed by its rendered width from its natural one: the box scrolls to any part of it. */}
            <Box
              component="img"
              src={url}
              alt={label}
              data-testid="document-image"
              onLoad={(event) => setNaturalWidth(event.currentTarget.naturalWidth)}
              style={naturalWidth ? { width: naturalWidth * zoom } : undefined}
              sx={{ maxWidth: 'none', display: 'inline-block', imageRendering: zoom > 1 ? 'pixelated' : 'auto' }}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Typography variant="caption" color="text.secondary" sx={{ mr: 'auto', pl: 1, wordBreak: 'break-all' }}>
          sha-256 {doc.sha256}
        </Typography>
        <Button href={url} target="_blank" rel="noopener">
          Abrir en otra pestaña
        </Button>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
