/** The English messages of the spatial module's own screens (its chunk). */
export const spatialMessages: Readonly<Record<string, string>> = {
  'spatial.collections.empty': 'No active collections of places you may see yet. Start one with New collection.',
  'spatial.collections.new': 'New collection',
  'spatial.features.empty': 'No active places you may see yet. Add one with New place.',
  'spatial.features.new': 'New place',
  'spatial.data.empty': 'No GIS files yet. Files imported into a collection are listed here with the places read from each.',
};
