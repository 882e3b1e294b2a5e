import { useMemo } from 'react';
import { Box, Chip, TableCell, Typography } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import { useCanAccess, useTranslate, type RaRecord } from 'react-admin';
import { formatDate } from '../../../lib/locale';
import { Crest } from '../../../framework/ui/crest';
import {
  BirthDate,
  Nationalities,
  PersonEdit,
  PersonPage,
  PersonProfile,
  PersonShow,
  PersonSquads,
  STACK,
  type PersonPageProps,
} from '../../../features/people';
import { sortBySeason, type SquadPlayerRecord, type SquadRecord } from '../../../framework/records/squad-members';
import { CareerClubs, type PlayerWithCareer } from './career-clubs';
import { PlayerSeasonStats } from './player-season-stats';

/** Spec §3: a player is loaded with their squads (team, crest, season) and career clubs (club, crest). */
export const PLAYER_INCLUDE = [
  'image',
  'squad_players.player',
  'squad_players.squad.team.image',
  'squad_players.squad.team.club',
  'squad_players.squad.season',
  'career_clubs.club.image',
];
export const PLAYER_META = { include: PLAYER_INCLUDE };
export const playerQueryKey = (id: RaRecord['id']) => ['players', 'getOne', { id: String(id), meta: PLAYER_META }];

interface PlayerFull extends PlayerWithCareer {
  squad_players?: (SquadPlayerRecord & { squad?: SquadRecord })[];
}

export default function PlayerEdit() {
  return <PersonEdit resource="players" meta={PLAYER_META} page={PlayerPage} />;
}

export function PlayerShow() {
  return <PersonShow resource="players" meta={PLAYER_META} page={PlayerPage} />;
}

function PlayerPage({ mode, loaded }: PersonPageProps<PlayerFull>) {
  const translate = useTranslate();
  const { record: player } = loaded;
  const { canAccess: canEditCareer } = useCanAccess({ action: 'edit', resource: 'career_clubs' });
  const current = useMemo(() => currentSquadOf(player), [player]);

  return (
    <PersonPage
      resource="players"
      mode={mode}
      loaded={loaded}
      sectionsLabel={translate('playerPage.sections')}
      subtitle={
        player && (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            {player.nickname && <Typography color="text.secondary">{translate('playerPage.nickname', { nickname: player.nickname })}</Typography>}
            {player.position && <Chip size="small" label={translate(`resources.players.choices.position.${player.position}`)} />}
            {current?.squad && (
              <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                <Crest team={current.squad.team} fallbackImageId={current.squad.image_id} size={22} />
                <Typography variant="body2">
                  {current.shirt_number ? translate('playerPage.currentSquadNumber', { squad: current.squad.name ?? '', number: current.shirt_number }) : current.squad.name}
                </Typography>
              </Box>
            )}
          </Box>
        )
      }
      profile={(p) => <PlayerProfile player={p} editable={mode === 'edit' && !!canEditCareer} />}
    />
  );
}

/** The squad of the current season (else the latest), for the header. */
export function currentSquadOf(player: PlayerFull | undefined) {
  const memberships = player?.squad_players ?? [];
  return memberships.find((m) => m.squad?.season?.is_current && !m.left_on) ?? sortBySeason(memberships)[0];
}

function PlayerProfile({ player, editable }: { player: PlayerFull; editable: boolean }) {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.players.fields.${name}`);
  const facts = [
    { label: field('birth_date'), value: <BirthDate value={player.birth_date} /> },
    { label: translate('playerPage.nationality'), value: <Nationalities codes={[player.nationality, player.second_nationality]} /> },
    { label: field('position'), value: player.position ? translate(`resources.players.choices.position.${player.position}`) : null },
    { label: field('preferred_foot'), value: player.preferred_foot ? translate(`resources.players.choices.preferred_foot.${player.preferred_foot}`) : null },
    { label: field('height_cm'), value: player.height_cm ? translate('playerPage.heightValue', { cm: player.height_cm }) : null },
    { label: field('weight_kg'), value: player.weight_kg ? translate('playerPage.weightValue', { kg: player.weight_kg }) : null },
  ];
  return (
    <PersonProfile resource="players" facts={facts} biography={player.biography}>
      <Box sx={STACK}>
        <PlayerSeasonStats playerId={player.id} />
        <PlayerSquads player={player} />
        <CareerClubs player={player} playerKey={playerQueryKey(player.id)} editable={editable} />
      </Box>
    </PersonProfile>
  );
}

/** The squads the player has been in, newest season first. */
function PlayerSquads({ player }: { player: PlayerFull }) {
  const translate = useTranslate();
  return (
    <PersonSquads
      title={translate('playerPage.squads')}
      links={sortBySeason(player.squad_players ?? [])}
      linkResource="squad_players"
      testId="player-squads"
      minWidth={560}
      headings={
        <>
          <TableCell align="right">{translate('squadEditor.columns.number')}</TableCell>
          <TableCell>{translate('resources.squad_players.fields.position')}</TableCell>
          <TableCell>{translate('playerPage.period')}</TableCell>
        </>
      }
      badge={(m) => m.is_captain && <StarIcon fontSize="small" sx={{ color: 'warning.dark' }} titleAccess={translate('resources.squad_players.fields.is_captain')} />}
      cells={(m) => (
        <>
          <TableCell align="right" sx={{ fontWeight: 600 }}>
            {m.shirt_number ?? ''}
          </TableCell>
          <TableCell>{m.position ? translate(`resources.squad_players.choices.position.${m.position}`) : ''}</TableCell>
          <TableCell>
            {[m.joined_on ? formatDate(m.joined_on) : '', m.left_on ? formatDate(m.left_on) : ''].some(Boolean)
              ? `${m.joined_on ? formatDate(m.joined_on) : ''} – ${m.left_on ? formatDate(m.left_on) : ''}`
              : ''}
          </TableCell>
        </>
      )}
    />
  );
}
