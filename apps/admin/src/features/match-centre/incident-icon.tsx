import { Box } from '@mui/material';
import SportsSoccerIcon from '@mui/icons-material/SportsSoccer';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PauseIcon from '@mui/icons-material/Pause';
import SportsScoreIcon from '@mui/icons-material/SportsScore';
import BlockIcon from '@mui/icons-material/Block';
import HandshakeIcon from '@mui/icons-material/Handshake';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import type { IncidentType } from './types';

function Card({ color, second }: { color: string; second?: string }) {
  return (
    <Box sx={{ position: 'relative', width: 16, height: 20 }}>
      {second && <Box sx={{ position: 'absolute', left: 0, top: 0, width: 11, height: 15, borderRadius: '2px', bgcolor: second, boxShadow: 1 }} />}
      <Box sx={{ position: 'absolute', right: 0, bottom: 0, width: 11, height: 15, borderRadius: '2px', bgcolor: color, boxShadow: 1 }} />
    </Box>
  );
}

/** A picture of the incident type (decorative: the row names the type in words). */
export function IncidentIcon({ type }: { type: IncidentType }) {
  const box = (node: React.ReactNode, extra?: object) => (
    <Box aria-hidden="true" sx={{ width: 24, height: 24, display: 'grid', placeItems: 'center', flexShrink: 0, position: 'relative', ...extra }}>
      {node}
    </Box>
  );
  switch (type) {
    case 'goal':
      return box(<SportsSoccerIcon fontSize="small" />);
    case 'penalty':
      return box(
        <>
          <SportsSoccerIcon fontSize="small" />
          <Box component="span" sx={{ position: 'absolute', right: -4, bottom: -4, fontSize: 10, fontWeight: 800, lineHeight: 1 }}>
            P
          </Box>
        </>,
      );
    case 'own_goal':
      return box(<SportsSoccerIcon fontSize="small" sx={{ color: 'error.main' }} />);
    case 'missed_penalty':
      return box(<BlockIcon fontSize="small" sx={{ color: 'text.secondary' }} />);
    case 'yellow_card':
      return box(<Card color="#f9c80e" />);
    case 'second_yellow_card':
      return box(<Card color="#c62828" second="#f9c80e" />);
    case 'red_card':
      return box(<Card color="#c62828" />);
    case 'substitution':
      return box(<SwapVertIcon fontSize="small" sx={{ color: 'info.main' }} />);
    case 'assist':
      return box(<HandshakeIcon fontSize="small" />);
    case 'kick_off':
    case 'match_started':
    case 'second_half_started':
      return box(<PlayArrowIcon fontSize="small" />);
    case 'half_time':
      return box(<PauseIcon fontSize="small" />);
    case 'match_ended':
      return box(<SportsScoreIcon fontSize="small" />);
    default:
      return box(<InfoOutlinedIcon fontSize="small" />);
  }
}
