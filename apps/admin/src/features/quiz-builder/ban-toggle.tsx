import { Switch, Tooltip } from '@mui/material';
import { useCanAccess, useRecordContext, useTranslate, useUpdate } from 'react-admin';

/**
 * The ban of one attempt, flipped from the attempts list (spec §4: it flips at once in the list;
 * the ranking leaves the attempt out). Undone on the screen when the server refuses.
 */
export function BanToggle() {
  const record = useRecordContext<{ id: string; is_banned: boolean; fan_name?: string | null }>();
  const translate = useTranslate();
  const [update, { isPending }] = useUpdate();
  const { canAccess } = useCanAccess({ action: 'edit', resource: 'quiz_user_attempts', record });
  if (!record) return null;
  const name = record.fan_name ?? `#${record.id}`;
  const label = translate(record.is_banned ? 'quizPage.unban' : 'quizPage.ban', { name });
  return (
    // Clicks must not open the row.
    <span role="presentation" onClick={(e) => e.stopPropagation()}>
      <Tooltip title={label}>
        <Switch
          checked={record.is_banned}
          disabled={!canAccess || isPending}
          color="error"
          slotProps={{ input: { 'aria-label': label } }}
          onChange={(_, checked) => {
            void update('quiz_user_attempts', { id: record.id, data: { is_banned: checked }, previousData: record }, { mutationMode: 'optimistic' });
          }}
        />
      </Tooltip>
    </span>
  );
}
