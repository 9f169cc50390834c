import { modules } from '../modules';
import { itemTypes } from './itemTypes';
import { lazy } from './lazy';
import { stateChartTable, type StateChartDef } from './items/stateCharts';

/**
 * Every module's state charts by type name (docs/modules.md "States only the server changes"),
 * checked against the types when first asked for: the server asks at start, so a faulty chart stops it.
 */
export const itemStateCharts: () => ReadonlyMap<string, StateChartDef> = lazy(() =>
  stateChartTable(
    modules.flatMap((m) => m.stateCharts ?? []),
    (name) => itemTypes.get(name),
  ),
);
