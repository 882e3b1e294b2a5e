import { Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { resourceDef } from '../../framework/definitions';
import { recordRepresentation } from '../../framework/representation';
import { getRuntime } from '../../lib/configuration';
import { imageUrl } from '../../lib/images';
import { toRecord } from '../../providers/data-provider';
import type { JsonApiDocument, ResourceObject } from './api';
import { fieldLabel, valueLabel } from './field-editors';
import { kindLabel } from './component-list';
import { plainText } from './model';

export const PREVIEW_WIDTHS = [768, 1024, 1280] as const;

/** The linked records of a component, resolved from the document's `included`. */
export function resolveLinks(component: ResourceObject, included: Map<string, ResourceObject>) {
  const out: { name: string; records: ResourceObject[] }[] = [];
  for (const [name, rel] of Object.entries(component.relationships ?? {})) {
    if (name === 'page' || name === 'global_page_element') continue;
    const refs = Array.isArray(rel.data) ? rel.data : rel.data ? [rel.data] : [];
    const records = refs.map((r) => included.get(`${r.type}:${r.id}`)).filter((r): r is ResourceObject => !!r);
    if (records.length) out.push({ name, records });
  }
  return out;
}

/** The components of a preview document in order (the owner's relationship lists them). */
export function previewComponents(doc: JsonApiDocument): { components: ResourceObject[]; included: Map<string, ResourceObject> } {
  const included = new Map((doc.included ?? []).map((r) => [`${r.type}:${r.id}`, r]));
  const refs = doc.data.relationships?.components?.data;
  const components = (Array.isArray(refs) ? refs : []).map((r) => included.get(`components:${r.id}`)).filter((r): r is ResourceObject => !!r);
  return { components, included };
}

function nameOf(record: ResourceObject): string {
  const representation = recordRepresentation(resourceDef(record.type));
  const ra = toRecord(record);
  return typeof representation === 'function' ? representation(ra) : String(ra[representation] ?? `#${record.id}`);
}

function PreviewImage({ path, width, alt }: { path: string; width: number; alt: string }) {
  const { configuration } = getRuntime();
  let src: string | undefined;
  try {
    src = imageUrl(path, { cdnId: configuration.cdn_id, cdnHost: configuration.cdn_host }, { variant: width < 1024 ? 'mobileHero' : 'desktopHero' });
  } catch {
    src = undefined;
  }
  if (!src) return null;
  return <Box component="img" src={src} alt={alt} loading="lazy" sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, objectFit: 'contain', bgcolor: 'grey.100', borderRadius: 1 }} />;
}

/** A linked record as a site would show it: its image (a crest, a photo) and its name. */
function LinkedRecord({ record, included, width }: { record: ResourceObject; included: Map<string, ResourceObject>; width: number }) {
  const name = nameOf(record);
  if (record.type === 'images') {
    const path = record.attributes.path as string | undefined;
    return path ? <PreviewImage path={path} width={width} alt={String(record.attributes.alt_text ?? record.attributes.name ?? '')} /> : <span>{name}</span>;
  }
  const imageRef = record.relationships?.image?.data;
  const image = imageRef && !Array.isArray(imageRef) ? included.get(`images:${imageRef.id}`) : undefined;
  const path = image?.attributes.path as string | undefined;
  return (
    <Stack direction="row" spacing={1} alignItems="center" component="span">
      {path && <Box component="span" sx={{ width: 40, flexShrink: 0 }}><PreviewImage path={path} width={320} alt="" /></Box>}
      <span>{name}</span>
    </Stack>
  );
}

const TEXT_FIELDS = ['title', 'name', 'subtitle', 'caption', 'quote', 'author', 'role', 'body', 'copyright', 'link_label'];

function PreviewComponent({ component, included, width }: { component: ResourceObject; included: Map<string, ResourceObject>; width: number }) {
  const translate = useTranslate();
  const kind = String(component.attributes.kind);
  const settings = (component.attributes.settings as Record<string, unknown> | null) ?? {};
  const title = plainText(settings.title ?? settings.name ?? '');
  const body = plainText(settings.body ?? settings.quote ?? '');
  const others = Object.entries(settings).filter(([n, v]) => !['title', 'name', 'body', 'quote'].includes(n) && v !== null && v !== '' && !(Array.isArray(v) && !v.length));
  const links = resolveLinks(component, included);
  return (
    <Box component="article" data-testid="preview-component" data-kind={kind} sx={{ borderTop: 1, borderColor: 'divider', py: 1.5 }}>
      <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
        {kindLabel(translate, kind)}
      </Typography>
      {title && (
        <Typography variant={width < 1024 ? 'h6' : 'h5'} component="h3">
          {title}
        </Typography>
      )}
      {body &&
        body.split(/\n{2,}/).map((p, i) => (
          <Typography key={i} variant="body1" component={kind === 'quotation' ? 'blockquote' : 'p'} sx={{ whiteSpace: 'pre-line', my: 0.5, fontStyle: kind === 'quotation' ? 'italic' : undefined }}>
            {p}
          </Typography>
        ))}
      {others.length > 0 && (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: width < 1024 ? '1fr' : 'max-content 1fr', columnGap: 2, m: 0, my: 0.5 }}>
          {others.map(([n, v]) => (
            <Box key={n} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                {fieldLabel(translate, n)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {Array.isArray(v)
                  ? v.map((x) => (typeof x === 'object' && x ? Object.values(x as Record<string, unknown>).map(String).join(' · ') : valueLabel(translate, String(x)))).join(', ')
                  : typeof v === 'boolean'
                    ? translate(v ? 'pageBuilder.yes' : 'pageBuilder.no')
                    : TEXT_FIELDS.includes(n) || typeof v !== 'string'
                      ? plainText(v) || String(v)
                      : valueLabel(translate, v)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {links.map(({ name, records }) => (
        <Box key={name} sx={{ my: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {fieldLabel(translate, name)}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {records.map((r) => (
              <li key={`${r.type}:${r.id}`} data-testid="preview-link">
                <LinkedRecord record={r} included={included} width={width} />
              </li>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The owner's document as a site would lay it out at a given width: its title, then each component in order. */
export function PreviewFrame({ doc, width, title }: { doc: JsonApiDocument; width: number; title: string }) {
  const translate = useTranslate();
  const { components, included } = previewComponents(doc);
  return (
    <Box
      component="section"
      aria-label={translate('pageBuilder.preview.frame', { width })}
      data-testid="preview-frame"
      data-width={width}
      sx={{ width, maxWidth: 'none', mx: 'auto', bgcolor: 'background.paper', color: 'text.primary', p: width < 1024 ? 1.5 : 3, boxShadow: 1, boxSizing: 'border-box' }}
    >
      <Typography variant={width < 1024 ? 'h5' : 'h4'} component="h2" gutterBottom>
        {title || String(doc.data.attributes.title ?? doc.data.attributes.name ?? '')}
      </Typography>
      {components.length === 0 ? (
        <Typography>{translate('pageBuilder.preview.empty')}</Typography>
      ) : (
        components.map((c) => <PreviewComponent key={c.id} component={c} included={included} width={width} />)
      )}
    </Box>
  );
}

/** The three widths of spec §9 as a toggle. */
export function WidthToggle({ width, onChange }: { width: number; onChange: (width: number) => void }) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup exclusive size="small" value={width} onChange={(_, w: number | null) => w && onChange(w)} aria-label={translate('pageBuilder.preview.width')}>
      {PREVIEW_WIDTHS.map((w) => (
        <ToggleButton key={w} value={w} aria-label={translate('pageBuilder.preview.widthValue', { width: w })}>
          {translate('pageBuilder.preview.widthValue', { width: w })}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
