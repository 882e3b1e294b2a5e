import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatDateTime } from '../../lib/locale';

export interface DateTimeFieldProps {
  source: string;
  /** Read by the list's header and by Labeled, as for react-admin's fields. */
  label?: string;
  sortable?: boolean;
  emptyText?: string;
}

/**
 * An instant of the record in context in the league's format (`29.11.2026, 18:30`, on the
 * browser's clock), like the generic screens' date-times. react-admin's DateField writes the
 * browser's way instead: `11/29/2026, 6:30:00 PM` in English, beside `29.11.2026` in the form.
 */
export function DateTimeField({ source, emptyText }: DateTimeFieldProps) {
  const value: unknown = useRecordContext()?.[source];
  const empty = value === null || value === undefined || value === '';
  if (empty && !emptyText) return null;
  return (
    <Typography component="span" variant="body2">
      {empty ? emptyText : <time dateTime={String(value)}>{formatDateTime(value as string)}</time>}
    </Typography>
  );
}
