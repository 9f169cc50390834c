import { listQuery, savedSearchBody, toSavedSearch, type SavedSearchSettings } from '../../../machines/search/savedSearchesMachine';

const settings: SavedSearchSettings = {
  criteria: { filters: [{ prop: 'type', kind: 'ft', value: 'Letter' }] },
  searchString: 'river',
  itemTypeName: null,
  selectedFacets: { _: ['CommLog'] },
  sortBy: [{ key: 'created', order: 'desc' }],
  displayAs: 'CARDS',
  showFacets: true,
};

describe('saved searches data', () => {
  it('writes every setting into the item, leaving out a missing item type', () => {
    expect(savedSearchBody('Rivers', settings)).toEqual({
      name: 'Rivers',
      criteria: settings.criteria,
      searchString: 'river',
      selectedFacets: { _: ['CommLog'] },
      sortBy: [{ key: 'created', order: 'desc' }],
      displayAs: 'CARDS',
      showFacets: true,
    });
    expect(savedSearchBody('Letters', { ...settings, itemTypeName: 'CommLog' })).toMatchObject({ itemTypeName: 'CommLog' });
  });

  it('reads the item back into the same settings', () => {
    const item = { $id: 'SavedSearch-4', _t: 'SavedSearch', _u: 3, ...savedSearchBody('Rivers', settings) };
    expect(toSavedSearch(item)).toEqual({ id: 'SavedSearch-4', name: 'Rivers', u: 3, settings });
  });

  it('fills what an item leaves out with the defaults, and refuses what is not a saved search', () => {
    expect(
      toSavedSearch({
        $id: 'SavedSearch-1',
        _t: 'SavedSearch',
        _u: 0,
        name: 'Bare',
        displayAs: 'HOLOGRAM',
        selectedFacets: { x: 'not a list' },
      })?.settings,
    ).toEqual({
      criteria: {},
      searchString: '',
      itemTypeName: null,
      selectedFacets: {},
      sortBy: [],
      displayAs: 'LIST',
      showFacets: true,
    });
    expect(toSavedSearch({ $id: 'Contact-1', _t: 'Contact' })).toBeNull();
    expect(toSavedSearch(null)).toBeNull();
  });

  it("asks for the user's own saved searches by name", () => {
    expect(listQuery('User-7')).toEqual({
      must: [
        { prop: '', kind: '_', value: 'SavedSearch' },
        { prop: 'createdBy', kind: 'ft', value: 'User-7' },
      ],
      sort: [{ key: 'label', order: 'asc' }],
      max: 200,
    });
  });
});
