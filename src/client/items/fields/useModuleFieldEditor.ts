/** The edit component a module's screens give one property of the item form (`ModuleClient.fieldEditors`). */
import { useEffect, useState, type ComponentType } from 'react';
import { loadedScreens, loadScreens, moduleEditingField } from '../../modules/moduleRegistry';
import type { FieldEditProps } from './FieldKind';

/** What the form draws for a property a module may edit: nothing claims it, its screens are loading, or their editor. */
export type ModuleFieldEditor = { status: 'none' } | { status: 'loading' } | { status: 'ready'; Edit: ComponentType<FieldEditProps> };

const editorOf = (module: string, key: string): ModuleFieldEditor => {
  const screens = loadedScreens(module);
  if (!screens) return { status: 'loading' };
  const Edit = screens.fieldEditors?.[key];
  return Edit ? { status: 'ready', Edit } : { status: 'none' };
};

/**
 * The module editor of `typeName.name`: drawn at once when its module's screens are loaded, else
 * loaded now (the form shows "Loading…" meanwhile; a chunk that fails falls back to the kind's input).
 */
export function useModuleFieldEditor(typeName: string, name: string): ModuleFieldEditor {
  const module = moduleEditingField(typeName, name);
  const key = `${typeName}.${name}`;
  const [, setLoads] = useState(0);
  const [failed, setFailed] = useState(false);
  const editor: ModuleFieldEditor = !module || failed ? { status: 'none' } : editorOf(module, key);
  const waiting = editor.status === 'loading';
  useEffect(() => {
    if (!waiting || !module) return undefined;
    let live = true;
    loadScreens(module).then(
      () => live && setLoads((n) => n + 1),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [waiting, module]);
  return editor;
}
