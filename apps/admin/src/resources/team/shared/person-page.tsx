import type { ReactNode } from 'react';
import { Box, Breadcrumbs, Card, Link, Skeleton, Typography } from '@mui/material';
import { LinkBase, useCreatePath, useTranslate } from 'react-admin';
import { formatDate } from '../../../lib/locale';
import { CountryLabel } from './country-label';
import { PersonAvatar } from './crest';
import { ReloadButton } from './page-layout';
import { ageOn, fullName, type PersonRecord } from './people';

/** The top of a person's page: where it sits, the photo, the name and what the page is about. */
export function PersonHeader({
  resource,
  person,
  subtitle,
  onReload,
  reloading,
}: {
  resource: 'players' | 'staff_members';
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
