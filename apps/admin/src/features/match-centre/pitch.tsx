import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { legibleColours } from '../../lib/colours';
import type { Slot } from './formations';
import type { RosterPlayer } from './rosters';

const W = 68;
const H = 105;

export interface PitchPlace {
  slot: Slot;
  player: RosterPlayer | null;
  captain: boolean;
}

/**
 * The starting eleven on a pitch, placed by formation (the team attacks up the page). A picture
 * for the eye; the table next to it is where places are edited, and a click here jumps there.
 */
export function Pitch({ places, color, label, onPick }: { places: PitchPlace[]; color: string; label: string; onPick?: (place: number) => void }) {
  const translate = useTranslate();
  // Shirts in the team's colour, numbers readable on them.
  const { background: shirt, color: ink } = legibleColours(color);
  const surname = (name: string) => name.split(/\s+/).slice(-1)[0] ?? name;
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={label}
      sx={{ width: '100%', maxWidth: 340, height: 'auto', display: 'block', bgcolor: '#2e7d32', borderRadius: 1 }}
    >
      <title>{label}</title>
      <g fill="none" stroke="rgba(255,255,255,0.75)" strokeWidth={0.4}>
        <rect x={1} y={1} width={W - 2} height={H - 2} />
        <line x1={1} y1={H / 2} x2={W - 1} y2={H / 2} />
        <circle cx={W / 2} cy={H / 2} r={9.15} />
        <rect x={W / 2 - 20.16} y={1} width={40.32} height={16.5} />
        <rect x={W / 2 - 20.16} y={H - 17.5} width={40.32} height={16.5} />
        <rect x={W / 2 - 9.16} y={1} width={18.32} height={5.5} />
        <rect x={W / 2 - 9.16} y={H - 6.5} width={18.32} height={5.5} />
      </g>
      {places.map(({ slot, player, captain }) => {
        const [cx, cy] = [(slot.x / 100) * W, (slot.y / 100) * H];
        return (
          <g
            key={slot.place}
            onClick={onPick ? () => onPick(slot.place) : undefined}
            style={{ cursor: onPick ? 'pointer' : 'default' }}
            data-testid={`pitch-place-${slot.place}`}
          >
            {player ? (
              <>
                <circle cx={cx} cy={cy} r={4.2} fill={shirt} stroke="#fff" strokeWidth={0.5} />
                <text x={cx} y={cy + 1.3} textAnchor="middle" fontSize={3.6} fontWeight={700} fill={ink}>
                  {player.shirt ?? ''}
                </text>
                {captain && (
                  <text x={cx + 4.6} y={cy - 2.6} fontSize={2.8} fontWeight={700} fill="#fff">
                    {translate('matchCentre.lineups.captainMark')}
                  </text>
                )}
                <text x={cx} y={cy + 8} textAnchor="middle" fontSize={2.7} fill="#fff" fontWeight={600}>
                  {surname(player.name)}
                </text>
              </>
            ) : (
              <>
                <circle cx={cx} cy={cy} r={4.2} fill="rgba(255,255,255,0.15)" stroke="#fff" strokeWidth={0.4} strokeDasharray="1 1" />
                <text x={cx} y={cy + 1} textAnchor="middle" fontSize={2.6} fill="#fff">
                  {translate(`matchCentre.lineups.short.${slot.position}`)}
                </text>
              </>
            )}
          </g>
        );
      })}
    </Box>
  );
}
