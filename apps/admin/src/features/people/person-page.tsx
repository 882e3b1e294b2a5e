import type { ComponentType, ReactNode } from 'react';
import { Box, Breadcrumbs, Card, Link, Skeleton, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import {
  EditBase,
  LinkBase,
  ShowBase,
  Title,
  useCanAccess,
  useCreatePath,
  useEditContext,
  useShowContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { resourceDef } from '../../framework/definitions';
import { ResourceForm } from '../../framework/generic/resource-form';
import { RecordHistory } from '../../framework/history/record-history';
import { formatDate } from '../../lib/locale';
import { CountryLabel } from '../../framework/ui/country-label';
import { Crest, PersonAvatar } from '../../framework/ui/crest';
import { EmptyState, LoadError, PageTabs, ReloadButton, ScrollingTable, SectionCard } from '../../framework/ui/page-layout';
import { ageOn, fullName, type PersonRecord } from '../../framework/records/people';
import type { SquadRecord } from '../../framework/records/squad-members';

type PersonResource = 'players' | 'staff_members';

/** A person as their edit or show route has loaded them. */
interface LoadedPerson<T extends PersonRecord> {
  record: T | undefined;
  refetch: () => unknown;
  isFetching: boolean;
  error: unknown;
}

export interface PersonPageProps<T extends PersonRecord> {
  mode: 'edit' | 'show';
  loaded: LoadedPerson<T>;
}

interface PersonRouteProps<T extends PersonRecord> {
  resource: PersonResource;
  /** What the person is loaded with (spec §3). */
  meta: { include: string[] };
  page: ComponentType<PersonPageProps<T>>;
}

/** Spec §4: a person already loaded is not fetched again unless the user asks (the reload button). */
const CACHED = { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnMount: false } as const;

/** The edit route of a person's page: the cached person. */
export function PersonEdit<T extends PersonRecord>({ resource, meta, page }: PersonRouteProps<T>) {
  return (
    <EditBase
      resource={resource}
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={{ meta, ...CACHED }}
      mutationOptions={{ meta }}
    >
      <FromEdit page={page} />
    </EditBase>
  );
}

/** The show route of a person's page: the same cached person, read only. */
export function PersonShow<T extends PersonRecord>({ resource, meta, page }: PersonRouteProps<T>) {
  return (
    <ShowBase resource={resource} queryOptions={{ meta, ...CACHED }}>
      <FromShow page={page} />
    </ShowBase>
  );
}

// The edit and show contexts exist only below EditBase and ShowBase.
function FromEdit<T extends PersonRecord>({ page: Page }: { page: ComponentType<PersonPageProps<T>> }) {
  return <Page mode="edit" loaded={useEditContext<T>()} />;
}

function FromShow<T extends PersonRecord>({ page: Page }: { page: ComponentType<PersonPageProps<T>> }) {
  return <Page mode="show" loaded={useShowContext<T>()} />;
}

/** Page content in one column that may shrink (tables scroll inside it instead of widening the page). */
export const STACK = { display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' } as const;

/**
 * A person's page: the header, then the profile tab and, on the edit route for those who may
 * edit, the details form with the record's history.
 */
export function PersonPage<T extends PersonRecord>({
  resource,
  mode,
  loaded,
  sectionsLabel,
  subtitle,
  profile,
}: PersonPageProps<T> & {
  resource: PersonResource;
  /** The name of the tab list. */
  sectionsLabel: string;
  subtitle?: ReactNode;
  profile: (person: T) => ReactNode;
}) {
  const translate = useTranslate();
  const { record: person, refetch, isFetching, error } = loaded;
  const { canAccess: canEdit } = useCanAccess({ action: 'edit', resource });
  const { canAccess: canDelete } = useCanAccess({ action: 'delete', resource });

  if (error && !person) return <Box sx={{ py: 2 }}><LoadError onRetry={() => void refetch()} /></Box>;

  return (
    <Box sx={{ py: 2, ...STACK }}>
      <Title title={person ? fullName(person) : translate(`resources.${resource}.name`, { smart_count: 1 })} />
      <PersonHeader resource={resource} person={person} onReload={() => void refetch()} reloading={isFetching} subtitle={subtitle} />
      {!person ? (
        <PageSkeleton />
      ) : (
        <PageTabs
          label={sectionsLabel}
          tabs={[
            { id: 'profile', label: translate('playerPage.tabs.profile'), render: () => profile(person) },
            ...(mode === 'edit' && canEdit
              ? [
                  {
                    id: 'details',
                    label: translate('playerPage.tabs.details'),
                    render: () => (
                      <Card>
                        <ResourceForm def={resourceDef(resource)!} canDelete={canDelete} />
                        <RecordHistory />
                      </Card>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Box>
  );
}

/** The profile tab: facts and biography on the left, `children` (squads, statistics, …) on the right. */
export function PersonProfile({ resource, facts, biography, children }: { resource: PersonResource; facts: Fact[]; biography: string | null | undefined; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 1fr) 2fr' }, alignItems: 'start' }}>
      <Box sx={STACK}>
        <SectionCard title={translate('playerPage.facts')}>
          <FactList facts={facts} />
        </SectionCard>
        {biography && (
          <SectionCard title={translate(`resources.${resource}.fields.biography`)}>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {biography}
            </Typography>
          </SectionCard>
        )}
      </Box>
      {children}
    </Box>
  );
}

interface SquadLink extends RaRecord {
  squad_id?: string;
  squad?: SquadRecord;
}

/**
 * The squads a person has been in, as given: each squad's crest and link, its season, then the
 * `cells` of the link's own (number, role, …) under `headings`.
 */
export function PersonSquads<T extends SquadLink>({
  title,
  links,
  linkResource,
  testId,
  minWidth,
  headings,
  cells,
  badge,
}: {
  title: string;
  links: readonly T[];
  /** The resource of the links, whose squad field names the first column. */
  linkResource: 'squad_players' | 'squad_staff_members';
  testId: string;
  minWidth: number;
  headings: ReactNode;
  cells: (link: T) => ReactNode;
  /** Shown after the squad's name (the captain's star). */
  badge?: (link: T) => ReactNode;
}) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <SectionCard title={title}>
      {links.length === 0 ? (
        <EmptyState>{translate('playerPage.noSquads')}</EmptyState>
      ) : (
        <ScrollingTable
          label={title}
          minWidth={minWidth}
          testId={testId}
          headings={
            <>
              <TableCell>{translate(`resources.${linkResource}.fields.squad`)}</TableCell>
              <TableCell>{translate('resources.squads.fields.season')}</TableCell>
              {headings}
            </>
          }
        >
          <TableBody>
            {links.map((link) => (
              <TableRow key={link.id} hover>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Crest team={link.squad?.team} fallbackImageId={link.squad?.image_id} size={24} />
                    <Link component={LinkBase} to={createPath({ resource: 'squads', id: link.squad_id!, type: 'show' })} underline="hover">
                      {link.squad?.team?.name ?? link.squad?.name ?? `#${link.squad_id}`}
                    </Link>
                    {badge?.(link)}
                  </Box>
                </TableCell>
                <TableCell>{link.squad?.season?.name ?? ''}</TableCell>
                {cells(link)}
              </TableRow>
            ))}
          </TableBody>
        </ScrollingTable>
      )}
    </SectionCard>
  );
}

/** The top of a person's page: where it sits, the photo, the name and what the page is about. */
export function PersonHeader({
  resource,
  person,
  subtitle,
  onReload,
  reloading,
}: {
  resource: PersonResource;
  person: PersonRecord | undefined;
  subtitle?: ReactNode;
  onReload: () => void;
  reloading: boolean;
}) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const name = fullName(person);
  return (
    <Box component="header" sx={{ display: 'grid', gap: 1 }}>
      <Breadcrumbs aria-label={translate('teamCommon.breadcrumbs')}>
        <Link component={LinkBase} to={createPath({ resource, type: 'list' })} underline="hover" color="inherit">
          {translate(`resources.${resource}.name`, { smart_count: 2 })}
        </Link>
        <Typography color="text.primary" aria-current="page">
          {name || '…'}
        </Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {person ? <PersonAvatar image={person.image} imageId={person.image_id} name={name} size={72} /> : <Skeleton variant="circular" width={72} height={72} />}
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', md: '1.8rem' }, fontWeight: 600 }}>
            {person ? name : <Skeleton width={240} />}
          </Typography>
          {subtitle}
        </Box>
        <ReloadButton onClick={onReload} loading={reloading} />
      </Box>
    </Box>
  );
}

export interface Fact {
  label: string;
  value: ReactNode;
}

/** The facts about a person, as a description list. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(120px, auto) 1fr', columnGap: 2, rowGap: 1 }}>
      {facts.map((fact) => (
        <Box key={fact.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {fact.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0 }}>
            {fact.value ?? '–'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Birth date with the age today: "12.03.1996 (29 years)". */
export function BirthDate({ value }: { value: string | null | undefined }) {
  const translate = useTranslate();
  if (!value) return <>–</>;
  const age = ageOn(value);
  return (
    <>
      <time dateTime={value}>{formatDate(value)}</time>
      {age !== null && ` (${translate('teamCommon.age', { smart_count: age })})`}
    </>
  );
}

export function Nationalities({ codes }: { codes: (string | null | undefined)[] }) {
  const present = codes.filter((c): c is string => !!c);
  if (!present.length) return <>–</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', gap: 0.5 }}>
      {present.map((code) => (
        <CountryLabel key={code} code={code} />
      ))}
    </Box>
  );
}

/** A card-less page body while the record loads. */
export function PageSkeleton() {
  return (
    <Card variant="outlined" sx={{ p: 2 }}>
      <Skeleton height={40} />
      <Skeleton height={240} variant="rectangular" />
    </Card>
  );
}
