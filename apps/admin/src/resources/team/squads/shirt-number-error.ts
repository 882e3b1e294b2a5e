import { useTranslate } from 'react-admin';
import { fullName } from '../../../framework/records/people';
import { fieldErrorOf } from '../../../framework/ui/server-errors';
import { wearerOf, type SquadPlayerRecord } from '../../../framework/records/squad-members';

/** The message of a failed shirt-number change: a taken number names who wears it. */
export function useShirtNumberError() {
  const translate = useTranslate();
  return (error: unknown, number: number, members: readonly SquadPlayerRecord[], exceptId?: SquadPlayerRecord['id']): string | null => {
    const field = fieldErrorOf(error, 'shirt_number');
    if (!field) return null;
    if (field.key === 'unique') {
      const wearer = wearerOf(members, number, exceptId);
      return wearer?.player
        ? translate('squadEditor.shirtNumberTakenBy', { number, name: fullName(wearer.player) })
        : translate('squadEditor.shirtNumberTaken', { number });
    }
    return field.message;
  };
}

