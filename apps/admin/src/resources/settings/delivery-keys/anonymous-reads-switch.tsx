import { useState } from 'react';
import { FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useNotify, useTranslate } from 'react-admin';
import { DEFAULT_PUBLIC_ANONYMOUS_READS } from '@umpire/schema';
import { appHttpClient, getOne } from '../../../providers/json-api';
import { getRuntime } from '../../../lib/configuration';

interface ClientRecord {
  id: string;
  settings: { public_anonymous_reads?: boolean };
}

/**
 * Whether websites and apps may read the delivery API with `?client=` alone (client setting
 * `public_anonymous_reads`); off, only requests with a delivery key read. Admins change it here.
 */
export function AnonymousReadsSwitch() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const { canAccess } = useCanAccess({ resource: 'client', action: 'edit' });
  // The same query (and cache) as the comment moderation's setting: one read of the client.
  const client = useQuery({ queryKey: ['client'], queryFn: async () => (await getOne<ClientRecord>('/client')).data });
  // Shown once known: a switch in the wrong position meanwhile would mislead.
  if (!client.data) return null;
  const allowed = client.data.settings.public_anonymous_reads ?? DEFAULT_PUBLIC_ANONYMOUS_READS;
  const change = async (next: boolean) => {
    setSaving(true);
    try {
      await appHttpClient()(`${getRuntime().urls.umpire}/client`, { method: 'PATCH', body: { data: { type: 'clients', attributes: { settings: { public_anonymous_reads: next } } } } });
      await queryClient.invalidateQueries({ queryKey: ['client'] });
      notify('deliveryKeys.anonymousReadsChanged', { type: 'success' });
    } catch {
      // The HTTP client has shown what went wrong; the switch stays as the server has it.
    } finally {
      setSaving(false);
    }
  };
  return (
    <div>
      <FormControlLabel
        control={<Switch checked={allowed} disabled={!canAccess || saving} onChange={(e) => void change(e.target.checked)} inputProps={{ 'aria-describedby': 'anonymous-reads-help' }} />}
        label={translate('deliveryKeys.anonymousReads')}
      />
      <FormHelperText id="anonymous-reads-help" sx={{ mt: 0, color: 'text.primary' }}>
        {translate('deliveryKeys.anonymousReadsHelp')}
      </FormHelperText>
    </div>
  );
}
