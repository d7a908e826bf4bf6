import { useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendRounded from '@mui/icons-material/SendRounded';
import { CHAT_MESSAGE_MAX_LENGTH } from '@agora/shared';

const limit = CHAT_MESSAGE_MAX_LENGTH.toLocaleString('en-US');

interface ChatComposerProps {
  /** Sends the message; resolves true when it was sent, so the field is cleared. */
  onSend: (text: string) => Promise<boolean>;
  disabled: boolean;
  placeholder: string;
  autoFocus: boolean;
}

/** The message field: Enter sends, Shift+Enter starts a new line; at most 5,000 characters. */
export function ChatComposer({ onSend, disabled, placeholder, autoFocus }: ChatComposerProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const length = text.length;
  const tooLong = length > CHAT_MESSAGE_MAX_LENGTH;
  const canSend = !disabled && !sending && text.trim() !== '' && !tooLong;

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    const sent = await onSend(text);
    setSending(false);
    if (sent) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // While an input method is composing, Enter picks a candidate rather than sending.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      sx={{ px: { xs: 1.5, sm: 2 }, pt: 1.5, pb: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
        <TextField
          multiline
          maxRows={6}
          fullWidth
          size="small"
          value={text}
          disabled={disabled}
          autoFocus={autoFocus}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          error={tooLong}
          slotProps={{
            htmlInput: { 'aria-label': 'Message' },
            input: { sx: { borderRadius: '20px' } },
          }}
        />
        <IconButton
          type="submit"
          aria-label="Send"
          disabled={!canSend}
          sx={{
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            '&:hover': { bgcolor: 'primary.dark' },
            '&.Mui-disabled': { bgcolor: 'action.disabledBackground' },
          }}
        >
          <SendRounded fontSize="small" />
        </IconButton>
      </Box>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          gap: 1,
          minHeight: 20,
          mt: 0.5,
          px: 1.5,
        }}
      >
        <Typography
          variant="caption"
          color="textSecondary"
          sx={{ display: { xs: 'none', sm: 'block' } }}
        >
          {disabled ? '' : 'Enter to send · Shift+Enter for a new line'}
        </Typography>
        {length > 0 && (
          <Typography
            variant="caption"
            role="status"
            color={tooLong ? 'error' : 'text.secondary'}
            sx={{ ml: 'auto' }}
          >
            {tooLong && 'Too long to send: '}
            {length.toLocaleString('en-US')} / {limit}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
