import { useMemo } from 'react';
import { useThemeProps, type SxProps, type Theme } from '@mui/material/styles';
import { FieldTitle, InputHelperText, useInput, useTranslate, type InputProps, type Validator } from 'react-admin';
import { invalidMessageOf, UNFINISHED_DATE, type LeagueDateKind } from '../../lib/league-dates';
import { MATCH_TIME_ZONE } from '../../lib/locale';
import { LeagueDateField } from './league-date-field';

export interface LeagueDateInputProps extends Pick<InputProps, 'source' | 'label' | 'helperText' | 'validate' | 'defaultValue' | 'disabled' | 'readOnly' | 'resource' | 'id' | 'isRequired'> {
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  className?: string;
}

interface TextFieldLook {
  variant?: 'filled' | 'outlined' | 'standard';
  size?: 'small' | 'medium';
  margin?: 'dense' | 'normal' | 'none';
}
const NO_PROPS: TextFieldLook = {};

/** The validator every league date input adds: a date typed but not finished is not sent. */
function unfinishedValidator(kind: LeagueDateKind): Validator {
  return (value: unknown) => (value === UNFINISHED_DATE ? invalidMessageOf(kind) : undefined);
}

/** A react-admin input of one kind of date, holding what LeagueDateKind says. */
function LeagueInput({ kind, ...props }: LeagueDateInputProps & { kind: LeagueDateKind }) {
  const { source, label, helperText, validate, resource, sx, className, fullWidth } = props;
  // The look of the app's other inputs (react-admin's theme sets it for MUI's TextField).
  const look: TextFieldLook = useThemeProps({ props: NO_PROPS, name: 'MuiTextField' });
  const validators = useMemo(() => [unfinishedValidator(kind), ...(Array.isArray(validate) ? validate : validate ? [validate] : [])], [kind, validate]);
  const { field, fieldState, id, isRequired } = useInput({
    source,
    resource,
    defaultValue: props.defaultValue,
    disabled: props.disabled,
    readOnly: props.readOnly,
    id: props.id,
    isRequired: props.isRequired,
    validate: validators,
    // The value is stored as the field gives it; the field reads it as it is stored.
    format: (v: unknown) => v,
    parse: (v: unknown) => v,
  });
  const { error, invalid } = fieldState;
  return (
    <LeagueDateField
      kind={kind}
      value={field.value as unknown}
      onChange={field.onChange}
      unfinished={UNFINISHED_DATE}
      onBlur={field.onBlur}
      inputRef={field.ref}
      name={field.name}
      id={id}
      label={label === false ? undefined : <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />}
      disabled={field.disabled}
      readOnly={props.readOnly}
      error={invalid}
      helperText={helperText !== false || invalid ? <InputHelperText error={error?.message} helperText={helperText} /> : undefined}
      variant={look.variant}
      size={look.size ?? 'small'}
      margin={look.margin ?? 'dense'}
      fullWidth={fullWidth}
      sx={sx}
      className={className}
    />
  );
}

/** A calendar day (stored `yyyy-MM-dd`), typed as dd.MM.yyyy. */
export function LeagueDateInput(props: LeagueDateInputProps) {
  return <LeagueInput kind="date" {...props} />;
}

/** An instant (stored as ISO 8601 in UTC), typed as dd.MM.yyyy HH:mm on the browser's clock. */
export function LeagueDateTimeInput(props: LeagueDateInputProps) {
  return <LeagueInput kind="datetime" {...props} />;
}

/** A kick-off typed on the league's clock (Europe/Warsaw), as the match header shows it; stored as an ISO instant. */
export function LeagueMatchDateTimeInput(props: LeagueDateInputProps) {
  const translate = useTranslate();
  return <LeagueInput kind="match" {...props} helperText={props.helperText ?? translate('form.matchTimeHint', { zone: MATCH_TIME_ZONE })} />;
}
