/** admin.state: the server's version, uptime, open sockets, running tasks, database driver and size. */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import {
  selectResourceBusy,
  selectResourceData,
  selectResourceError,
  type ResourceActorRef,
} from '../../../machines/session/resourceMachine';
import { operations } from '../../shared/protocol/operations';
import { callOf } from '../../shared/protocol/operationCall';
import { useT } from '../i18n/useT';
import type { CellViewProps } from '../layout/CellViewProps';
import { Button } from '../shell/Button';
import { AdminError } from './AdminError';
import { useCellViewActor } from '../layout/useCellViewActor';
import { resourceMachine } from '../../../machines/session/resourceMachine';

/** Bytes in the units of spec 000 §9 (powers of 1000). */
function formatBytes(bytes: number): { value: number; unit: string } {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let i = 0;
  while (value >= 1000 && i < units.length - 1) {
    value /= 1000;
    i += 1;
  }
  return { value: Math.round(value * 10) / 10, unit: units[i]! };
}

const SERVER_STATE = callOf(operations.serverState, undefined);
const selectServerState = selectResourceData(SERVER_STATE);

function StateTable({ actor }: { actor: ResourceActorRef }) {
  const t = useT();
  const state = useSelector(actor, selectServerState);
  const error = useSelector(actor, selectResourceError);
  const loading = useSelector(actor, selectResourceBusy);
  const size = state ? formatBytes(state.databaseBytes) : null;
  const uptime = state?.uptimeSeconds ?? 0;
  const rows: [string, string][] = state
    ? [
        ['admin.state.version', state.version],
        [
          'admin.state.uptime',
          t('admin.state.uptimeValue', {
            days: Math.floor(uptime / 86400),
            hours: Math.floor((uptime % 86400) / 3600),
            minutes: Math.floor((uptime % 3600) / 60),
          }),
        ],
        ['admin.state.openSockets', String(state.openSockets)],
        ['admin.state.activeTasks', String(state.activeTasks)],
        ['admin.state.driver', t(`admin.state.driver.${state.driver}`)],
        ['admin.state.databaseSize', t('admin.state.bytes', { value: size!.value, unit: size!.unit })],
        ['admin.state.deployment', t(state.dedicated ? 'admin.state.dedicated' : 'admin.state.shared')],
      ]
    : [];
  return (
    <div className="flex flex-col gap-3 px-3 py-4">
      <div>
        <Button onClick={() => actor.send({ type: 'resource.reloadRequested' })} disabled={loading}>
          {t('admin.refresh')}
        </Button>
      </div>
      <AdminError error={error} />
      {loading && !state ? (
        <p role="status" className="text-muted">
          {t('app.loading')}
        </p>
      ) : state ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded border border-line bg-panel p-4 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-muted">{t(label)}</dt>
              <dd className="text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/** The server state screen (administrators; others see the server's refusal). */
export function ServerStateView({ cell, spec }: CellViewProps) {
  const t = useT();
  const actor = useCellViewActor(cell, 'state', resourceMachine, { load: SERVER_STATE });
  const title = t(`views.${spec.key}`);
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'dns' }), [cell, title]);
  return actor ? <StateTable actor={actor} /> : null;
}
