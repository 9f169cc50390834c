import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../src/client/i18n/en';
import { bundledMessages } from '../../src/client/i18n/createAppIntl';
import { loadAllScreens } from '../../src/client/modules/moduleRegistry';
import type { Frame } from '../../src/shared/protocol';
import { cleanUpApps, renderApp, type AppHarness } from './support/renderApp';

afterEach(() => cleanUpApps());

const WAIT = { timeout: 5000 };
// The core's texts, every module's labels and every module screen's messages.
let TOTAL = 0;
let FIRST_KEY = '';
beforeAll(async () => {
  await loadAllScreens();
  const keys = Object.keys(bundledMessages());
  TOTAL = keys.length;
  FIRST_KEY = keys.sort((a, b) => a.localeCompare(b))[0]!;
});
const sentOf = (h: AppHarness, o: string): Frame[] => h.server.received.filter((f) => f.o === o);

/** The server's overrides by language, answered and changed as the real operations do (blank removes). */
function serveTexts(h: AppHarness, texts: Record<string, Record<string, string>> = {}): Record<string, Record<string, string>> {
  h.server.handlers.set('act/localeOverrides', (frame) => ({ ...(texts[(frame.b as { lang: string }).lang] ?? {}) }));
  h.server.handlers.set('act/setLocaleOverride', (frame) => {
    const { lang, key, message } = frame.b as { lang: string; key: string; message: string | null };
    const map = (texts[lang] ??= {});
    if (message === null || message.trim() === '') delete map[key];
    else map[key] = message;
    return { lang, key, message: message?.trim() ? message : null };
  });
  return texts;
}

const entryOf = (key: string): HTMLElement => screen.getByText(key, { selector: 'span' }).closest('li')!;
const search = (text: string) => userEvent.type(screen.getByRole('searchbox', { name: 'Find a text' }), text);

async function replaceText(entry: HTMLElement, key: string, text: string): Promise<HTMLElement> {
  await userEvent.click(within(entry).getByRole('button', { name: 'Change' }));
  const form = within(entry).getByRole('form', { name: `Change ${key}` });
  const box = within(form).getByLabelText('Text on this site');
  await userEvent.clear(box);
  // Pasted, as typing reads braces as key names.
  await userEvent.click(box);
  await userEvent.paste(text);
  await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
  return form;
}

describe('admin.systext', () => {
  it('lists every bundled text a page at a time, finds one by its text, changes it, and the header shows it at once', async () => {
    const h = renderApp({ signedIn: true, path: '/admin.systext', user: { admin: true } });
    serveTexts(h);
    expect(await screen.findByText(`1–25 of ${TOTAL.toLocaleString('en')} texts`, {}, WAIT)).toBeInTheDocument();
    expect(sentOf(h, 'act/localeOverrides')[0]!.b).toEqual({ lang: 'en' });
    const firstKey = FIRST_KEY;
    expect(entryOf(firstKey)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText(`26–50 of ${TOTAL.toLocaleString('en')} texts`)).toBeInTheDocument();
    expect(screen.queryByText(firstKey, { selector: 'span' })).not.toBeInTheDocument();

    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Community KnowledgeKeeper')).toBeInTheDocument();
    await search('community knowledgekeeper');
    expect(screen.getByText('1–1 of 1 text')).toBeInTheDocument();
    const entry = entryOf('app.subtitle');
    expect(within(entry).getByText('Community KnowledgeKeeper')).toBeInTheDocument();

    await replaceText(entry, 'app.subtitle', 'Riverbend KnowledgeKeeper');
    await waitFor(() => expect(sentOf(h, 'act/setLocaleOverride')).toHaveLength(1));
    expect(sentOf(h, 'act/setLocaleOverride')[0]!.b).toEqual({ lang: 'en', key: 'app.subtitle', message: 'Riverbend KnowledgeKeeper' });
    expect(await screen.findByText('Applied', {}, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(within(banner).getByText('Riverbend KnowledgeKeeper')).toBeInTheDocument(), WAIT);
    const changed = entryOf('app.subtitle');
    expect(within(changed).getByText('Changed')).toBeInTheDocument();
    expect(within(changed).getByText('Riverbend KnowledgeKeeper')).toBeInTheDocument();
    expect(within(changed).queryByRole('form')).not.toBeInTheDocument();
    expect(within(changed).getByRole('button', { name: 'Change' })).toHaveFocus();

    // The site's wording is searched too; Changed only keeps the changed ones.
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Find a text' }));
    await search('riverbend');
    expect(screen.getByText('1–1 of 1 text')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Find a text' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Changed only' }));
    expect(screen.getByText('1–1 of 1 text')).toBeInTheDocument();

    await userEvent.click(within(entryOf('app.subtitle')).getByRole('button', { name: 'Use the original text' }));
    await waitFor(() => expect(sentOf(h, 'act/setLocaleOverride')).toHaveLength(2));
    expect(sentOf(h, 'act/setLocaleOverride')[1]!.b).toEqual({ lang: 'en', key: 'app.subtitle', message: null });
    expect(await screen.findByText('No texts match.', {}, WAIT)).toBeInTheDocument();
    expect(within(banner).getByText('Community KnowledgeKeeper')).toBeInTheDocument();
  });

  it('refuses a text that is not ICU or fills in what the app does not give, and shows the server refusal under the text', async () => {
    const h = renderApp({ signedIn: true, path: '/admin.systext', user: { admin: true } });
    serveTexts(h);
    await screen.findByText(`1–25 of ${TOTAL.toLocaleString('en')} texts`, {}, WAIT);
    await search('app.keepTyping');
    const entry = entryOf('app.keepTyping');
    const form = await replaceText(entry, 'app.keepTyping', 'Type {min more');
    const box = within(form).getByLabelText('Text on this site');
    expect(box).toHaveAccessibleDescription(expect.stringContaining(en['errors.invalidMessage']));
    expect(box).toHaveAccessibleDescription(expect.stringContaining('Filled in by the app: {min}'));
    expect(box).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(box);
    expect(box).not.toHaveAttribute('aria-invalid');
    await userEvent.click(box);
    await userEvent.paste('Type {count} more');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(box).toHaveAccessibleDescription(expect.stringContaining('The app does not fill in {count} in this text.'));
    expect(sentOf(h, 'act/setLocaleOverride')).toHaveLength(0);

    // The server checks again, whatever the browser let through.
    h.server.failures.set('act/setLocaleOverride', {
      userMessage: 'validationFailed',
      sysMessage: 'Not an ICU message',
      fields: { message: 'errors.invalidMessage' },
    });
    await userEvent.clear(box);
    await userEvent.click(box);
    await userEvent.paste('At least {min} letters');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(box).toHaveAccessibleDescription(expect.stringContaining(en['errors.invalidMessage'])), WAIT);
    expect(sentOf(h, 'act/setLocaleOverride')[0]!.b).toEqual({ lang: 'en', key: 'app.keepTyping', message: 'At least {min} letters' });
    expect(within(entry).queryByText('Changed')).not.toBeInTheDocument();
  });

  it("shows another language's texts; saving one leaves this English page as it is; a key the bundle lost can only be removed", async () => {
    const h = renderApp({ signedIn: true, path: '/admin.systext', user: { admin: true } });
    const texts = serveTexts(h, { fr: { 'app.home': 'Accueil', 'app.gone': 'Ancien texte' } });
    await screen.findByText(`1–25 of ${TOTAL.toLocaleString('en')} texts`, {}, WAIT);
    const lang = screen.getByRole('textbox', { name: 'Language' });
    await userEvent.clear(lang);
    await userEvent.type(lang, 'fr');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(sentOf(h, 'act/localeOverrides').at(-1)!.b).toEqual({ lang: 'fr' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Changed only' }, WAIT));
    expect(screen.getByText('1–2 of 2 texts')).toBeInTheDocument();
    const gone = entryOf('app.gone');
    expect(within(gone).getByText('Not used by this version of the app')).toBeInTheDocument();
    expect(within(gone).queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();

    await userEvent.click(within(gone).getByRole('button', { name: 'Use the original text' }));
    await waitFor(() => expect(screen.getByText('1–1 of 1 text')).toBeInTheDocument(), WAIT);
    expect(texts.fr).toEqual({ 'app.home': 'Accueil' });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Changed only' }));
    await search('app.subtitle');
    await replaceText(entryOf('app.subtitle'), 'app.subtitle', 'KnowledgeKeeper communautaire');
    await waitFor(() => expect(within(entryOf('app.subtitle')).getByText('KnowledgeKeeper communautaire')).toBeInTheDocument(), WAIT);
    expect(texts.fr).toEqual({ 'app.home': 'Accueil', 'app.subtitle': 'KnowledgeKeeper communautaire' });
    expect(sentOf(h, 'act/setLocaleOverride').at(-1)!.b).toEqual({
      lang: 'fr',
      key: 'app.subtitle',
      message: 'KnowledgeKeeper communautaire',
    });
    expect(within(screen.getByRole('banner')).getByText('Community KnowledgeKeeper')).toBeInTheDocument();
  });

  // A non-administrator gets the not-allowed column instead (offerOnlyAllowed.test.tsx); the server still decides.
  it("a refused read shows the server's refusal, not the texts", async () => {
    const h = renderApp({ signedIn: true, path: '/admin.systext', user: { admin: true } });
    h.server.failures.set('act/localeOverrides', { userMessage: 'notAllowed', sysMessage: 'Only an administrator reads the site texts' });
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent('You may not do this.');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByText('app.subtitle')).not.toBeInTheDocument();
    // Asked again, the server's answer decides.
    h.server.failures.delete('act/localeOverrides');
    h.server.handlers.set('act/localeOverrides', () => ({}));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('searchbox', { name: 'Find a text' }, WAIT)).toBeInTheDocument();
  });

  it("an open page shows another administrator's change at once, in its own language only", async () => {
    const h = renderApp({ signedIn: true, path: '/' });
    const banner = await screen.findByRole('banner', {}, WAIT);
    await waitFor(() => expect(h.server.connected).toBe(1), WAIT);
    expect(within(banner).getByText('Community KnowledgeKeeper')).toBeInTheDocument();
    act(() => h.server.push({ o: 'localeOverride', b: { lang: 'fr', key: 'app.subtitle', message: 'KnowledgeKeeper communautaire' } }));
    expect(within(banner).getByText('Community KnowledgeKeeper')).toBeInTheDocument();
    act(() => h.server.push({ o: 'localeOverride', b: { lang: 'en', key: 'app.subtitle', message: 'Riverbend KnowledgeKeeper' } }));
    expect(await within(banner).findByText('Riverbend KnowledgeKeeper')).toBeInTheDocument();
    act(() => h.server.push({ o: 'localeOverride', b: { lang: 'en', key: 'app.subtitle', message: null } }));
    expect(await within(banner).findByText('Community KnowledgeKeeper')).toBeInTheDocument();
  });
});
