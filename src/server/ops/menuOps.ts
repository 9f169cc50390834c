import { modules } from '../../modules';
import { CORE_MENU } from '../../shared/modules/coreMenu';
import {
  asMenuSettings,
  MENU_SETTING,
  menuSettingsProblems,
  normalisedMenuSettings,
  type MenuSettings,
} from '../../shared/modules/menuSettings';
import { operations } from '../../shared/protocol/operations';
import { OpError } from '../OpError';
import { bindOperation } from './bindOperation';
import type { OpContext, OpRoute } from './OpContext';

/** Every entry the menu may list: the core's and every module's. */
const NAV_ITEMS = [CORE_MENU, ...modules.map((m) => m.menu)].flat();

/** The menu setting exists in dedicated deployments only; elsewhere the operations are unknown. */
function requireDedicated(ctx: OpContext): void {
  if (!ctx.services.config.dedicated) throw new OpError('unknownOperation', 'The menu is shaped in dedicated deployments only');
}

/** The menu setting of a dedicated deployment: read by anyone signed in, changed by administrators. */
export const menuOps: OpRoute[] = [
  bindOperation(operations.menuSettings, async (ctx): Promise<MenuSettings> => {
    requireDedicated(ctx);
    return asMenuSettings((await ctx.services.siteSettings.read(MENU_SETTING))?.value);
  }),
  // Replaces the whole setting; every open browser is pushed the new one (siteConfig).
  bindOperation(operations.setMenuSettings, async (ctx, _p, settings): Promise<MenuSettings> => {
    requireDedicated(ctx);
    if (!ctx.caller?.admin) throw new OpError('notAllowed', 'Only an administrator shapes the menu');
    const problems = menuSettingsProblems(settings, NAV_ITEMS);
    if (problems) throw new OpError('validationFailed', 'The menu setting names entries it cannot', problems);
    const stored = normalisedMenuSettings(settings);
    await ctx.services.siteSettings.write(MENU_SETTING, stored, ctx.caller.userId);
    return stored;
  }),
];
