import { useMemo, useState } from 'react';
import {
  Autocomplete,
  Box,
  Button as MuiButton,
  Checkbox,
  FormControlLabel,
  IconButton,
  InputAdornment,
  Link,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import SearchIcon from '@mui/icons-material/Search';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, LinkBase, useCanAccess, useCreatePath, useDataProvider, useGetList, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { getList, postList } from '../../../providers/json-api';
import { Crest } from '../../../framework/ui/crest';
import { EmptyState, LoadError, SectionCard } from '../../../framework/ui/page-layout';
import type { SquadRecord } from '../../../framework/records/squad-members';

const squadsKey = (id: Identifier) => ['competition_seasons', 'competitions_squads', String(id)];
const path = (id: Identifier) => `/competition_seasons/${encodeURIComponent(String(id))}/competitions_squads`;

/** Squads of a competition season not yet taking part, matching the typed text. */
export function candidatesOf(all: readonly SquadRecord[], taking: readonly SquadRecord[]): SquadRecord[] {
  const taken = new Set(taking.map((s) => String(s.id)));
  return all.filter((s) => !taken.has(String(s.id)));
}

/** The squads taking part in a competition season (spec §7: GET and POST …/competitions_squads). */
export function SeasonSquads({ competitionSeason, editable }: { competitionSeason: RaRecord & { season_id?: string; name?: string }; editable: boolean }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider();
  const { canAccess: canAdd } = useCanAccess({ action: 'create', resource: 'competition_season_squads' });
  const { canAccess: canRemove } = useCanAccess({ action: 'delete', resource: 'competition_season_squads' });
  const id = competitionSeason.id;
  const squads = useQuery({
    queryKey: squadsKey(id),
    queryFn: async () => (await getList<SquadRecord>(path(id), {}, 3)).data,
    staleTime: 5 * 60_000,
  });
  const [query, setQuery] = useState('');
  const [removing, setRemoving] = useState<SquadRecord | null>(null);
  const list = useMemo(() => {
    const q = query.trim().toLocaleLowerCase();
    return (squads.data ?? []).filter((s) => !q || `${s.name} ${s.team?.name ?? ''}`.toLocaleLowerCase().includes(q));
  }, [squads.data, query]);

  const remove = async (squad: SquadRecord) => {
    const { data: links } = await dataProvider.getList('competition_season_squads', {
      filter: { competition_season_id: String(id), squad_id: String(squad.id) },
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
    });
    for (const link of links as RaRecord[]) await dataProvider.delete('competition_season_squads', { id: link.id, previousData: link });
    queryClient.setQueryData<SquadRecord[]>(squadsKey(id), (old) => (old ?? []).filter((s) => String(s.id) !== String(squad.id)));
  };

  const confirmRemoval = async () => {
    if (!removing) return;
    try {
      await remove(removing);
    } catch {
      // Shown by the HTTP client.
    } finally {
      setRemoving(null);
    }
  };

  return (
    <SectionCard
      title={translate('seasonSquads.title', { smart_count: squads.data?.length ?? 0 })}
      actions={
        <TextField
          size="small"
          type="search"
          variant="outlined"
          margin="none"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={translate('seasonSquads.search')}
          slotProps={{
            htmlInput: { 'aria-label': translate('seasonSquads.search') },
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
          }}
        />
      }
    >
      {editable && canAdd && <AddSquads competitionSeason={competitionSeason} taking={squads.data ?? []} />}
      {squads.error ? (
        <LoadError onRetry={() => void squads.refetch()} />
      ) : !squads.data ? (
        <Skeleton variant="rectangular" height={240} />
      ) : list.length === 0 ? (
        <EmptyState>{translate(squads.data.length ? 'ui.nothingFound' : 'seasonSquads.empty')}</EmptyState>
      ) : (
        <List dense data-testid="season-squads" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' }, columnGap: 2 }}>
          {list.map((squad) => (
            <ListItem
              key={squad.id}
              divider
              secondaryAction={
                editable && canRemove ? (
                  <Tooltip disableInteractive title={translate('seasonSquads.remove', { squad: squad.name ?? '' })}>
                    <IconButton edge="end" size="small" aria-label={translate('seasonSquads.remove', { squad: squad.name ?? '' })} onClick={() => setRemoving(squad)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : undefined
              }
            >
              <Box sx={{ mr: 1.5 }}>
                <Crest team={squad.team} fallbackImage={squad.image} fallbackImageId={squad.image_id} size={32} />
              </Box>
              <ListItemText
                primary={
                  <Link component={LinkBase} to={createPath({ resource: 'squads', id: squad.id, type: 'show' })} underline="hover">
                    {squad.team?.name ?? squad.name}
                  </Link>
                }
                secondary={squad.name}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Confirm
        isOpen={!!removing}
        title="seasonSquads.removeTitle"
        content="seasonSquads.removeContent"
        titleTranslateOptions={{ squad: removing?.name ?? '' }}
        contentTranslateOptions={{ squad: removing?.name ?? '', season: competitionSeason.name ?? '' }}
        confirmColor="warning"
        onConfirm={() => void confirmRemoval()}
        onClose={() => setRemoving(null)}
      />
    </SectionCard>
  );
}

/** Picks squads (of the same season unless asked otherwise) and adds them in one request. */
function AddSquads({ competitionSeason, taking }: { competitionSeason: RaRecord & { season_id?: string }; taking: SquadRecord[] }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [sameSeason, setSameSeason] = useState(true);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<SquadRecord[]>([]);
  const [saving, setSaving] = useState(false);
  const { data, isFetching } = useGetList<SquadRecord>(
    'squads',
    {
      filter: { ...(sameSeason && competitionSeason.season_id ? { season_id: competitionSeason.season_id } : {}), ...(search ? { q: search } : {}) },
      sort: { field: 'name', order: 'ASC' },
      pagination: { page: 1, perPage: 50 },
      meta: { include: ['team.image', 'team.club', 'image'] },
    },
    { placeholderData: (previous) => previous },
  );
  const options = candidatesOf(data ?? [], taking);

  const add = async () => {
    setSaving(true);
    try {
      const { data: squads } = await postList<SquadRecord>(
        `/competition_seasons/${encodeURIComponent(String(competitionSeason.id))}/competitions_squads`,
        { data: chosen.map((s) => ({ type: 'squads', id: String(s.id) })) },
        3,
      );
      queryClient.setQueryData(squadsKey(competitionSeason.id), squads);
      setChosen([]);
    } catch {
      // Shown by the HTTP client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}>
      <Autocomplete
        multiple
        size="small"
        options={options}
        value={chosen}
        loading={isFetching}
        filterOptions={(x) => x}
        onChange={(_, value) => setChosen(value)}
        onInputChange={(_, text, reason) => reason === 'input' && setSearch(text)}
        getOptionLabel={(s) => s.name ?? `#${s.id}`}
        isOptionEqualToValue={(a, b) => String(a.id) === String(b.id)}
        renderOption={(props, s) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <li key={key} {...rest}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Crest team={s.team} fallbackImage={s.image} fallbackImageId={s.image_id} size={22} />
                {s.name}
              </Box>
            </li>
          );
        }}
        noOptionsText={translate('ui.nothingFound')}
        renderInput={(params) => <TextField {...params} variant="outlined" label={translate('seasonSquads.pick')} />}
        sx={{ flex: '1 1 320px', maxWidth: 640 }}
      />
      <MuiButton variant="contained" startIcon={<AddIcon />} disabled={!chosen.length || saving} onClick={() => void add()} sx={{ mt: 0.25 }}>
        {chosen.length ? translate('seasonSquads.add', { smart_count: chosen.length }) : translate('squadEditor.add')}
      </MuiButton>
      <FormControlLabel
        control={<Checkbox checked={sameSeason} onChange={(e) => setSameSeason(e.target.checked)} />}
        label={<Typography variant="body2">{translate('seasonSquads.sameSeason')}</Typography>}
      />
    </Box>
  );
}
