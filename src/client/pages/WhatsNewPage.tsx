/**
 * /whats-new (spec 000 §2, §3): the entries for the signed-in user's locale, grouped by version,
 * newest first. Showing the page marks its newest version as seen, which clears the help menu's count.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Link } from 'wouter';
import { selectTokenValid, type AuthSnapshot } from '../../../machines/session/authSelectors';
import {
  newestVersion,
  selectEntries,
  selectLoading,
  type WhatsNewEntry,
  type WhatsNewSnapshot,
} from '../../../machines/session/whatsNewMachine';
import { sanitizeRichText } from '../../shared/items/sanitizeRichText';
import { useT } from '../i18n/useT';
import { useActors } from '../session/useActors';

const selectUserId = (snapshot: AuthSnapshot): string | null => snapshot.context.user?.$id ?? null;
const selectNewest = (snapshot: WhatsNewSnapshot): string | null => newestVersion(snapshot.context.entries);

/** Entries of one version, in the server's order (the list comes newest version first). */
function byVersion(entries: readonly WhatsNewEntry[]): [string, WhatsNewEntry[]][] {
  const groups = new Map<string, WhatsNewEntry[]>();
  for (const entry of entries) groups.set(entry.version, [...(groups.get(entry.version) ?? []), entry]);
  return [...groups.entries()];
}

function Entry({ entry }: { entry: WhatsNewEntry }) {
  const t = useT();
  // Sanitised again here: the page must not trust that every writer went through the server's allow-list.
  const html = useMemo(() => sanitizeRichText(entry.body), [entry.body]);
  return (
    <article className="rounded-lg border border-line bg-panel p-4">
      <h3 className="font-semibold text-ink">{entry.title}</h3>
      {entry.created ? (
        <p className="text-sm text-muted">
          <time dateTime={entry.created}>{t('app.whatsNew.published', { date: new Date(entry.created) })}</time>
        </p>
      ) : null}
      {html ? (
        <div
          className="mt-2 space-y-2 text-ink [&_a]:text-primary [&_a]:underline dark:[&_a]:text-blue-300 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : null}
    </article>
  );
}

/** The what's-new page, full width without columns. */
export function WhatsNewPage() {
  const t = useT();
  const { auth, whatsNew } = useActors();
  const signedIn = useSelector(auth, selectTokenValid);
  const userId = useSelector(auth, selectUserId);
  const entries = useSelector(whatsNew, selectEntries);
  const loading = useSelector(whatsNew, selectLoading);
  const newest = useSelector(whatsNew, selectNewest);

  // Again whenever a newer version arrives while the page is open: the user is looking at it.
  useEffect(() => {
    if (userId) whatsNew.send({ type: 'whatsNew.seen' });
  }, [whatsNew, userId, newest]);

  let content;
  if (!signedIn) {
    content = (
      <p>
        {t('app.whatsNew.signedOut')}{' '}
        <Link href={`/sign-in?next=${encodeURIComponent('/whats-new')}`} className="text-primary underline dark:text-blue-300">
          {t('app.signIn')}
        </Link>
      </p>
    );
  } else if (loading || !userId) {
    content = (
      <p role="status" className="text-muted">
        {t('app.loading')}
      </p>
    );
  } else if (entries.length === 0) {
    content = <p className="text-muted">{t('app.whatsNew.empty')}</p>;
  } else {
    content = byVersion(entries).map(([version, group]) => (
      <section key={version} aria-labelledby={`whats-new-${version}`} className="space-y-3">
        <h2 id={`whats-new-${version}`} className="text-lg font-semibold text-ink">
          {t('app.whatsNew.version', { version })}
        </h2>
        {group.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </section>
    ));
  }
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 text-ink">
      <h1 className="text-2xl font-semibold">{t('app.whatsNew')}</h1>
      {content}
    </div>
  );
}
