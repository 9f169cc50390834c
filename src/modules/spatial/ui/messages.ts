/** The English messages of the spatial module's own screens (its chunk). */
export const spatialMessages: Readonly<Record<string, string>> = {
  'spatial.collections.empty': 'No active collections of places you may see yet. Start one with New collection.',
  'spatial.collections.new': 'New collection',
  'spatial.features.empty': 'No active places you may see yet. Add one with New place.',
  'spatial.features.new': 'New place',
  'spatial.data.empty': 'No GIS files yet. Files imported into a collection are listed here with the places read from each.',
  'spatial.map.label': '{count, plural, =0 {Map without places} one {Map of one place} other {Map of # places}}',
  'spatial.map.layer': 'Places',
  'spatial.map.empty': 'No active places you may see yet.',
  'spatial.places.title': 'On the map',
  'spatial.places.empty': 'No places here yet.',
};
