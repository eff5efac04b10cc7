import type { UseFormRegisterReturn } from 'react-hook-form';
import { Send } from 'lucide-react';
import { MESSAGE_MAX } from '../../../../domain/constants';
import { Button } from '../../../components/ui/button';
import { CharacterCount } from '../../../components/ui/character-count';
import { DialogFooter } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';

// The first message of a conversation, as both ways of starting one ask for it (Contact Owner
// on a puzzle page, Send a message on a member's page): the message box with its count, then
// Cancel and Send Message.

export function FirstMessageField(props: { registration: UseFormRegisterReturn; length: number; error?: string }) {
  return (
    <Field label="Message" error={props.error} note={<CharacterCount length={props.length} max={MESSAGE_MAX} />}>
      <Textarea rows={6} maxLength={MESSAGE_MAX} required {...props.registration} />
    </Field>
  );
}

export function SendMessageFooter(props: { onCancel: () => void; disabled: boolean; sending: boolean }) {
  return (
    <DialogFooter>
      <Button variant="secondary" onClick={props.onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={props.disabled}>
        <Send aria-hidden="true" className="size-5" />
        {props.sending ? 'Sending…' : 'Send Message'}
      </Button>
    </DialogFooter>
  );
}
