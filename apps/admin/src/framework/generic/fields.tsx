import { useEffect, useState } from 'react';
import { Box, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  BooleanField,
  LinkBase,
  ReferenceField,
  useCanAccess,
  useCreatePath,
  useRecordContext,
  useResourceContext,
  useResourceDefinition,
  useTranslate,
} from 'react-admin';
import type { AttributeManifest, RelationshipManifest } from '@umpire/schema/manifest';
import { resourceDef } from '../../framework/definitions';
import { formatCurrency, formatDate, formatDateTime, formatMatchDateTime, formatNumber } from '../../lib/locale';
import { countryName } from '../../lib/countries';
import { choiceLabel, currentLanguage } from '../../lib/i18n';
import { ImageThumbnail } from './image-thumbnail';
import { widgetOf } from './conventions';

/** One attribute of the record in context, shown according to its type. */
export function AttributeField({ attr }: { attr: AttributeManifest }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const value: unknown = record?.[attr.name];
  if (value === null || value === undefined || value === '') return null;

  switch (widgetOf(attr)) {
    case 'boolean':
      return <BooleanField source={attr.name} />;
    case 'choice':
      return <span>{choiceLabel(translate, String(resource), attr.name, String(value))}</span>;
    case 'choices':
      return <span>{(Array.isArray(value) ? value : [value]).map((v) => choiceLabel(translate, String(resource), attr.name, String(v))).join(', ')}</span>;
    case 'date':
      return <time dateTime={String(value)}>{formatDate(value as string)}</time>;
    case 'datetime':
      return <time dateTime={String(value)}>{formatDateTime(value as string)}</time>;
    case 'matchDate':
      return <time dateTime={String(value)}>{formatMatchDateTime(value as string)}</time>;
    case 'integer':
      // Years and codes read better without digit grouping.
      return <span>{/^(founded|opened|year)$/.test(attr.name) ? String(value) : formatNumber(Number(value))}</span>;
    case 'number':
      return <span>{formatNumber(Number(value), { maximumFractionDigits: 6 })}</span>;
    case 'currency':
      return <span>{formatCurrency(Number(value), (record?.currency as string | undefined) ?? undefined)}</span>;
    case 'country':
      return <CountryName code={String(value)} />;
    case 'url':
      return (
        <Link href={String(value)} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()}>
          {String(value).replace(/^https?:\/\//, '')}
        </Link>
      );
    case 'email':
      return (
        <Link href={`mailto:${String(value)}`} onClick={(e) => e.stopPropagation()}>
          {String(value)}
        </Link>
      );
    case 'color':
      return <ColorValue value={String(value)} />;
    case 'json':
      return (
        <Typography component="pre" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}>
          {JSON.stringify(value, null, 2)}
        </Typography>
      );
    case 'multiline':
      return (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {String(value)}
        </Typography>
      );
    default:
      return <span>{String(value)}</span>;
  }
}

export function CountryName({ code }: { code: string }) {
  const translate = useTranslate();
  const [name, setName] = useState(code);
  useEffect(() => {
    let live = true;
    void countryName(code, currentLanguage(), translate).then((n) => live && setName(n));
    return () => {
      live = false;
    };
  }, [code, translate]);
  return <span title={code}>{name}</span>;
}

export function ColorValue({ value }: { value: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box component="span" aria-hidden sx={{ width: 16, height: 16, borderRadius: '4px', border: 1, borderColor: 'divider', bgcolor: value }} />
      <span>{value}</span>
    </Box>
  );
}

/** A belongsTo link: the referenced record's title, or the image itself. */
export function RelationshipField({ rel }: { rel: RelationshipManifest }) {
  const record = useRecordContext();
  if (rel.type === 'images') {
    const path = (record?.[rel.name] as { path?: string } | undefined)?.path;
    return path ? <ImageThumbnail path={path} size={40} /> : null;
  }
  const target = resourceDef(rel.type);
  return <ReferenceField source={rel.source!} reference={rel.type} link={target ? 'show' : false} emptyText="" />;
}

/**
 * The record's main field as a link to its form (or its page for read-only users): rows open on
 * click, and this makes them reachable by keyboard and openable in a new tab too.
 */
/** A link to the record's form (or page); with an empty `source` it reads "#id", so it always has a name. */
export function RecordLink({ children, source }: { children: ReactNode; source?: string }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const { hasEdit } = useResourceDefinition();
  // The form first, like a click on the row; react-admin's own helper prefers the page.
  const { canAccess: canEdit } = useCanAccess({ action: 'edit', resource, record, enabled: !!hasEdit });
  if (!record || !resource) return <>{children}</>;
  const path = createPath({ resource, id: record.id, type: hasEdit && canEdit ? 'edit' : 'show' });
  return (
    <Link component={LinkBase} to={path} onClick={(e: React.MouseEvent) => e.stopPropagation()} underline="hover" color="inherit" sx={{ fontWeight: 500 }}>
      {source && isEmptyValue(record[source]) ? `#${record.id}` : children}
    </Link>
  );
}

const isEmptyValue = (value: unknown) => value === null || value === undefined || value === '';
