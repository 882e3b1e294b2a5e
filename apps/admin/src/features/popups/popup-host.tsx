import { useSyncExternalStore } from 'react';
import { Alert, AlertTitle, Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { popups, type Popup } from '../../lib/popups';
import { hasTranslation } from '../../lib/i18n';

const subscribe = (listener: () => void) => popups.subscribe(listener);
const snapshot = () => popups.current();

/** Shows the pop-ups of spec §8 (HTTP client and frame notifications alike). */
export function PopupHost() {
  const list = useSyncExternalStore(subscribe, snapshot, snapshot);
  const translate = useTranslate();
  return (
    <Box
      aria-label={translate('popupsRegion')}
      role="region"
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        bottom: 16,
        right: { xs: 8, sm: 16 },
        left: { xs: 8, sm: 'auto' },
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        maxWidth: { sm: 440 },
        pointerEvents: list.length ? 'auto' : 'none',
      }}
    >
      {list.map((popup) => (
        <PopupAlert key={popup.id} popup={popup} />
      ))}
    </Box>
  );
}

function PopupAlert({ popup }: { popup: Popup }) {
  const translate = useTranslate();
  // Spec §8: an unknown meta key falls back to the generic title.
  const titleKey = popup.severity === 'error' && !hasTranslation(popup.titleKey) && popup.titleKey.startsWith('apiErrors.') ? 'apiErrors.somethingWentWrong' : popup.titleKey;
  const title = translate(titleKey, { _: titleKey, ...popup.titleParams });
  const text = popup.text ?? (popup.textKey ? translate(popup.textKey, popup.textParams ?? {}) : undefined);
  return (
    <Alert
      severity={popup.severity}
      variant="filled"
      role={popup.severity === 'error' ? 'alert' : 'status'}
      onClose={() => popups.close(popup.id)}
      slotProps={{ closeButton: { 'aria-label': translate('popups.close'), title: translate('popups.close') } }}
      data-testid={`popup-${popup.severity}`}
      sx={{ boxShadow: 3 }}
    >
      {text ? <AlertTitle sx={{ mb: 0.5 }}>{title}</AlertTitle> : title}
      {text}
    </Alert>
  );
}
