import { useId, useState, type FocusEvent, type ReactNode, type Ref } from 'react';
import type { SxProps, Theme } from '@mui/material';
import { useThemeProps } from '@mui/material/styles';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { DesktopDateTimePicker } from '@mui/x-date-pickers/DesktopDateTimePicker';
import { DesktopTimePicker } from '@mui/x-date-pickers/DesktopTimePicker';
import { isValid } from 'date-fns';
import { fromPickerValue, leagueFormatOf, toPickerValue, type LeagueDateKind } from '../../lib/league-dates';
import DateLocalization from './date-localization';

export interface LeagueDateFieldProps {
  kind: LeagueDateKind;
  /** The stored value (see LeagueDateKind), '' or null for none. */
  value: unknown;
  /** The stored value of what is typed: null when the field is empty, `unfinished` while it is not a whole date. */
  onChange: (value: string | null) => void;
  /** What onChange gives while the typed value is not a whole date (a form's sentinel, or null as a native input gave ''). */
  unfinished?: string | null;
  label: ReactNode;
  id?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  size?: 'small' | 'medium';
  margin?: 'dense' | 'normal' | 'none';
  variant?: 'filled' | 'outlined' | 'standard';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  className?: string;
}

/** The key of a stored value, to tell one the field gave from one that came from outside. */
const keyOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

const NO_LOOK = {};

/**
 * A date, date-time or time field in the league's format (dd.MM.yyyy, dd.MM.yyyy HH:mm, HH:mm;
 * weeks from Monday), typed section by section from the keyboard, with a calendar (or clock)
 * behind a labelled button. It holds what is typed, so an unfinished date stays on screen while
 * the value says it is unfinished; a value changed from outside replaces it.
 */
export function LeagueDateField(props: LeagueDateFieldProps) {
  const { kind, value, onChange, unfinished = null, label, id, name, required, disabled, readOnly, error, helperText, onBlur, inputRef, fullWidth, sx, className } = props;
  // The pickers draw their own text field, which MUI's TextField defaults (react-admin's theme:
  // filled, small, dense) do not reach: a date beside a title looks like it unless told otherwise.
  const look = useThemeProps({ props: NO_LOOK, name: 'MuiTextField' }) as Pick<LeagueDateFieldProps, 'variant' | 'size' | 'margin'>;
  const variant = props.variant ?? look.variant;
  const size = props.size ?? look.size;
  const margin = props.margin ?? look.margin;
  // The field's id names its label (`<id>-label`, MUI's way), which names the calendar's dialog too.
  const ownId = useId();
  const fieldId = id ?? ownId;
  const [shown, setShown] = useState(() => ({ picked: toPickerValue(kind, value), key: keyOf(value) }));
  // A value from outside (a reset, another control, a record loaded): show it.
  if (keyOf(value) !== shown.key) setShown({ picked: toPickerValue(kind, value), key: keyOf(value) });

  const change = (picked: Date | null) => {
    const stored = picked === null ? null : isValid(picked) ? fromPickerValue(kind, picked) : unfinished;
    setShown({ picked, key: keyOf(stored) });
    onChange(stored);
  };

  // From an empty field, MUI's field gives no value until every section is typed: a date left
  // halfway would pass for no date. Leaving the field with digits typed and no date says so.
  const leave = (event: FocusEvent<HTMLElement>) => {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    // The sections as they read: placeholders are letters (DD.MM.YYYY), typed parts digits.
    const typed = event.currentTarget.textContent ?? '';
    if (shown.picked === null && /\d/.test(typed) && keyOf(unfinished) !== shown.key) {
      setShown({ picked: null, key: keyOf(unfinished) });
      onChange(unfinished);
    }
    onBlur?.();
  };

  const common = {
    value: shown.picked,
    onChange: change,
    format: leagueFormatOf(kind),
    label,
    disabled,
    readOnly,
    name,
    inputRef,
    className,
    sx,
    slotProps: {
      popper: { 'aria-labelledby': `${fieldId}-label` },
      textField: { id: fieldId, required, error, helperText, onBlur: leave, size, margin, variant, fullWidth },
    },
  };
  return (
    <DateLocalization>
      {kind === 'date' ? (
        <DesktopDatePicker {...common} />
      ) : kind === 'time' ? (
        <DesktopTimePicker {...common} ampm={false} />
      ) : (
        <DesktopDateTimePicker {...common} ampm={false} />
      )}
    </DateLocalization>
  );
}
