import { MenuItem, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useNotify, useTranslate } from 'react-admin';
import { COMMENT_MODERATION_MODES, type CommentModerationMode } from '@umpire/schema';
import { appHttpClient, getOne } from '../../providers/json-api';
import { getRuntime } from '../../lib/configuration';

interface ClientRecord {
  id: string;
  settings: { comment_moderation?: CommentModerationMode };
}

/** The league's rule for showing fans' comments (client setting `comment_moderation`); admins change it here. */
export function ModerationModeSelect() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAccess } = useCanAccess({ resource: 'client', action: 'edit' });
  const client = useQuery({ queryKey: ['client'], queryFn: async () => (await getOne<ClientRecord>('/client')).data });
  // Shown once known: an empty, disabled field meanwhile would only flicker.
  if (!client.data) return null;
  const mode = client.data.settings.comment_moderation ?? 'pre';
  const change = async (next: CommentModerationMode) => {
    await appHttpClient()(`${getRuntime().urls.umpire}/client`, { method: 'PATCH', body: { data: { type: 'clients', attributes: { settings: { comment_moderation: next } } } } });
    await queryClient.invalidateQueries({ queryKey: ['client'] });
    notify('moderation.modeChanged', { type: 'success' });
  };
  return (
    <TextField
      select
      size="small"
      label={translate('moderation.mode')}
      value={mode}
      disabled={!canAccess}
      onChange={(e) => void change(e.target.value as CommentModerationMode)}
      sx={{ minWidth: 260 }}
    >
      {COMMENT_MODERATION_MODES.map((m) => (
        <MenuItem key={m} value={m}>
          {translate(`moderation.modes.${m}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
