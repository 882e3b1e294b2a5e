import { Box, Stack, Typography } from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { useTranslate } from 'react-admin';
import type { TemplateLanguage } from './templates';

/**
 * A notification as a phone shows it on its lock screen: the app's mark and name, "now", the
 * title in bold and the text below. Only a look-alike: what the fan's phone shows varies.
 */
export function PhonePreview({ lang, title, body }: { lang: TemplateLanguage; title: string; body: string }) {
  const translate = useTranslate();
  const captionId = `alert-preview-${lang}-caption`;
  return (
    <Box component="figure" aria-labelledby={captionId} sx={{ m: 0 }} data-testid={`alert-preview-${lang}`}>
      <Typography id={captionId} component="figcaption" variant="subtitle2" sx={{ mb: 0.5 }}>
        {translate('matchAlerts.preview.in', { language: translate(`languages.${lang}`) })}
      </Typography>
      {/* The phone's screen: dark, as a lock screen at night, with the notification on it. */}
      <Box sx={{ bgcolor: '#1b2430', borderRadius: 4, p: 1.5, maxWidth: 380 }}>
        <Box lang={lang} sx={{ bgcolor: '#f4f5f7', color: '#111', borderRadius: 3, px: 1.5, py: 1.25, boxShadow: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <Box aria-hidden sx={{ width: 20, height: 20, borderRadius: 1, bgcolor: '#0b3d91', color: '#fff', display: 'grid', placeItems: 'center' }}>
              <NotificationsActiveIcon sx={{ fontSize: 14 }} />
            </Box>
            <Typography variant="caption" sx={{ flex: 1, color: '#333', textTransform: 'uppercase', letterSpacing: 0.4 }}>
              {translate('matchAlerts.preview.app')}
            </Typography>
            <Typography variant="caption" sx={{ color: '#333' }}>
              {translate('matchAlerts.preview.now')}
            </Typography>
          </Stack>
          <Typography data-testid={`alert-preview-${lang}-title`} sx={{ fontWeight: 700, fontSize: '0.95rem', overflowWrap: 'anywhere', minHeight: '1.4em' }}>
            {title}
          </Typography>
          <Typography data-testid={`alert-preview-${lang}-body`} variant="body2" sx={{ color: '#222', overflowWrap: 'anywhere', minHeight: '1.3em' }}>
            {body}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
