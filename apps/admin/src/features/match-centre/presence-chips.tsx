import { Avatar, Box, Chip, Typography } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslate } from 'react-admin';
import type { Viewer } from './types';

/** Who else has this match open (MatchChannel presence), so two operators know of each other. */
export function PresenceChips({ viewers, me }: { viewers: readonly Viewer[]; me: string }) {
  const translate = useTranslate();
  const others = viewers.filter((v) => v.username !== me);
  return (
    <Box
      component="section"
      aria-label={translate('matchCentre.presence.label')}
      data-testid="presence"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      <VisibilityIcon fontSize="small" color="action" aria-hidden="true" />
      {others.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('matchCentre.presence.onlyYou')}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {translate('matchCentre.presence.alsoHere')}
          </Typography>
          {others.map((v) => (
            <Chip
              key={v.username}
              size="small"
              variant="outlined"
              data-testid="presence-chip"
              avatar={<Avatar aria-hidden="true">{v.username.slice(0, 1).toUpperCase()}</Avatar>}
              label={v.connections > 1 ? translate('matchCentre.presence.tabs', { username: v.username, smart_count: v.connections }) : v.username}
            />
          ))}
        </>
      )}
    </Box>
  );
}
