import type { AnyMachineSnapshot } from 'xstate';
import { routerMachine, type RouterContext } from '../../../machines/router/routerMachine';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

// The location shown, the one being applied, the columns, the focus and the close round are what the
// guards read; the effects and the cell actors' own state are left out.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const context = snapshot.context as RouterContext;
  return [
    JSON.stringify(snapshot.value),
    `signedIn:${String(context.signedIn)}`,
    `at:${context.location ? `${context.location.path}?${context.location.search}` : '-'}`,
    `pending:${context.pending ? `${context.pending.path}?${context.pending.search}` : '-'}`,
    `cells:${context.cells.map((cell) => cell.spec.key).join(',')}`,
    `active:${context.activeKey ?? '-'}`,
    `closing:${context.closing ? `${context.closing.ids.join(',')}=${JSON.stringify(context.closing.answers)}>${context.closing.then ?? 'apply'}` : '-'}`,
  ].join('|');
};

const effects = () => ({ navigate: () => undefined, openTab: () => undefined });

describe('routerMachine model (location, access, legacy paths, focus and close gates)', () => {
  it('replays a path through every state and every transition', () => {
    const report = exploreModel({
      name: 'router',
      machine: routerMachine,
      variants: [
        { name: 'migrated', input: () => ({ effects: effects(), migratedFromCKK1: true }) },
        { name: 'not migrated', input: () => ({ effects: effects(), migratedFromCKK1: false }) },
      ],
      events: [
        { type: 'router.locationChanged', path: '/search/i-Contact-1', search: 'c0=x' },
        { type: 'router.locationChanged', path: '/search', search: 'c0=x' },
        { type: 'router.locationChanged', path: '/home', search: '' },
        { type: 'router.locationChanged', path: '/user/login', search: '' },
        { type: 'router.locationChanged', path: '/node/1234', search: '' },
        { type: 'router.locationChanged', path: '/sign-out', search: '' },
        { type: 'router.locationChanged', path: '/fr/search', search: 'c0=x' },
        { type: 'router.locationChanged', path: '/search/i-Contact-1-2-3-4', search: 'c0=x' },
        { type: 'session.authChanged', signedIn: true },
        { type: 'session.authChanged', signedIn: false },
        { type: 'session.authChanged', signedIn: null },
        { type: 'session.itemDeleted', id: 'Contact-1' },
        { type: 'router.focusRequested', key: 'v-search' },
        { type: 'router.closeRequested', key: 'i-Contact-1' },
        { type: 'cell.closeAnswered', key: 'i-Contact-1', index: 1, ok: true },
        { type: 'cell.closeAnswered', key: 'i-Contact-1', index: 1, ok: false },
        { type: 'router.opened', fromKey: 'v-search', segment: 'i-Contact-2' },
        { type: 'router.paramSet', key: 'v-search', param: '2-4' },
        { type: 'router.columnParamsSet', key: 'v-search', params: [['sort', '-created']] },
        { type: 'router.linkFollowed', href: '/i-Contact-2?ci-1=3', newTab: true },
        { type: 'router.signInRequired' },
        { type: 'xstate.done.actor.legacy', output: 'Organization-3' },
        { type: 'xstate.error.actor.legacy', error: new Error('notFound') },
      ],
      serializeState,
    });
    expectFullCoverage(report, 9);
  });
});
