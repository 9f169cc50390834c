/** KMZ, KML as Google Earth shares it: a zip whose doc.kml (or first .kml) is the document, its other files (icons, overlays) left aside. */
import { hasZipDirectory } from './readShapefile';

/** The KML text a zip holds, or null when it holds a shapefile, no .kml, or is no zip that can be read. */
export async function kmlOfZip(bytes: Uint8Array): Promise<string | null> {
  // The unzipper searches for ever a zip without its directory (readShapefile.ts).
  if (!hasZipDirectory(bytes)) return null;
  const { iter } = await import('but-unzip');
  try {
    const entries = [...iter(bytes)];
    if (entries.some((e) => /\.shp$/i.test(e.filename))) return null;
    const doc = entries.find((e) => e.filename === 'doc.kml') ?? entries.find((e) => /\.kml$/i.test(e.filename));
    return doc ? new TextDecoder('utf-8').decode(await doc.read()) : null;
  } catch {
    return null;
  }
}
