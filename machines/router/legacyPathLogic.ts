/** Asks the server which item an old (CKK1) path now is: `act/getLegacyPath` with `{alias}` answers `{itemId}`. */
import { fromPromise } from 'xstate';
import { isValidId } from '../../src/shared/ids';
import { request } from '../session/request';
import { ClientError } from '../session/sessionErrors';
import { getConnection } from '../systemIds';

export const LEGACY_PATH_OPERATION = 'act/getLegacyPath';

/** Resolves to the item id; rejects when there is no connection, the server refuses, or the answer has no id. */
export const legacyPathLogic = fromPromise<string, { alias: string }>(async ({ input, system }) => {
  const connection = getConnection(system);
  if (!connection) throw new ClientError('errors.networkError');
  const reply = await request(connection, { o: LEGACY_PATH_OPERATION, b: { alias: input.alias } });
  const itemId = (reply.b as { itemId?: unknown } | undefined)?.itemId;
  if (!isValidId(itemId)) throw new ClientError('errors.emptyResponse', LEGACY_PATH_OPERATION);
  return itemId;
});
