import { Box, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import ApiIcon from '@mui/icons-material/Api';
import BusinessIcon from '@mui/icons-material/Business';
import LogoutIcon from '@mui/icons-material/Logout';
import { AppBar, LoadingIndicator, TitlePortal, UserMenu, useGetIdentity, useLogout, useTranslate, useUserMenu } from 'react-admin';
import { LanguagePicker } from './language-picker';
import type { Identity } from '../../providers/auth-provider';
import { getRuntime } from '../../lib/configuration';

/** The top bar (issue 3): page title, client and user names, language picker, sign-out. */
export function TopBar() {
  return (
    <AppBar userMenu={<AccountMenu />} toolbar={<TopBarTools />}>
      <TitlePortal />
    </AppBar>
  );
}

function TopBarTools() {
  const translate = useTranslate();
  const { data: identity } = useGetIdentity();
  const clientName = (identity as Identity | undefined)?.clientName;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {clientName && (
        <Box
          sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 0.5, mr: 1 }}
          title={translate('shell.client')}
          data-testid="client-name"
        >
          <BusinessIcon fontSize="small" aria-hidden />
          <Typography variant="body2" component="span">
            {clientName}
          </Typography>
        </Box>
      )}
      <LanguagePicker />
      <LoadingIndicator />
    </Box>
  );
}

function AccountMenu() {
  const { data } = useGetIdentity();
  // The button shows the user's name, so that is its name too (WCAG 2.5.3, label in name);
  // react-admin would name it "Profile". Without a name it shows an icon named "Profile".
  const fullName = (data as Identity | undefined)?.fullName;
  return (
    <UserMenu label={fullName || 'ra.auth.user_menu'}>
      <AccountDetails />
      <ApiReferenceItem />
      <SignOutItem />
    </UserMenu>
  );
}

function AccountDetails() {
  const translate = useTranslate();
  const { data } = useGetIdentity();
  const identity = data as Identity | undefined;
  if (!identity) return null;
  return (
    <Box sx={{ px: 2, py: 1, maxWidth: 280 }} data-testid="account-details">
      <Typography variant="subtitle2">{translate('shell.signedInAs', { username: identity.fullName })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {identity.clientName}
      </Typography>
      {identity.roles.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          {translate('shell.roles', { roles: identity.roles.join(', ') })}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The interactive reference of the API the app reads (/api/docs beside its /api/v3): on the same
 * address it tries calls with this session's token.
 */
function ApiReferenceItem() {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  const href = new URL('/api/docs', new URL(getRuntime().urls.umpire, window.location.origin)).toString();
  return (
    <MenuItem component="a" href={href} target="_blank" rel="noopener" onClick={() => userMenu?.onClose()}>
      <ListItemIcon>
        <ApiIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('shell.apiReference')}</ListItemText>
    </MenuItem>
  );
}

function SignOutItem() {
  const translate = useTranslate();
  const logout = useLogout();
  const userMenu = useUserMenu();
  return (
    <MenuItem
      onClick={() => {
        userMenu?.onClose();
        void logout();
      }}
    >
      <ListItemIcon>
        <LogoutIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('shell.signOut')}</ListItemText>
    </MenuItem>
  );
}
