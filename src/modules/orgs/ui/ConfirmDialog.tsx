/** A question the user answers before a change that is hard to take back (block, resend an invitation). */
import { Button } from '../../../client/shell/Button';
import { Modal } from '../../../client/shell/Modal';
import { useT } from '../../../client/i18n/useT';

interface Props {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Cancel or confirm; Esc and a click outside cancel. */
export function ConfirmDialog({ open, title, text, confirm, onConfirm, onCancel }: Props) {
  const t = useT();
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      maxWidth={480}
      actions={
        <>
          <Button variant="plain" onClick={onCancel}>
            {t('app.cancel')}
          </Button>
          <Button onClick={onConfirm}>{confirm}</Button>
        </>
      }
    >
      <p>{text}</p>
    </Modal>
  );
}
