/**
 * Previews of the images chosen for upload while they upload (issue 16): the browser's own copy of
 * the file (an object URL), by file name, before the server has a thumbnail. Each is revoked once no
 * upload of its name is left, and all of them when the field goes.
 */
import { useEffect, useRef } from 'react';

export interface LocalPreviews {
  /** Keeps a preview of each image among `files`. */
  add(files: readonly File[]): void;
  /** The preview of the upload named `name`, if it is an image. */
  of(name: string): string | undefined;
}

const canPreview = (): boolean => typeof URL.createObjectURL === 'function' && typeof URL.revokeObjectURL === 'function';

export function useLocalPreviews(uploading: readonly string[]): LocalPreviews {
  const urls = useRef(new Map<string, string>());
  const key = uploading.join('\n');
  useEffect(() => {
    const left = new Set(key.split('\n'));
    for (const [name, url] of urls.current) {
      if (!left.has(name)) {
        URL.revokeObjectURL(url);
        urls.current.delete(name);
      }
    }
  }, [key]);
  useEffect(() => {
    const held = urls.current;
    return () => {
      for (const url of held.values()) URL.revokeObjectURL(url);
      held.clear();
    };
  }, []);
  return {
    add(files) {
      if (!canPreview()) return;
      for (const file of files) {
        if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') continue;
        const old = urls.current.get(file.name);
        if (old) URL.revokeObjectURL(old);
        urls.current.set(file.name, URL.createObjectURL(file));
      }
    },
    of: (name) => urls.current.get(name),
  };
}
