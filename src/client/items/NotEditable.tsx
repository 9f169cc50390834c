/**
 * An item's edit screen (`i-{id}-edit`) opened by someone `act/isAllowed` does not let change it: it says
 * so and leads back to the read screen, instead of a form whose Save would only be refused.
 */
import { useSelector } from '@xstate/react';
import { openAfter } from '../../../machines/router/formatLocation';
import type { CellSpec } from '../../../machines/router/parseLocation';
import type { RouterSnapshot } from '../../../machines/router/routerSelectors';
import { useT } from '../i18n/useT';
import { useActors } from '../session/useActors';
import { NOTICE_ACTION, NotAllowedNotice } from '../views/NotAllowedNotice';

const selectLocation = (s: RouterSnapshot) => s.context.location;

/** The notice in place of the edit form, with the way back to the record. */
export function NotEditable({ spec, typeName }: { spec: CellSpec; typeName: string }) {
  const t = useT();
  const { router } = useActors();
  const location = useSelector(router, selectLocation);
  return (
    <NotAllowedNotice heading={t('app.item.cannotEdit', { type: t(`types.${typeName}`) })} text={t('app.item.cannotEditText')}>
      <button
        type="button"
        className={NOTICE_ACTION}
        disabled={!location}
        onClick={() =>
          location &&
          router.send({ type: 'router.linkFollowed', href: openAfter(location, spec.index - 1, `i-${spec.itemId ?? ''}`), newTab: false })
        }
      >
        {t('app.item.backToRecord')}
      </button>
    </NotAllowedNotice>
  );
}
