/**
 * A page of text an admin wrote in Platform Settings (About us, Terms & condition). The text is
 * plain: blank lines part the paragraphs, and nothing in it is ever read as HTML.
 */
export function TextPage({ heading, paragraphs }: { heading: string; paragraphs: string[] }) {
  return (
    <main id="main" className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">{heading}</h1>
      <div className="mt-6 space-y-4 text-base leading-relaxed text-slate-800 sm:text-lg">
        {paragraphs.map((paragraph, index) => (
          <p key={index} className="break-words whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
    </main>
  );
}
