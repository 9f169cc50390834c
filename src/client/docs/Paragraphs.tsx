/** A message's text as paragraphs: a blank line in the message starts a new one, a line break stays a line break. */

/** Renders `text` split on blank lines. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line leading-relaxed">
          {paragraph}
        </p>
      ))}
    </>
  );
}
