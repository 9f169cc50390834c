// npm run screenshots: every screen of the shell in light and dark, on a desktop and a 390 px phone,
// written to docs/screenshots/. Needs the bundles (npm run build) and /usr/bin/chromium.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { ADMIN, CHROMIUM, startServer } from './serverForBrowser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'docs/screenshots');
mkdirSync(outDir, { recursive: true });

// `npm run screenshots -- item` shoots only the screens whose name contains "item".
const only = process.argv[2] ?? null;
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

async function signIn(page) {
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
}

const settle = (page) => page.waitForTimeout(250);

/** Turns multi-column mode on from the user menu (a no-op when it is on). */
async function multiColumns(page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  const toggle = page.getByRole('menuitemcheckbox', { name: 'Multiple columns' });
  if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
  else await page.keyboard.press('Escape');
}

/** Signs in as the administrator and masquerades as Mary Thunderchild, a demo community user without rights. */
async function asMember(page) {
  await signIn(page);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Masquerade as…' }).click();
  const picker = page.getByRole('dialog', { name: 'Masquerade as a user' });
  await picker.getByLabel('Find a user').fill('Thunderchild');
  await picker.getByRole('button', { name: /^Masquerade as Mary Thunderchild/ }).click();
  await page.getByText('Masquerading as Mary Thunderchild').waitFor();
}

/** Signs in as the administrator and masquerades as `name`, a demo user of the consultation module. */
async function asDemoUser(page, name) {
  await signIn(page);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Masquerade as…' }).click();
  const picker = page.getByRole('dialog', { name: 'Masquerade as a user' });
  await picker.getByLabel('Find a user').fill(name.split(' ')[1]);
  await picker.getByRole('button', { name: new RegExp(`^Masquerade as ${name}`) }).click();
  await page.getByText(`Masquerading as ${name}`).waitFor();
}

/** Half a second of a 440 Hz tone as a WAV file (8 kHz mono 16-bit PCM). */
function toneWav() {
  const samples = 4000;
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16); // fmt chunk size
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(8000, 24); // samples per second
  out.writeUInt32LE(16000, 28); // bytes per second
  out.writeUInt16LE(2, 32); // block align
  out.writeUInt16LE(16, 34); // bits per sample
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) out.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 8000)), 44 + i * 2);
  return out;
}

/** Gives Northern Minerals Ltd. a photo, a PDF and a recording through its Files field (once per server); leaves its read screen open. */
async function withFiles(page) {
  await page.goto('/i-Organization-2');
  await page.getByRole('heading', { name: 'Northern Minerals Ltd.', level: 2 }).waitFor();
  if ((await page.locator('[data-gallery]').count()) === 0) {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#4a7a5c' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="1200" height="800"><circle cx="600" cy="360" r="200" fill="#e8c15a"/><rect y="560" width="1200" height="240" fill="#2d4a6b"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    await page.goto('/i-Organization-2-edit');
    await page.getByLabel('Add a file').setInputFiles([
      { name: 'Site visit.png', mimeType: 'image/png', buffer: photo },
      { name: 'Impact benefit agreement.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: 'Elder greeting.wav', mimeType: 'audio/wav', buffer: toneWav() },
    ]);
    await page.locator('[data-attachment]').nth(2).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Applied').first().waitFor();
    await page.goto('/i-Organization-2');
  }
  const img = page.locator('[data-gallery] img').first();
  await img.waitFor();
  await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle());
}

/** The screens, each a function of a fresh page that leaves the screen to capture. */
const SCREENS = {
  'sign-in': async (page) => {
    await page.goto('/sign-in');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  },
  'sign-in-error': async (page) => {
    await page.goto('/sign-in');
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
  },
  'cookie-banner': async (page) => {
    await page.evaluate(() => window.localStorage.removeItem('kk-cookies-ok'));
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'OK' }).waitFor();
  },
  register: async (page) => {
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Register' }).waitFor();
  },
  'forgot-password': async (page) => {
    await page.goto('/forgot-password');
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
  },
  'set-pass': async (page) => {
    await page.goto('/set-pass?token=example');
    await page.getByRole('heading', { name: 'Choose a password' }).waitFor();
  },
  'signed-out-menu': async (page) => {
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menu').waitFor();
  },
  home: async (page) => {
    await signIn(page);
  },
  // A proponent's consultation in its wizard (demo: Cutblock 22 is a draft lacking its description and
  // location), its review, and the read screen of one found incomplete (Winter road realignment).
  'consult-intake-step': async (page) => {
    await signIn(page);
    await page.goto('/i-Consultation-2-edit?c0=6');
    await page.getByRole('heading', { level: 2, name: 'Cutblock 22 harvest plan' }).waitFor();
    await page.getByRole('region', { name: 'Before it can be submitted, it still needs' }).waitFor();
  },
  'consult-intake-review': async (page) => {
    await signIn(page);
    await page.goto('/i-Consultation-2-edit?c0=8');
    await page.getByRole('region', { name: 'Review what you entered' }).waitFor();
  },
  'consult-intake-incomplete': async (page) => {
    await signIn(page);
    await page.goto('/i-Consultation-3');
    await page.getByRole('heading', { level: 2, name: 'Winter road realignment' }).waitFor();
    await page.getByTestId('item-state').waitFor();
  },
  // The MAP display of the demo's community territories (issue 17).
  'map-results': async (page) => {
    await signIn(page);
    await page.goto('/search?c0._=ConsultCommunityTerritory&c0.display=map');
    await page.locator('nav[aria-label="Places on the map"] li button').first().waitFor();
    await page.locator('[role="img"][aria-label="Map"] canvas').first().waitFor();
  },
  'user-menu': async (page) => {
    await signIn(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menu').waitFor();
  },
  'help-menu': async (page) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('menu').waitFor();
  },
  // The live-assist widget the support request opens, waiting for an agent (issue 18).
  'assist-widget': async (page) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('menuitem', { name: 'Support request' }).click();
    const widget = page.getByRole('dialog', { name: 'Live help' });
    await widget.getByRole('button', { name: 'Ask for help' }).click();
    await widget.getByText('Waiting for an agent…').waitFor();
  },
  notifications: async (page) => {
    await signIn(page);
    await page.goto('/notifications');
    await page.getByRole('heading', { name: 'Notifications', level: 2 }).waitFor();
  },
  'masquerade-picker': async (page) => {
    await signIn(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Masquerade as…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Masquerade as a user' });
    await dialog.getByLabel('Find a user').fill('Mar');
    await dialog.getByRole('status').filter({ hasNotText: 'Searching' }).waitFor();
  },
  search: async (page) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('combobox', { name: 'Search' }).fill('Mary');
    await page.getByRole('listbox').waitFor();
  },
  // The full results of every item of the demo data, in each display.
  ...Object.fromEntries(
    ['List', 'Table', 'Cards', 'Timeline', 'Carousel'].map((display) => [
      `search-results-${display.toLowerCase()}`,
      async (page) => {
        await signIn(page);
        await page.goto('/search');
        await page
          .getByRole('status')
          .filter({ hasText: /results?$/ })
          .waitFor();
        await page.getByRole('group', { name: 'Display as' }).getByRole('button', { name: display }).click();
        await page.getByRole('region', { name: 'Search results' }).locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      },
    ]),
  ),
  // Narrowed to one type: its own facets join the panel (a drawer on a phone).
  'search-results-facets': async (page) => {
    await signIn(page);
    await page.goto('/search');
    await page
      .getByRole('status')
      .filter({ hasText: /results?$/ })
      .waitFor();
    // On a phone the facets are a drawer over the results, opened from the toolbar (and left open here).
    const phone = page.viewportSize().width < 640;
    if (phone) await page.getByRole('button', { name: 'Facets' }).click();
    const facets = page.getByRole(phone ? 'dialog' : 'complementary', { name: 'Facets' });
    await facets.getByRole('checkbox', { name: /^Contact/ }).click();
    // The drawer hides the page from the accessibility tree: wait for the type's own facets instead.
    if (phone) return facets.getByRole('group', { name: 'Organisations' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /results?$/ })
      .waitFor();
    await page.getByRole('region', { name: 'Search results' }).locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  },
  'search-results-saved': async (page) => {
    await signIn(page);
    await page.goto('/search?c0=lakeview');
    await page
      .getByRole('status')
      .filter({ hasText: /results?$/ })
      .waitFor();
    await page.getByRole('button', { name: 'Save search' }).click();
    await page.getByRole('dialog', { name: 'Save this search' }).getByLabel('Name').waitFor();
  },
  'debug-view': async (page) => {
    await signIn(page);
    await page.goto('/debug');
    await page.getByRole('table').waitFor();
  },
  'item-columns': async (page) => {
    await signIn(page);
    await multiColumns(page);
    await page.goto('/i-Organization-1/i-Contact-1/i-Contact-2');
    await page.getByRole('heading', { name: 'Joseph Whitehorse', level: 2 }).waitFor();
  },
  'item-read': async (page) => {
    await signIn(page);
    await page.goto('/i-Contact-3');
    await page.getByRole('heading', { name: 'Alex Chen', level: 2 }).waitFor();
  },
  // An organisation's files (issue 16): the gallery of its read screen, the Files field of its form.
  'item-files': async (page) => {
    await signIn(page);
    await withFiles(page);
    await page.locator('[data-gallery]').scrollIntoViewIfNeeded();
  },
  'item-files-edit': async (page) => {
    await signIn(page);
    await withFiles(page);
    await page.goto('/i-Organization-2-edit');
    await page.locator('[data-dropzone]').scrollIntoViewIfNeeded();
  },
  // An organisation's related items: its people, logs and meetings by relation (issue 16).
  'item-related': async (page) => {
    await signIn(page);
    await page.goto('/i-Organization-1');
    await page.getByRole('region', { name: 'People' }).getByRole('link', { name: 'Joseph Whitehorse' }).waitFor();
    await page.getByRole('region', { name: 'Meetings', exact: true }).getByText('None yet').waitFor();
    await page.getByRole('region', { name: 'Related items' }).scrollIntoViewIfNeeded();
  },
  'item-edit-error': async (page) => {
    await signIn(page);
    await page.goto('/i-Contact-3-edit');
    await page.getByLabel('Last name').fill('');
    await page.getByLabel('Office phone').fill('12');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This is required.').waitFor();
  },
  'item-create': async (page) => {
    await signIn(page);
    await page.goto('/i-Organization-0');
    await page.getByRole('button', { name: 'Save' }).waitFor();
  },
  'item-menu': async (page) => {
    await signIn(page);
    await page.goto('/i-Organization-2');
    await page.getByRole('heading', { name: 'Northern Minerals Ltd.', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Item menu' }).click();
    await page.getByRole('menu').waitFor();
  },
  timeline: async (page) => {
    await signIn(page);
    await multiColumns(page);
    await page.goto('/i-Contact-1/timeline');
    await page.getByRole('heading', { name: 'Timeline', level: 2 }).waitFor();
  },
  'admin-sysalerts': async (page) => {
    await signIn(page);
    await page.goto('/admin.sysalerts');
    await page.getByRole('form', { name: 'New system alert' }).waitFor();
    await page.getByRole('heading', { name: 'Alerts', exact: true }).waitFor();
  },
  'admin-all-items': async (page) => {
    await signIn(page);
    await page.goto('/admin.all-items');
    await page.getByRole('table').getByRole('link').first().waitFor();
  },
  'admin-state': async (page) => {
    await signIn(page);
    await page.goto('/admin.state');
    await page.getByText('Database size').waitFor();
  },
  'admin-lovs': async (page) => {
    await signIn(page);
    await page.goto('/admin.lovs');
    await page.getByRole('form', { name: 'Add a value' }).waitFor();
    await page.getByRole('button', { name: 'Translate' }).first().waitFor();
  },
  'nav-drawer': async (page) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('region', { name: 'Administration' }).waitFor();
  },
  docs: async (page) => {
    await page.goto('/docs/searching');
    await page.getByRole('heading', { name: 'Searching', level: 1 }).waitFor();
  },
  'privacy-policy': async (page) => {
    await signIn(page);
    await page.goto('/privacy-policy#cookies');
    await page.getByRole('heading', { name: 'Cookies and browser storage' }).waitFor();
  },
  // An address that names nothing: the not-found column, alone and after a valid column.
  'not-found': async (page) => {
    await signIn(page);
    await page.goto('/no-such-view');
    await page.getByRole('heading', { name: 'Page not found', level: 3 }).waitFor();
  },
  'not-found-columns': async (page) => {
    await signIn(page);
    await multiColumns(page);
    await page.goto('/search/i-Contact-1-2-3-4');
    await page.getByRole('heading', { name: 'Page not found', level: 3 }).waitFor();
  },
  // A community member without rights (the administrator masquerading as a demo user) at an admin screen and a create form.
  'not-allowed': async (page) => {
    await asMember(page);
    await page.goto('/admin.sysalerts');
    await page.getByRole('heading', { name: 'You cannot use this page', level: 3 }).waitFor();
  },
  'cannot-create': async (page) => {
    await asMember(page);
    await page.goto('/i-Organization-0');
    await page.getByRole('heading', { name: 'You cannot create a new organisation here', level: 3 }).waitFor();
  },
  unsupported: async (page) => {
    await page.addInitScript(() => {
      delete Promise.withResolvers;
    });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Platform not supported' }).waitFor();
  },
  // The consultation module (issue 14): the responder's dashboard (the demo responder, masqueraded), the
  // projects, state changes, files, communications and meetings, a consultation's distribution and a response.
  'consult-dashboard': async (page) => {
    await asDemoUser(page, 'Helen Sinclair');
    await page.goto('/consult.dashboard');
    await page.getByRole('region', { name: 'Overdue responses' }).getByRole('link').first().waitFor();
  },
  ...Object.fromEntries(
    [
      ['projects', 'Projects'],
      ['attachments', 'Files'],
      ['communications', 'Communications'],
      ['meetings', 'Meetings'],
    ].map(([path, title]) => [
      `consult-${path}`,
      async (page) => {
        await signIn(page);
        await page.goto(`/consult.${path}`);
        await page.getByRole('heading', { name: title, level: 2 }).or(page.getByText(title).first()).first().waitFor();
        await page
          .getByRole('status')
          .filter({ hasText: /results?$/ })
          .or(page.getByText(/^No (communications|meetings)/))
          .first()
          .waitFor();
      },
    ]),
  ),
  'consult-audit': async (page) => {
    await signIn(page);
    await page.goto('/consult.audit');
    await page.getByTestId('audit-entry').first().waitFor();
  },
  'consult-distribute': async (page) => {
    await asDemoUser(page, 'Helen Sinclair');
    await page.goto('/consult.projects');
    await page.getByRole('link', { name: 'Spruce River water licence' }).click();
    await page.getByTestId('consult-distribute').scrollIntoViewIfNeeded();
  },
  'consult-response': async (page) => {
    await asDemoUser(page, 'Ruth Cardinal');
    await page.getByRole('region', { name: 'Overdue responses' }).getByRole('link', { name: 'Transmission line 9L40' }).click();
    await page.getByRole('heading', { name: 'Transmission line 9L40', level: 2 }).waitFor();
  },
  // Workflows (issue 15): the stepper on a response of the demo responder's community, and the templates.
  'workflow-stepper': async (page) => {
    await asDemoUser(page, 'Ruth Cardinal');
    await page.getByRole('region', { name: 'Overdue responses' }).getByRole('link', { name: 'Transmission line 9L40' }).click();
    const panel = page.getByTestId('workflow-panel');
    await panel.getByRole('button', { name: 'Complete' }).waitFor();
    await panel.scrollIntoViewIfNeeded();
  },
  // The demo responder's dashboard: the responses waiting to start, overdue and their own steps.
  'workflow-dashboard': async (page) => {
    await asDemoUser(page, 'Ruth Cardinal');
    await page.goto('/consult.dashboard');
    await page.getByRole('region', { name: 'My workflow steps' }).getByRole('link').first().waitFor();
    await page.getByRole('region', { name: 'Responses waiting to start' }).getByRole('link').first().waitFor();
    await page.getByRole('region', { name: 'My workflow steps' }).scrollIntoViewIfNeeded();
  },
  'workflow-templates': async (page) => {
    await signIn(page);
    await page.goto('/admin.workflows');
    await page.getByRole('link', { name: 'Standard review' }).waitFor();
  },
  'workflow-template-form': async (page) => {
    await signIn(page);
    await page.goto('/admin.workflows');
    await page.getByRole('link', { name: 'Standard review' }).click();
    await page
      .getByRole('link', { name: 'Edit' })
      .or(page.getByRole('button', { name: 'Edit' }))
      .first()
      .click();
    await page.getByLabel('Name').first().waitFor();
    // The steps as cards (the module's editor): the first ones in view.
    await page
      .getByRole('group', { name: 'Steps' })
      .last()
      .evaluate((el) => {
        el.scrollIntoView({ block: 'start' });
        // Only the form's own scroller moves: a clipped ancestor scrolled along would leave a gap.
        for (let up = el.parentElement; up; up = up.parentElement) if (getComputedStyle(up).overflowY === 'hidden') up.scrollTop = 0;
        document.scrollingElement.scrollTop = 0;
      });
  },
  'workflow-template-add': async (page) => {
    await signIn(page);
    await page.goto('/admin.workflows');
    await page.getByRole('link', { name: 'Standard review' }).click();
    await page
      .getByRole('link', { name: 'Edit' })
      .or(page.getByRole('button', { name: 'Edit' }))
      .first()
      .click();
    await page.getByLabel('Kind of the new step').selectOption({ label: 'Talk with the proponent' });
    await page.getByRole('button', { name: 'Add step' }).scrollIntoViewIfNeeded();
  },
  // Response letters (issue 15): a new letter's filled preview, and the Letters panel with a proposal awaiting another person.
  'letters-new': async (page) => {
    await asDemoUser(page, 'Ruth Cardinal');
    await page.getByRole('region', { name: 'Overdue responses' }).getByRole('link', { name: 'Transmission line 9L40' }).click();
    await page.getByRole('button', { name: 'New letter' }).click();
    await page.getByTestId('letter-preview').getByRole('paragraph').first().waitFor();
    await page.getByTestId('letter-preview').scrollIntoViewIfNeeded();
  },
  'letters-templates': async (page) => {
    await asDemoUser(page, 'Ruth Cardinal');
    await page.goto('/consult.letter-templates');
    await page.getByRole('link', { name: 'Received: {{consultation.projectName}}' }).waitFor();
  },
  'letters-panel': async (page) => {
    await asDemoUser(page, 'Ruth Cardinal');
    await page.getByRole('region', { name: 'Overdue responses' }).getByRole('link', { name: 'Transmission line 9L40' }).click();
    const panel = page.getByTestId('letters-panel');
    await panel.getByRole('button', { name: 'New letter' }).waitFor();
    if ((await panel.getByTestId('letter').count()) === 0) {
      await panel.getByRole('button', { name: 'New letter' }).click();
      await page.getByLabel('Letter', { exact: true }).selectOption({ label: 'Response with concerns' });
      await page.getByTestId('letter-preview').getByRole('list').waitFor();
      await panel.getByRole('button', { name: 'Propose for approval' }).click();
    }
    await panel.getByTestId('letter').first().waitFor();
    await panel.scrollIntoViewIfNeeded();
  },
  // Conversations (issue 15): the demo responder's threads, and the one asking what the winter road submission lacks.
  conversations: async (page) => {
    await asDemoUser(page, 'Helen Sinclair');
    await page.goto('/conversations');
    await page.getByTestId('conversations').getByRole('button').first().waitFor();
  },
  'conversations-thread': async (page) => {
    await asDemoUser(page, 'Helen Sinclair');
    await page.goto('/conversations');
    await page.getByRole('button', { name: /What the submission still needs/ }).click();
    await page.getByTestId('thread-messages').waitFor();
    await page.getByTestId('thread-messages').scrollIntoViewIfNeeded();
  },
};

// Screens of dedicated (single-organisation) deployments only: the server answers 404 for them elsewhere.
const DEDICATED_SCREENS = {
  'admin-systext': async (page) => {
    await signIn(page);
    // From the menu: the server answers a direct GET of /admin.systext with 404 (it looks like a file name).
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('link', { name: 'System texts' }).click();
    await page.getByText(/^1–25 of \d+ texts$/).waitFor();
    const entryOf = (key) => page.getByRole('listitem').filter({ has: page.getByText(key, { exact: true }) });
    // One text reworded (once: this server keeps it for the other shots), another being changed.
    const changed = entryOf('admin.lovs.add');
    if ((await changed.getByText('Changed', { exact: true }).count()) === 0) {
      await changed.getByRole('button', { name: 'Change' }).click();
      await changed.getByLabel('Text on this site').fill('Add to the list');
      await changed.getByRole('button', { name: 'Save' }).click();
      await changed.getByText('Changed', { exact: true }).waitFor();
    }
    const entry = entryOf('admin.lovs.addForm');
    await entry.getByRole('button', { name: 'Change' }).click();
    await entry.getByLabel('Text on this site').waitFor();
    await page.getByText(/^1–25 of \d+ texts$/).scrollIntoViewIfNeeded();
  },
  'admin-menu-items': async (page) => {
    await signIn(page);
    await page.goto('/admin.menu-items');
    const main = page.getByRole('region', { name: 'Main menu' });
    await main.waitFor();
    const rowOf = (title) =>
      main
        .getByRole('listitem')
        .filter({ has: page.getByText(title, { exact: true }) })
        .last();
    // Search hidden and saved (once: this server keeps it for the other shots), My contacts moved but not saved.
    const search = rowOf('Search').getByRole('switch');
    if ((await search.getAttribute('aria-checked')) === 'true') {
      await search.click();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('button', { name: 'Save' }).and(page.locator('[disabled]')).waitFor();
    }
    await rowOf('My contacts').getByRole('button', { name: 'Move My contacts up' }).click();
    await page.getByText('You have changes that are not saved yet.').waitFor();
  },
  'admin-owner': async (page) => {
    await signIn(page);
    await page.goto('/admin.owner');
    await page.getByRole('heading', { name: 'The organisation that runs this site' }).waitFor();
    // The owner chosen and the administrator a member of it (once: this server keeps them for the other shots).
    if ((await page.getByText(/No organisation owns this site yet/).count()) > 0) {
      await page.getByRole('combobox', { name: 'Owner organisation' }).selectOption({ label: 'Lakeview First Nation' });
      await page.getByRole('button', { name: 'Make owner' }).click();
      await page.getByRole('link', { name: 'Open Lakeview First Nation to edit it' }).waitFor();
    }
    const members = page.getByRole('list', { name: 'Members' });
    await members.or(page.getByText('No members yet.')).waitFor();
    if ((await page.getByText('No members yet.').count()) > 0) {
      await page.getByLabel('Name or e-mail of a user').fill('admin');
      await page.getByRole('button', { name: 'Find' }).click();
      await page.getByRole('button', { name: /^Add / }).first().click();
      await members.waitFor();
      await members.getByRole('checkbox', { name: "Change the organisation's items" }).first().click();
      await members.getByRole('checkbox', { name: "Change the organisation's items", checked: true }).waitFor();
      await page.goto('/admin.owner');
    }
    await members.waitFor();
    await page
      .getByRole('combobox', { name: 'Owner organisation' })
      .and(page.locator(':has(option:checked[value^="Organization-"])'))
      .waitFor();
  },
};

const browser = await chromium.launch({ ...CHROMIUM, headless: true });
const server = await startServer({ ALLOW_REGISTRATION: '1' });
const shortTokens = await startServer({ SEED_DEMO: '0', TOKEN_TTL_SECONDS: '60', TOKEN_WARNING_SECONDS: '59' });
const dedicated = await startServer({ DEDICATED: '1' });
let count = 0;
const pages = [];
try {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    for (const theme of ['light', 'dark']) {
      const shoot = async (name, baseURL, act) => {
        const context = await browser.newContext({ baseURL, viewport, colorScheme: theme, deviceScaleFactor: 1 });
        await context.addInitScript(() => {
          if (!window.sessionStorage.getItem('kk-shot')) {
            window.sessionStorage.setItem('kk-shot', '1');
            window.localStorage.setItem('kk-cookies-ok', '1');
          }
        });
        const page = await context.newPage();
        await page.goto('/sign-in');
        await act(page);
        await settle(page);
        await page.screenshot({ path: join(outDir, `${name}-${theme}-${device}.png`) });
        count += 1;
        await context.close();
      };
      for (const [name, act] of Object.entries(SCREENS)) if (!only || name.includes(only)) await shoot(name, server.url, act);
      for (const [name, act] of Object.entries(DEDICATED_SCREENS)) if (!only || name.includes(only)) await shoot(name, dedicated.url, act);
      if (only) continue;
      // This server keeps registration closed, as sites do by default.
      await shoot('register-closed', shortTokens.url, async (page) => {
        await page.goto('/register');
        await page.getByRole('status').waitFor();
      });
      await shoot('token-warning', shortTokens.url, async (page) => {
        await signIn(page);
        await page.getByRole('dialog').waitFor({ timeout: 5_000 });
      });
    }
  }
  // Last, as it stops the server: the connection lost and the countdown in the help menu.
  if (!only) {
    for (const theme of ['light', 'dark']) {
      const context = await browser.newContext({ baseURL: server.url, viewport: VIEWPORTS.desktop, colorScheme: theme });
      await context.addInitScript(() => window.localStorage.setItem('kk-cookies-ok', '1'));
      const page = await context.newPage();
      await signIn(page);
      pages.push(page);
    }
    await server.stop();
    for (const [i, theme] of ['light', 'dark'].entries()) {
      const page = pages[i];
      await page.getByText('Connection lost').first().waitFor();
      await page.getByRole('button', { name: 'Help' }).click();
      await page
        .getByRole('menu')
        .getByText(/Reconnecting in/)
        .waitFor();
      await settle(page);
      await page.screenshot({ path: join(outDir, `connection-lost-${theme}-desktop.png`) });
      count += 1;
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await shortTokens.stop();
  await dedicated.stop();
}
console.log(`${count} screenshots in docs/screenshots/`);
