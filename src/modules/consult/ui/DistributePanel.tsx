/**
 * Distribution on a consultation's read screen (spec 001 §2, issue 14): a responder or an
 * administrator chooses community organisations and distributes the consultation to them
 * (act/consultDistribute); each gets its response. Offered by the rule the server applies
 * (distribution.ts) and in the states it accepts; the server decides again.
 */
import { useSelector } from '@xstate/react';
import { useId, useMemo, useState } from 'react';
import { resourceMachine, selectResourceBusy, selectResourceData, selectResourceError } from '../../../../machines/session/resourceMachine';
import { selectUser } from '../../../../machines/session/authSelectors';
import { AdminError } from '../../../client/admin/AdminError';
import { useT } from '../../../client/i18n/useT';
import type { ItemPanelProps } from '../../../client/items/itemPanels';
import { useCellViewActor } from '../../../client/layout/useCellViewActor';
import { useActors } from '../../../client/session/useActors';
import { Button } from '../../../client/shell/Button';
import { callOf } from '../../../shared/protocol/operationCall';
import { operations } from '../../../shared/protocol/operations';
import { relIds } from '../consultRules';
import { DISTRIBUTABLE, distributes } from '../distribution';
import { consultOperations } from '../operations';

/** The community organisations the user may read, by name. */
const COMMUNITIES = callOf(operations.search, {
  must: { _: 'Organization', 'ft-type': 'COMMUNITY' },
  sort: [{ key: 'label', order: 'asc' }],
  labels: true,
  max: 500,
});
const selectCommunities = selectResourceData(COMMUNITIES);

export function DistributePanel({ item, cell }: ItemPanelProps) {
  const { auth } = useActors();
  const user = useSelector(auth, selectUser);
  const offered = !!user && distributes(user) && DISTRIBUTABLE.has(String(item.state)) && !item.$deleted;
  return offered ? <Distribute item={item} cell={cell} /> : null;
}

function Distribute({ item, cell }: Pick<ItemPanelProps, 'item' | 'cell'>) {
  const t = useT();
  const base = useId();
  const actor = useCellViewActor(cell, `consult-distribute:${item.$id}`, resourceMachine, { load: COMMUNITIES });
  const found = useSelector(actor ?? undefined, (s) => (s ? selectCommunities(s) : null));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectResourceError(s) : null));
  const busy = useSelector(actor ?? undefined, (s) => (s ? selectResourceBusy(s) : true));
  const already = useMemo(() => new Set(relIds(item.communities)), [item.communities]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setChosen((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const distribute = () => {
    if (!actor || chosen.size === 0) return;
    actor.send({
      type: 'resource.saveRequested',
      call: callOf(consultOperations.distribute, { consultationId: item.$id, communities: [...chosen] }),
    });
    setChosen(new Set());
  };
  const ids = found?.ids ?? [];
  return (
    <section
      aria-labelledby={`${base}-title`}
      className="mx-4 mb-4 flex flex-col gap-2 rounded border border-line p-3"
      data-testid="consult-distribute"
    >
      <h4 id={`${base}-title`} className="m-0 font-semibold">
        {t('consult.distribute.title')}
      </h4>
      <p className="m-0 text-sm text-muted">{t('consult.distribute.help')}</p>
      <AdminError error={error} />
      {found === null ? (
        <p role="status" className="text-sm text-muted">
          {t('app.loading')}
        </p>
      ) : ids.length === 0 ? (
        <p className="text-sm text-muted">{t('consult.distribute.noCommunities')}</p>
      ) : (
        <fieldset className="m-0 flex flex-col gap-1 border-0 p-0">
          <legend className="sr-only">{t('consult.distribute.communities')}</legend>
          {ids.map((id) => {
            const sent = already.has(id);
            return (
              <label key={id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-primary"
                  checked={sent || chosen.has(id)}
                  disabled={sent || busy}
                  onChange={() => toggle(id)}
                />
                <span>{found.labels[id] ?? ''}</span>
                {sent ? <span className="text-xs text-muted">{t('consult.distribute.sent')}</span> : null}
              </label>
            );
          })}
        </fieldset>
      )}
      <div>
        <Button disabled={busy || chosen.size === 0} onClick={distribute}>
          {t('consult.distribute.button', { count: chosen.size })}
        </Button>
      </div>
    </section>
  );
}
