/**
 * What the core's screens need of every module's model before any of its screens load: its labels
 * and icons. Only the models are imported here (never a module's screens), so the formatter and the
 * icon set can use them without importing what uses them.
 */
import { modules } from '../../modules';

/** Every module's labels (types, properties, menu entries, views): bundled, as the core's messages are. */
export const moduleLabels: Readonly<Record<string, string>> = Object.assign({}, ...modules.map((m) => m.labels));

/** Every module's icons by name. */
export const moduleIcons: Readonly<Record<string, string>> = Object.assign({}, ...modules.map((m) => m.icons ?? {}));
