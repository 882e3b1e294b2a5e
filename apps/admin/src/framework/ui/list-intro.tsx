import type { ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useCanAccess } from 'react-admin';

/** A button that adds a record through a dialog of its screen, shown only to those who may create one. */
export function CreateInDialogButton({ resource, label, onClick }: { resource: string; label: string; onClick: () => void }) {
  const { canAccess } = useCanAccess({ action: 'create', resource });
  if (!canAccess) return null;
  return (
    <Button size="small" startIcon={<AddIcon />} onClick={onClick}>
      {label}
    </Button>
  );
}

/** A list with no record yet: a picture, what its records are for, and the way to make the first. */
export function EmptyListIntro({ icon, title, text, action, testId }: { icon: ReactNode; title: string; text: string; action?: ReactNode; testId?: string }) {
  return (
    <Box sx={{ textAlign: 'center', py: 5, px: 2 }} data-testid={testId}>
      <Box sx={{ fontSize: 48, color: 'text.secondary', '& svg': { fontSize: 48 } }} aria-hidden>
        {icon}
      </Box>
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ mb: 2 }}>{text}</Typography>
      {action}
    </Box>
  );
}
