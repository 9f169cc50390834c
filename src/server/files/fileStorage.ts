import { join } from 'node:path';

/** Where files live under DATA_DIR. */
export interface FileStorage {
  /** Uploaded files, named by their upload id (the tus FileStore's folder). */
  files: string;
  /** Image variants made from them, kept until the file goes. */
  variants: string;
}

/** The file folders of a server whose data directory is `dataDir`. */
export function fileStorage(dataDir: string): FileStorage {
  return { files: join(dataDir, 'uploads', 'files'), variants: join(dataDir, 'uploads', 'variants') };
}
