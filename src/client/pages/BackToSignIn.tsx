import { Link } from 'wouter';
import { useT } from '../i18n/useT';

/** The link back to the sign-in page at the foot of every account page. */
export function BackToSignIn() {
  const t = useT();
  return (
    <p className="mt-6 text-sm">
      <Link href="/sign-in" className="text-primary underline dark:text-blue-300">
        {t('app.backToSignIn')}
      </Link>
    </p>
  );
}
