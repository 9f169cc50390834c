import {
  selectSiteTextSaveError,
  selectSiteTextSavingKey,
  selectSiteTexts,
  selectSiteTextsError,
  selectSiteTextsLang,
  selectSiteTextsStatus,
  siteTextsMachine,
  type SiteTextChanged,
} from '../../../machines/admin/siteTextsMachine';
import { startAdmin } from './support';

function start(lang?: string) {
  const t = startAdmin(siteTextsMachine, lang ? { lang } : {});
  const changes: SiteTextChanged[] = [];
  t.subject.on('siteTexts.changed', (event) => changes.push(event));
  return { ...t, changes, snap: () => t.subject.getSnapshot() };
}

describe('site texts actor', () => {
  it('reads the English texts when started, then another language when chosen', async () => {
    const t = start();
    expect(t.sent()).toEqual([{ o: 'act/localeOverrides', b: { lang: 'en' } }]);
    expect(selectSiteTextsStatus(t.snap())).toBe('LOADING');
    await t.reply({ 'app.subtitle': 'Our KnowledgeKeeper', odd: 3 });
    expect(selectSiteTextsStatus(t.snap())).toBe('READY');
    expect(selectSiteTexts(t.snap())).toEqual({ 'app.subtitle': 'Our KnowledgeKeeper' });

    t.subject.send({ type: 'siteTexts.langChosen', lang: 'fr' });
    expect(selectSiteTextsLang(t.snap())).toBe('fr');
    // The English texts are not shown as French ones while French loads.
    expect(selectSiteTexts(t.snap())).toEqual({});
    expect(t.sent()[1]).toEqual({ o: 'act/localeOverrides', b: { lang: 'fr' } });
    await t.reply({ 'app.home': 'Accueil' });
    expect(selectSiteTexts(t.snap())).toEqual({ 'app.home': 'Accueil' });
  });

  it('ignores the answer for a language that was left while it loaded', async () => {
    const t = start('de');
    t.subject.send({ type: 'siteTexts.langChosen', lang: 'fr' });
    expect(t.sent().map((f) => f.b)).toEqual([{ lang: 'de' }, { lang: 'fr' }]);
    await t.reply({ 'app.home': 'Startseite' }, { index: 0 });
    expect(selectSiteTextsStatus(t.snap())).toBe('LOADING');
    await t.reply({ 'app.home': 'Accueil' }, { index: 1 });
    expect(selectSiteTexts(t.snap())).toEqual({ 'app.home': 'Accueil' });
  });

  it('saves one text at a time, keeps what the server answered, says applied and announces the change', async () => {
    const t = start();
    await t.reply({});
    t.subject.send({ type: 'siteTexts.saved', key: 'app.subtitle', message: 'Our KnowledgeKeeper' });
    expect(selectSiteTextsStatus(t.snap())).toBe('SAVING');
    expect(t.sent()[1]).toEqual({ o: 'act/setLocaleOverride', b: { lang: 'en', key: 'app.subtitle', message: 'Our KnowledgeKeeper' } });
    // A second save while the first runs is not sent.
    t.subject.send({ type: 'siteTexts.saved', key: 'app.home', message: 'Start' });
    expect(t.sent()).toHaveLength(2);
    await t.reply({ lang: 'en', key: 'app.subtitle', message: 'Our KnowledgeKeeper' });
    expect(selectSiteTextsStatus(t.snap())).toBe('READY');
    expect(selectSiteTexts(t.snap())).toEqual({ 'app.subtitle': 'Our KnowledgeKeeper' });
    expect(t.alerts).toEqual([{ type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } }]);
    expect(t.changes).toEqual([{ type: 'siteTexts.changed', lang: 'en', key: 'app.subtitle', message: 'Our KnowledgeKeeper' }]);
    expect(selectSiteTextSavingKey(t.snap())).toBe('app.subtitle');

    // The original text back: the server answers null.
    t.subject.send({ type: 'siteTexts.saved', key: 'app.subtitle', message: null });
    await t.reply({ lang: 'en', key: 'app.subtitle', message: null });
    expect(selectSiteTexts(t.snap())).toEqual({});
    expect(t.changes.at(-1)).toEqual({ type: 'siteTexts.changed', lang: 'en', key: 'app.subtitle', message: null });
  });

  it('keeps a refusal with the key it concerns until cleared or the next write', async () => {
    const t = start();
    await t.reply({ 'app.home': 'Start' });
    t.subject.send({ type: 'siteTexts.saved', key: 'app.home', message: 'Hello {name' });
    await t.reply({ userMessage: 'validationFailed', fields: { message: 'errors.invalidMessage' } }, { erred: true });
    expect(selectSiteTextsStatus(t.snap())).toBe('READY');
    expect(selectSiteTextSaveError(t.snap())).toEqual({ userMessage: 'validationFailed', fields: { message: 'errors.invalidMessage' } });
    expect(selectSiteTextSavingKey(t.snap())).toBe('app.home');
    expect(selectSiteTexts(t.snap())).toEqual({ 'app.home': 'Start' });
    expect(t.alerts).toEqual([]);
    expect(t.changes).toEqual([]);
    t.subject.send({ type: 'siteTexts.errorCleared' });
    expect(selectSiteTextSaveError(t.snap())).toBeNull();
    expect(selectSiteTextSavingKey(t.snap())).toBeNull();

    t.subject.send({ type: 'siteTexts.saved', key: 'app.home', message: 'x' });
    await t.reply({ userMessage: 'notAllowed' }, { erred: true });
    t.subject.send({ type: 'siteTexts.saved', key: 'app.search', message: 'Find' });
    expect(selectSiteTextSaveError(t.snap())).toBeNull();
    expect(selectSiteTextSavingKey(t.snap())).toBe('app.search');
  });

  it("shows the server's refusal of the texts and asks again when reloaded", async () => {
    const t = start();
    await t.reply({ userMessage: 'notAllowed', sysMessage: 'Only an administrator reads the site texts' }, { erred: true });
    expect(selectSiteTextsStatus(t.snap())).toBe('FAILED');
    expect(selectSiteTextsError(t.snap())).toMatchObject({ userMessage: 'notAllowed' });
    t.subject.send({ type: 'siteTexts.reloaded' });
    await t.reply({ 'app.home': 'Start' });
    expect(selectSiteTextsError(t.snap())).toBeNull();
    expect(selectSiteTexts(t.snap())).toEqual({ 'app.home': 'Start' });
  });
});
