import { Alert, AlertTitle, Box, Button, CssBaseline, Paper, ThemeProvider, Typography, createTheme as createMuiTheme } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { translate } from '../lib/i18n';
import { createTheme } from './theme';

/**
 * Start-up failures (spec §8) get a page, never a blank screen: the exact message (e.g.
 * 'Please provide value for UMPIRE base API url') and, where trying again can help, a retry.
 */
export function StartupErrorPage({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  return (
    <ThemeProvider theme={createMuiTheme(createTheme())}>
      <CssBaseline />
      <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
        <Paper sx={{ p: { xs: 3, sm: 4 }, maxWidth: 560, width: '100%' }} elevation={2}>
          <Typography variant="h1" sx={{ fontSize: '1.5rem', fontWeight: 600, mb: 2 }}>
            {translate('startup.title')}
          </Typography>
          <Alert severity="error" sx={{ mb: 2 }}>
            {onRetry && <AlertTitle>{translate('startup.configurationFailed')}</AlertTitle>}
            <span data-testid="startup-error-message">{error.message}</span>
          </Alert>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {translate('startup.contactSupport')}
          </Typography>
          <Button variant="contained" startIcon={<RefreshIcon />} onClick={onRetry ?? (() => window.location.reload())}>
            {translate(onRetry ? 'startup.retry' : 'startup.reload')}
          </Button>
        </Paper>
      </Box>
    </ThemeProvider>
  );
}
