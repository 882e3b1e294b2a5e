import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { ListButton, Title, TopToolbar, useGetList, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { PUBLICATION_STATUSES, sameJson, Validators, type RichTextDocument } from '@umpire/schema';
import { translationBadge } from '../../lib/translation-cache';
import { HttpFailure } from '../../providers/http-client';
import { errorMessage } from '../../providers/data-provider';
import { imagePicker, type PickedImage } from '../../framework/generic/image-picker-slot';
import { ImageThumbnail } from '../../framework/generic/image-thumbnail';
import { UnsavedGuard } from '../../framework/generic/unsaved-guard';
import { LeagueDateField } from '../../framework/dates/league-date-field';
import { articlesApi, isStale, LOCALES, type ArticleTranslation, type Locale } from './api';
import { formatTime } from '../../lib/locale';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** `2026-05-01T08:00:00Z` → the draft's wall clock `yyyy-MM-ddTHH:mm` (local time: date and hour). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const fromLocalInput = (value: string): string | null => (value ? new Date(value).toISOString() : null);

type FieldErrors = Record<string, string>;

function fieldErrors(error: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!(error instanceof HttpFailure)) return out;
  for (const e of error.errors) {
    const field = /^\/data\/(?:attributes|relationships)\/([^/]+)/.exec(e.source?.pointer ?? '')?.[1];
    if (field && !(field in out)) out[field] = errorMessage(e);
  }
  return out;
}

function useArticle(id: string) {
  const api = articlesApi();
  useSyncExternalStore(api.cache.subscribe, api.cache.getVersion);
  const [loaded, setLoaded] = useState<Partial<Record<Locale, ArticleTranslation>>>({});
  const [failed, setFailed] = useState<unknown>(null);
  const load = useCallback(() => {
    Promise.all(LOCALES.map((l) => api.load(id, l)))
      .then((list) => setLoaded(Object.fromEntries(list.map((t, i) => [LOCALES[i], t]))))
      .catch(setFailed);
  }, [api, id]);
  useEffect(load, [load]);
  const reload = () => {
    setFailed(null);
    api.cache.forget(id);
    setLoaded({});
    load();
  };
  // The cached translation when there is one (it follows every save); else what was loaded (an empty locale).
  const translation = (locale: Locale) => api.cache.get(id, locale) ?? loaded[locale];
  const latest = api.cache.list(id)[0] ?? loaded[LOCALES[0]];
  return { api, translation, latest, ready: Object.keys(loaded).length === LOCALES.length, failed, reload };
}

type MarkDirty = (part: string, dirty: boolean) => void;

/**
 * Tells the page whether a part's values differ from those it was opened with, compared as data
 * (a body read back from PostgreSQL has its keys in another order, and is no change). A part that
 * goes away (saved, so drawn anew) has nothing unsaved.
 */
function useDirtyPart(part: string, current: unknown, markDirty: MarkDirty) {
  const [initial] = useState(current);
  const dirty = !sameJson(current, initial);
  useEffect(() => markDirty(part, dirty), [part, dirty, markDirty]);
  useEffect(() => () => markDirty(part, false), [part, markDirty]);
}

/**
 * An article: what all languages share (status, main image, category, venue, tags) and, side by
 * side, its Polish and English text with their publication windows. A badge marks a missing
 * translation or one older than the other language's last change.
 */
export default function ArticleEdit() {
  const { id = '' } = useParams<{ id: string }>();
  const translate = useTranslate();
  const { api, translation, latest, ready, failed, reload } = useArticle(id);
  const [stale, setStale] = useState(false);
  const onStale = () => setStale(true);
  const [dirtyParts, setDirtyParts] = useState<Record<string, boolean>>({});
  const markDirty = useCallback<MarkDirty>((part, dirty) => setDirtyParts((d) => (!!d[part] === dirty ? d : { ...d, [part]: dirty })), []);
  if (failed) return <Alert severity="error">{failed instanceof Error ? failed.message : String(failed)}</Alert>;
  if (!ready || !latest) return <CircularProgress aria-label={translate('articlesPage.loading')} />;
  return (
    <Box sx={{ p: 2 }}>
      <Title title={`${translate('resources.articles.name', { smart_count: 1 })}: ${translation('pl')?.title ?? translation('en')?.title ?? id}`} />
      <UnsavedGuard dirty={Object.values(dirtyParts).some(Boolean)} />
      <TopToolbar>
        <ListButton resource="articles" />
      </TopToolbar>
      {stale && (
        <Alert
          severity="warning"
          role="alert"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={() => (setStale(false), reload())}>
              {translate('articlesPage.reload')}
            </Button>
          }
        >
          {translate('articlesPage.stale')}
        </Alert>
      )}
      <SharedFields key={latest.updated_at} article={latest} onStale={onStale} markDirty={markDirty} save={(data) => api.saveShared(id, data, latest.updated_at)} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mt: 2 }}>
        {LOCALES.map((locale) => (
          <TranslationColumn
            key={`${locale}:${translation(locale)?.translations_updated_at?.[locale] ?? 'new'}`}
            id={id}
            locale={locale}
            translation={translation(locale)}
            record={latest}
            onStale={onStale}
            markDirty={markDirty}
          />
        ))}
      </Box>
    </Box>
  );
}

interface Named {
  id: string;
  name: string;
}

interface SharedData {
  status: string;
  image_id: string | null;
  publication_category_id: string | null;
  venue_id: string | null;
  tags_ids: string[];
}

function SharedFields({ article, save, onStale, markDirty }: { article: ArticleTranslation; save: (d: SharedData) => Promise<unknown>; onStale: () => void; markDirty: MarkDirty }) {
  const translate = useTranslate();
  const [data, setData] = useState<SharedData>({
    status: article.status,
    image_id: article.image_id,
    publication_category_id: article.publication_category_id,
    venue_id: article.venue_id,
    tags_ids: article.tags_ids,
  });
  useDirtyPart('shared', data, markDirty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const categories = useGetList<Named>('publication_categories', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  const venues = useGetList<Named>('venues', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  const tags = useGetList<Named>('tags', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  const image = useGetList<{ id: string; path: string }>('images', { filter: { id: data.image_id ?? '' }, pagination: { page: 1, perPage: 1 } }, { enabled: !!data.image_id && !picked });
  const imagePath = picked?.id === data.image_id ? picked.path : image.data?.[0]?.path;
  const [Picker] = useState(() => imagePicker());
  const field = (name: string) => ({ error: !!errors[name], helperText: errors[name] ?? ' ' });
  const submit = () =>
    save(data)
      .then(() => setErrors({}))
      .catch((e) => (isStale(e) ? onStale() : setErrors(fieldErrors(e))));
  return (
    <Card component="section" aria-labelledby="article-shared">
      <CardContent>
        <Typography id="article-shared" variant="h6" component="h2" gutterBottom>
          {translate('articlesPage.shared')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <TextField select id="article-status" label={translate('resources.articles.fields.status')} value={data.status} onChange={(e) => setData({ ...data, status: e.target.value })} {...field('status')}>
            {PUBLICATION_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {translate(`resources.articles.choices.status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            id="article-category"
            options={categories.data ?? []}
            getOptionLabel={(o) => String(o.name)}
            value={(categories.data ?? []).find((c) => String(c.id) === data.publication_category_id) ?? null}
            onChange={(_, v) => setData({ ...data, publication_category_id: v ? String(v.id) : null })}
            renderInput={(p) => <TextField {...p} label={translate('resources.articles.fields.publication_category')} {...field('publication_category')} />}
          />
          <Autocomplete
            id="article-venue"
            options={venues.data ?? []}
            getOptionLabel={(o) => String(o.name)}
            value={(venues.data ?? []).find((c) => String(c.id) === data.venue_id) ?? null}
            onChange={(_, v) => setData({ ...data, venue_id: v ? String(v.id) : null })}
            renderInput={(p) => <TextField {...p} label={translate('resources.articles.fields.venue')} {...field('venue')} />}
          />
          <Autocomplete
            id="article-tags"
            multiple
            options={tags.data ?? []}
            getOptionLabel={(o) => String(o.name)}
            value={(tags.data ?? []).filter((t) => data.tags_ids.includes(String(t.id)))}
            onChange={(_, v) => setData({ ...data, tags_ids: v.map((t) => String(t.id)) })}
            renderInput={(p) => <TextField {...p} label={translate('resources.articles.fields.tags')} {...field('tags')} />}
          />
          <Stack direction="row" spacing={2} alignItems="center">
            {imagePath && <ImageThumbnail path={imagePath} size={64} alt={translate('resources.articles.fields.image')} />}
            <Typography variant="body2">{translate('resources.articles.fields.image')}</Typography>
            {Picker && <Button onClick={() => setPicking(true)}>{translate('image.choose')}</Button>}
            {data.image_id && <Button onClick={() => setData({ ...data, image_id: null })}>{translate('image.remove')}</Button>}
            {errors.image && <Typography color="error">{errors.image}</Typography>}
          </Stack>
        </Box>
        {Picker && picking && (
          <Picker
            open
            label={translate('resources.articles.fields.image')}
            onClose={() => setPicking(false)}
            onPicked={(img) => {
              setPicked(img);
              setData({ ...data, image_id: img.id });
              setPicking(false);
            }}
          />
        )}
        <Button variant="contained" sx={{ mt: 1 }} onClick={() => void submit()}>
          {translate('articlesPage.saveShared')}
        </Button>
      </CardContent>
    </Card>
  );
}

interface Draft {
  title: string;
  lead: string;
  slug: string;
  body: RichTextDocument | null;
  publish_from: string;
  publish_until: string;
}

function TranslationColumn({
  id,
  locale,
  translation,
  record,
  onStale,
  markDirty,
}: {
  id: string;
  locale: Locale;
  translation: ArticleTranslation | undefined;
  record: ArticleTranslation;
  onStale: () => void;
  markDirty: MarkDirty;
}) {
  const translate = useTranslate();
  const api = articlesApi();
  const exists = !!translation && translation.available_translations.includes(locale) && translation.locale === locale;
  const [draft, setDraft] = useState<Draft>(() => ({
    title: exists ? (translation.title ?? '') : '',
    lead: exists ? (translation.lead ?? '') : '',
    slug: exists ? (translation.slug ?? '') : '',
    body: exists ? translation.body : null,
    publish_from: exists ? toLocalInput(translation.publish_from) : '',
    publish_until: exists ? toLocalInput(translation.publish_until) : '',
  }));
  useDirtyPart(locale, draft, markDirty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<{ url: string; expires_at: string } | null>(null);
  const badge = translationBadge(record, locale);
  const language = translate(`languages.${locale}`);
  const prefix = `article-${locale}`;
  const field = (name: keyof Draft) => ({ id: `${prefix}-${name}`, error: !!errors[name], helperText: errors[name] ?? ' ' });

  const save = async () => {
    // Spec §5: a publication date needs its hour.
    const local: FieldErrors = {};
    for (const name of ['publish_from', 'publish_until'] as const) {
      const failure = Validators.publicationDate()(draft[name]);
      if (failure) local[name] = translate(`validation.${failure.key}`);
    }
    if (Object.keys(local).length) return setErrors(local);
    try {
      await api.saveTranslation(
        id,
        locale,
        {
          title: draft.title,
          lead: draft.lead || null,
          slug: draft.slug || null,
          ...(draft.body ? { body: draft.body } : {}),
          publish_from: fromLocalInput(draft.publish_from),
          publish_until: fromLocalInput(draft.publish_until),
        },
        record.updated_at,
      );
      setErrors({});
    } catch (e) {
      if (isStale(e)) onStale();
      else setErrors(fieldErrors(e));
    }
  };
  const remove = async () => {
    if (!window.confirm(translate('articlesPage.deleteConfirm', { language }))) return;
    await api.deleteTranslation(id, locale).catch(() => undefined);
  };
  return (
    <Card component="section" aria-labelledby={`${prefix}-heading`} data-locale={locale}>
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <Typography id={`${prefix}-heading`} variant="h6" component="h2">
            {language}
          </Typography>
          {badge && <Chip size="small" color={badge === 'missing' ? 'default' : 'warning'} label={translate(`articlesPage.badge.${badge}`)} title={badge === 'outdated' ? translate('articlesPage.outdatedHelp') : undefined} data-testid={`badge-${locale}`} />}
          {exists && <Chip size="small" variant="outlined" color={translation.visible ? 'success' : 'default'} label={translate(`articlesPage.badge.${translation.visible ? 'visible' : 'hidden'}`)} />}
        </Stack>
        <Stack spacing={1}>
          <TextField label={translate('resources.articles.fields.title')} required value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} {...field('title')} />
          <TextField label={translate('resources.articles.fields.lead')} multiline minRows={2} value={draft.lead} onChange={(e) => setDraft({ ...draft, lead: e.target.value })} {...field('lead')} />
          <TextField label={translate('resources.articles.fields.slug')} value={draft.slug} onChange={(e) => setDraft({ ...draft, slug: e.target.value })} {...field('slug')} />
          <Typography component="label" htmlFor={`${prefix}-body`} variant="body2">
            {translate('resources.articles.fields.body')}
          </Typography>
          <Suspense fallback={<CircularProgress size={24} aria-label={translate('richText.loading')} />}>
            <RichTextEditor id={`${prefix}-body`} articleId={id} label={`${translate('resources.articles.fields.body')} (${language})`} value={draft.body} onChange={(body) => setDraft((d) => ({ ...d, body }))} />
          </Suspense>
          {errors.body && <Typography color="error" role="alert">{errors.body}</Typography>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <LeagueDateField kind="local" label={translate('resources.articles.fields.publish_from')} value={draft.publish_from} onChange={(v) => setDraft({ ...draft, publish_from: v ?? '' })} {...field('publish_from')} helperText={errors.publish_from ?? translate('articlesPage.windowHelp')} />
            <LeagueDateField kind="local" label={translate('resources.articles.fields.publish_until')} value={draft.publish_until} onChange={(v) => setDraft({ ...draft, publish_until: v ?? '' })} {...field('publish_until')} helperText={errors.publish_until ?? translate('articlesPage.windowHelp')} />
          </Stack>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => void save()}>
            {translate('articlesPage.saveTranslation', { language })}
          </Button>
          {exists && (
            <Button color="error" onClick={() => void remove()}>
              {translate('articlesPage.deleteTranslation', { language })}
            </Button>
          )}
          {exists && (
            <Button onClick={() => void api.previewLink(id, locale).then(setPreview).catch(() => undefined)}>{translate('articlesPage.preview')}</Button>
          )}
        </Stack>
        {preview && (
          <Alert severity="info" sx={{ mt: 1, wordBreak: 'break-all' }}>
            {translate('articlesPage.previewReady', { time: formatTime(preview.expires_at) })}{' '}
            <a href={preview.url} target="_blank" rel="noreferrer">
              {preview.url}
            </a>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
