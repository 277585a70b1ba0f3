import { CONFIRM_DIALOG_MAX_WIDTH, MESSAGES } from '@backoffice/shared';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

/** A text the user types while confirming (e.g. the reason of a rejection). */
export interface ConfirmInput {
  label: string;
  required?: boolean;
  maxLength?: number;
  /**
   * Why the text (trimmed) will not do, shown under the field while the dialog stays open with what was typed;
   * undefined when it will do.
   */
  validate?: (text: string) => string | undefined;
}

export interface ConfirmOptions {
  title?: string;
  message?: string;
  confirmLabel?: string;
  input?: ConfirmInput;
}

interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  /** The typed text ('' without an input). */
  onConfirm: (text: string) => void;
  onClose: () => void;
}

/** SPEC 2: max width 500, default title and message, 'Cancelar' closes, 'Confirmar' confirms then closes. */
export function ConfirmDialog({ open, title, message, confirmLabel, input, onConfirm, onClose }: ConfirmDialogProps) {
  const [text, setText] = useState('');
  // The refusal of the text last confirmed, checked again as the user corrects it.
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const missing = !!input?.required && text.trim() === '';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: CONFIRM_DIALOG_MAX_WIDTH } } }}
      aria-labelledby="confirm-dialog-title"
    >
      <DialogTitle id="confirm-dialog-title">{title ?? MESSAGES.confirmTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message ?? MESSAGES.confirmMessage}</DialogContentText>
        {input && (
          <TextField
            label={input.label}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (problem !== undefined) setProblem(input.validate?.(event.target.value.trim()));
            }}
            required={input.required}
            error={problem !== undefined}
            helperText={problem}
            slotProps={{ htmlInput: { maxLength: input.maxLength } }}
            multiline
            fullWidth
            autoFocus
            sx={{ mt: 2 }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="secondary" variant="outlined">
          {MESSAGES.cancel}
        </Button>
        <Button
          variant="contained"
          disabled={missing}
          onClick={() => {
            const refusal = input?.validate?.(text.trim());
            setProblem(refusal);
            if (refusal !== undefined) return;
            onConfirm(text.trim());
            onClose();
          }}
          autoFocus={!input}
        >
          {confirmLabel ?? MESSAGES.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type Confirm = (options?: ConfirmOptions) => Promise<boolean>;
/** Confirms with a typed text: the text, or null when cancelled. */
type Prompt = (options: ConfirmOptions & { input: ConfirmInput }) => Promise<string | null>;
const ConfirmContext = createContext<{ confirm: Confirm; prompt: Prompt } | null>(null);

/** `const confirm = useConfirm(); if (await confirm()) ...`; `usePrompt()` also asks for a text. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<(ConfirmOptions & { open: boolean; key: number }) | null>(null);
  const resolver = useRef<((value: string | null) => void) | null>(null);

  const ask = useCallback((options: ConfirmOptions) => {
    resolver.current?.(null);
    // A new key gives every request a fresh dialog (an empty text field).
    setState({ ...options, open: true, key: Date.now() });
    return new Promise<string | null>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const confirm = useCallback<Confirm>(async (options = {}) => (await ask(options)) !== null, [ask]);

  const settle = (value: string | null) => {
    resolver.current?.(value);
    resolver.current = null;
  };

  return (
    <ConfirmContext.Provider value={{ confirm, prompt: ask }}>
      {children}
      {state && (
        <ConfirmDialog
          key={state.key}
          open={state.open}
          title={state.title}
          message={state.message}
          confirmLabel={state.confirmLabel}
          input={state.input}
          onConfirm={(text) => settle(text)}
          onClose={() => {
            settle(null);
            setState((current) => (current ? { ...current, open: false } : current));
          }}
        />
      )}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const context = useContext(ConfirmContext);
  if (!context) throw new Error('useConfirm needs a ConfirmProvider');
  return context.confirm;
}

export function usePrompt(): Prompt {
  const context = useContext(ConfirmContext);
  if (!context) throw new Error('usePrompt needs a ConfirmProvider');
  return context.prompt;
}
