import { Suspense, type ReactNode } from 'react';
import { Box, FormHelperText, FormLabel } from '@mui/material';
import { InputHelperText } from 'react-admin';

/**
 * A form field whose value is chosen in a dialog (an image, a library file): a group named by its
 * label, what is chosen (`children`), the field's error, and the dialog while it is open (its code
 * may still be loading).
 */
export function ChooserField({
  labelId,
  label,
  required,
  invalid,
  error,
  dialog,
  children,
}: {
  labelId: string;
  label: string;
  required?: boolean;
  invalid: boolean;
  error?: string;
  /** Rendered while open; false while closed. */
  dialog: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box role="group" aria-labelledby={labelId} sx={{ my: 1, width: '100%' }}>
      <FormLabel id={labelId} required={required} error={invalid} sx={{ display: 'block', mb: 0.5, fontSize: '0.85rem' }}>
        {label}
      </FormLabel>
      {children}
      {invalid && (
        <FormHelperText error>
          <InputHelperText error={error} />
        </FormHelperText>
      )}
      {dialog && <Suspense fallback={null}>{dialog}</Suspense>}
    </Box>
  );
}
