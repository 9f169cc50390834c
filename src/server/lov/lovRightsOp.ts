/** act/lovRights: which lists of values the caller may edit for an owner, so that the browser offers only those. */
import { operations } from '../../shared/protocol/operations';
import { bindOperation } from '../ops/bindOperation';
import type { OpRoute } from '../ops/OpContext';
import { editableLists, installedListRights } from '../policy/listRights';

/**
 * The answer is the policy's own (the LOVValue rules decide each create, update and delete the same
 * way): the browser is told, it never derives, and the server checks every change again anyway.
 */
export const lovRightsOp: OpRoute = bindOperation(operations.lovRights, async (ctx, _p, { owner }) =>
  editableLists(installedListRights(), ctx.caller, owner ?? null),
);
