/** /docs and /docs/{key} (spec 000 §2): the help topics and one topic, full width without columns. */
import { Link, useParams } from 'wouter';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useT } from '../i18n/useT';
import { DOC_TOPICS } from './docTopics';
import { Paragraphs } from './Paragraphs';

const LINK = 'text-primary underline dark:text-blue-300';

/** The list of topics, or the topic named in the path. */
export function DocsPage() {
  const t = useT();
  const { key } = useParams<{ key?: string }>();
  const topic = DOC_TOPICS.find((k) => k === key);
  useDocumentTitle(topic ? t(`docs.${topic}.title`) : t('views.v-docs'));
  let content;
  if (key === undefined) {
    content = (
      <>
        <h1 className="text-2xl font-semibold">{t('views.v-docs')}</h1>
        <h2 className="text-lg font-semibold">{t('docs.topics')}</h2>
        <ul className="list-disc space-y-1 pl-6">
          {DOC_TOPICS.map((k) => (
            <li key={k}>
              <Link href={`/docs/${k}`} className={LINK}>
                {t(`docs.${k}.title`)}
              </Link>
            </li>
          ))}
        </ul>
      </>
    );
  } else {
    content = (
      <>
        <p>
          <Link href="/docs" className={LINK}>
            {t('docs.back')}
          </Link>
        </p>
        {topic ? (
          <article className="space-y-3">
            <h1 className="text-2xl font-semibold">{t(`docs.${topic}.title`)}</h1>
            <Paragraphs text={t(`docs.${topic}.body`)} />
          </article>
        ) : (
          <p role="alert">{t('docs.notFound', { key })}</p>
        )}
      </>
    );
  }
  return <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-6 text-ink">{content}</div>;
}
