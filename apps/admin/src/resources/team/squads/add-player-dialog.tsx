import { useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { AutocompleteInput, BooleanInput, NumberInput, ReferenceInput, SelectInput, useTranslate, type Validator } from 'react-admin';
import { LeagueDateInput } from '../../../framework/dates/league-date-inputs';
import { attributeValidators } from '../../../framework/generic/validation';
import { formatDate } from '../../../lib/locale';
import { AddPersonDialog, attributeOf, onlyWhen, useAddedPerson } from '../../../features/people';
import { flagOf, supportsFlagEmoji } from '../../../framework/ui/country-label';
import { fullName, type PlayerRecord } from '../../../framework/records/people';
import { submissionErrors } from '../../../framework/ui/server-errors';
import { POSITIONS, firstFreeShirtNumber, otherCaptains, type SquadRecord } from '../../../framework/records/squad-members';
import { useSquadMembers } from './use-squad';
import { useShirtNumberError } from './shirt-number-error';

export function playerOptionText(record: PlayerRecord | undefined): string {
  if (!record) return '';
  const details = [record.birth_date ? formatDate(record.birth_date) : null, record.nationality ? (supportsFlagEmoji() ? `${flagOf(record.nationality)} ${record.nationality}` : record.nationality) : null].filter(Boolean);
  return details.length ? `${fullName(record)} (${details.join(', ')})` : fullName(record);
}

/**
 * Adds a player to the squad: someone already in the database (searched by name) or a new player
 * typed in here. Number, position and captaincy are the squad's; server errors (a number already
 * worn) show on their fields.
 */
export function AddPlayerDialog({ squad, onClose }: { squad: SquadRecord; onClose: () => void }) {
  const translate = useTranslate();
  const actions = useSquadMembers(squad.id);
  const shirtError = useShirtNumberError();
  const person = useAddedPerson<PlayerRecord>('player');
  const { source } = person;
  const members = useMemo(() => squad.squad_players ?? [], [squad.squad_players]);
  const inSquad = useMemo(() => new Set(members.map((m) => String(m.player_id))), [members]);

  const validators = useMemo(
    () => ({
      playerId: onlyWhen(() => source === 'existing', [
        (value: unknown) => (value ? undefined : 'validation.required'),
        (value: unknown) => (value && inSquad.has(String(value)) ? 'squadEditor.alreadyInSquad' : undefined),
      ]),
      firstName: onlyWhen(() => source === 'new', attributeValidators('players', attributeOf('players', 'first_name'))),
      lastName: onlyWhen(() => source === 'new', attributeValidators('players', attributeOf('players', 'last_name'))),
      birthDate: onlyWhen(() => source === 'new', attributeValidators('players', attributeOf('players', 'birth_date'))),
      shirtNumber: attributeValidators('squad_players', attributeOf('squad_players', 'shirt_number')),
    }),
    [source, inSquad],
  );

  const onSubmit = async (values: Record<string, unknown>) => {
    const squadValues = {
      shirt_number: values.shirt_number === '' || values.shirt_number === undefined ? null : (values.shirt_number as number | null),
      position: (values.position as string) || null,
      is_captain: !!values.is_captain,
      joined_on: (values.joined_on as string) || null,
    };
    const player = await person.personId(values, (typed) =>
      actions.createPerson<PlayerRecord>('players', { ...typed, position: squadValues.position }),
    );
    if ('errors' in player) return player.errors;
    try {
      const member = await actions.addPlayer({ ...squadValues, player_id: String(player.id) });
      if (member.is_captain) {
        for (const previous of otherCaptains({ ...squad, squad_players: [...members, member] }, member.id)) {
          await actions.updatePlayer(previous, { is_captain: false }).catch(() => undefined);
        }
      }
      onClose();
      return undefined;
    } catch (error) {
      const errors = submissionErrors(error) ?? {};
      const shirt = shirtError(error, Number(squadValues.shirt_number), members);
      if (shirt) errors.shirt_number = shirt;
      if (errors.player_id && source === 'new') delete errors.player_id;
      return errors;
    }
  };

  return (
    <AddPersonDialog
      resource="players"
      prefix="player"
      person={person}
      titleId="add-player-title"
      title={translate('squadEditor.addPlayerTo', { squad: squad.name ?? '' })}
      labels={{ source: 'squadEditor.playerSource', existing: 'squadEditor.existingPlayer', new: 'squadEditor.newPlayer', created: 'squadEditor.playerCreated' }}
      existing={<ExistingPlayerPicker validate={validators.playerId} inSquad={inSquad} />}
      validators={validators}
      defaultValues={{ shirt_number: firstFreeShirtNumber(members), position: '', is_captain: false, joined_on: null, player_id: null, player: {} }}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1, mb: 0.5 }}>
        {translate('squadEditor.inThisSquad')}
      </Typography>
      <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <NumberInput
          source="shirt_number"
          label="resources.squad_players.fields.shirt_number"
          validate={validators.shirtNumber}
          min={1}
          max={99}
          step={1}
          helperText="squadEditor.shirtNumberHelp"
        />
        <SelectInput
          source="position"
          label="resources.squad_players.fields.position"
          choices={POSITIONS.map((p) => ({ id: p, name: `resources.squad_players.choices.position.${p}` }))}
          emptyText="squadEditor.positions.none"
        />
        <LeagueDateInput source="joined_on" label="resources.squad_players.fields.joined_on" />
        <BooleanInput source="is_captain" label="resources.squad_players.fields.is_captain" helperText="squadEditor.captainHelp" />
      </Box>
    </AddPersonDialog>
  );
}

/** Searching players by name; choosing one suggests their usual position. */
function ExistingPlayerPicker({ validate, inSquad }: { validate: Validator; inSquad: Set<string> }) {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  return (
    <ReferenceInput source="player_id" reference="players" sort={{ field: 'last_name', order: 'ASC' }} perPage={20}>
      <AutocompleteInput
        label="squadEditor.searchPlayer"
        optionText={(record: PlayerRecord) => (inSquad.has(String(record.id)) ? `${playerOptionText(record)} — ${translate('squadEditor.alreadyInSquad')}` : playerOptionText(record))}
        filterToQuery={(q: string) => (q ? { q } : {})}
        validate={validate}
        isRequired
        onChange={(_value: unknown, record: unknown) => {
          const position = (record as PlayerRecord | undefined)?.position;
          if (position && !getValues('position')) setValue('position', position, { shouldDirty: true });
        }}
        noOptionsText={translate('ui.nothingFound')}
        helperText="squadEditor.searchPlayerHelp"
        sx={{ width: '100%' }}
      />
    </ReferenceInput>
  );
}
