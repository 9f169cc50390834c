/** The frame of the account pages: a centred card with a title. */
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

/** A centred card titled `title` (also the document title). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-16">
      <section className="rounded-lg border border-line bg-panel p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-2xl font-semibold">{title}</h1>
        {children}
      </section>
    </div>
  );
}
