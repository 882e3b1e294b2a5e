import { useMemo, useState } from 'react';
import { Box, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import {
  AutocompleteInput,
  BooleanInput,
  DateInput,
  Form,
  NumberInput,
  ReferenceInput,
  SaveButton,
  SelectInput,
  TextInput,
  useTranslate,
  type RaRecord,
  type Validator,
} from 'react-admin';
import { attributeValidators } from '../../generic/validation';
import { resourceDef } from '../../registry';
import { formatDate } from '../../../lib/locale';
import { CountryPicker, flagOf, supportsFlagEmoji } from '../shared/country-label';
import { fullName, type PlayerRecord } from '../shared/people';
import { submissionErrors } from '../shared/server-errors';
import { POSITIONS, firstFreeShirtNumber, otherCaptains, type SquadRecord } from '../shared/squad-members';
import { useSquadMembers } from './use-squad';
import { useShirtNumberError } from './shirt-number-error';

type Mode = 'existing' | 'new';

function attributeOf(resource: string, name: string) {
  return resourceDef(resource)!.attributes.find((a) => a.name === name)!;
}

/** Validators that apply only while `active()` holds (fields of the mode not chosen are not checked). */
function onlyWhen(active: () => boolean, validators: Validator[]): Validator {
  return (value, values, props) => {
    if (!active()) return undefined;
    for (const v of validators) {
      const result = v(value, values, props);
      if (result) return result;
    }
    return undefined;
  };
}

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
  const [mode, setMode] = useState<Mode>('existing');
  // A new player saved before linking failed (e.g. the number was taken) is not created twice.
  const [created, setCreated] = useState<PlayerRecord | null>(null);
  const members = useMemo(() => squad.squad_players ?? [], [squad.squad_players]);
  const inSquad = useMemo(() => new Set(members.map((m) => String(m.player_id))), [members]);

  const isNew = () => mode === 'new';
  const validators = useMemo(
    () => ({
      playerId: onlyWhen(() => mode === 'existing', [
        (value: unknown) => (value ? undefined : 'validation.required'),
        (value: unknown) => (value && inSquad.has(String(value)) ? 'squadEditor.alreadyInSquad' : undefined),
      ]),
      firstName: onlyWhen(() => mode === 'new', attributeValidators('players', attributeOf('players', 'first_name'))),
      lastName: onlyWhen(() => mode === 'new', attributeValidators('players', attributeOf('players', 'last_name'))),
      birthDate: onlyWhen(() => mode === 'new', attributeValidators('players', attributeOf('players', 'birth_date'))),
      shirtNumber: attributeValidators('squad_players', attributeOf('squad_players', 'shirt_number')),
    }),
    [mode, inSquad],
  );

  const onSubmit = async (values: Record<string, unknown>) => {
    const squadValues = {
      shirt_number: values.shirt_number === '' || values.shirt_number === undefined ? null : (values.shirt_number as number | null),
      position: (values.position as string) || null,
      is_captain: !!values.is_captain,
      joined_on: (values.joined_on as string) || null,
    };
    let playerId = values.player_id as RaRecord['id'] | undefined;
    if (isNew()) {
      if (created) {
        playerId = created.id;
      } else {
        try {
          const person = values.player as Partial<PlayerRecord>;
          const player = await actions.createPerson<PlayerRecord>('players', {
            first_name: person.first_name,
            last_name: person.last_name,
            birth_date: person.birth_date || null,
            nationality: person.nationality || null,
            position: squadValues.position,
          });
          setCreated(player);
          playerId = player.id;
        } catch (error) {
          return submissionErrors(error, 'player') ?? {};
        }
      }
    }
    try {
      const member = await actions.addPlayer({ ...squadValues, player_id: String(playerId) });
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
      if (errors.player_id && isNew()) delete errors.player_id;
      return errors;
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-player-title">
      <Form
        onSubmit={onSubmit}
        defaultValues={{ shirt_number: firstFreeShirtNumber(members), position: '', is_captain: false, joined_on: null, player_id: null, player: {} }}
        noValidate
      >
        <DialogTitle id="add-player-title">{translate('squadEditor.addPlayerTo', { squad: squad.name ?? '' })}</DialogTitle>
        <DialogContent>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={mode}
            onChange={(_, value: Mode | null) => value && setMode(value)}
            aria-label={translate('squadEditor.playerSource')}
            sx={{ mb: 2 }}
          >
            <ToggleButton value="existing">{translate('squadEditor.existingPlayer')}</ToggleButton>
            <ToggleButton value="new" disabled={!!created}>
              {translate('squadEditor.newPlayer')}
            </ToggleButton>
          </ToggleButtonGroup>

          {mode === 'existing' ? (
            <ExistingPlayerPicker validate={validators.playerId} inSquad={inSquad} />
          ) : created ? (
            <Typography sx={{ mb: 2 }}>{translate('squadEditor.playerCreated', { name: fullName(created) })}</Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 0, columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextInput source="player.first_name" label="resources.players.fields.first_name" validate={validators.firstName} isRequired autoFocus />
              <TextInput source="player.last_name" label="resources.players.fields.last_name" validate={validators.lastName} isRequired />
              <DateInput source="player.birth_date" label="resources.players.fields.birth_date" validate={validators.birthDate} />
              <CountryPicker source="player.nationality" label="resources.players.fields.nationality" />
            </Box>
          )}

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
            <DateInput source="joined_on" label="resources.squad_players.fields.joined_on" />
            <BooleanInput source="is_captain" label="resources.squad_players.fields.is_captain" helperText="squadEditor.captainHelp" />
          </Box>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
          <SaveButton label="squadEditor.add" alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
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
