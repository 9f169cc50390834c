/**
 * What `/i-Attachment-0` shows (issue 16): a file is not a thing a person creates on its own; it is
 * uploaded in the Files field of the item it belongs to. The server refuses `create/Attachment` too.
 */
import type { CellActorRef } from '../../../../machines/router/cellMachine';
import { useT } from '../../i18n/useT';
import { useActors } from '../../session/useActors';
import { NOTICE_ACTION } from '../../views/NotAllowedNotice';
import { AttKindIcon } from '../fields/AttKindIcon';

/** The type whose items only an upload makes. */
export const UPLOADED_TYPE = 'Attachment';

export function AddedOnItsItem({ cell }: { cell: CellActorRef }) {
  const t = useT();
  const { router } = useActors();
  return (
    <div className="mx-auto max-w-xl px-4 py-10 text-ink" data-testid="attachment-on-item">
      <AttKindIcon kind="OTHER" className="mb-3 h-12 w-12 text-muted" />
      <h3 className="mb-3 text-2xl font-semibold">{t('app.att.ownItem')}</h3>
      <p className="mb-6">{t('app.att.ownItemHow')}</p>
      <button
        type="button"
        className={NOTICE_ACTION}
        onClick={() => router.send({ type: 'router.closeRequested', key: cell.getSnapshot().context.spec.key })}
      >
        {t('app.item.goBack')}
      </button>
    </div>
  );
}
