/** The centred card the sign-in, registration and password pages share. */
export function AuthCard({
  heading,
  intro,
  children,
  footer,
}: {
  heading: string;
  intro: string;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <main id="main" className="container-page flex justify-center py-10 sm:py-16">
      <section
        aria-labelledby="auth-heading"
        className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <h1 id="auth-heading" className="text-2xl font-bold">
          {heading}
        </h1>
        <p className="mt-2 text-slate-600">{intro}</p>
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 border-t border-slate-100 pt-4 text-sm">{footer}</div>}
      </section>
    </main>
  );
}
