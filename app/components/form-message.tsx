/** The status line under a form; announced to screen readers as it changes. */
export function FormMessage({
  tone,
  children,
}: {
  tone: 'success' | 'error' | 'pending';
  children: React.ReactNode;
}) {
  const tones = {
    success: 'border-brand-600 bg-brand-50 text-brand-900',
    error: 'border-red-600 bg-red-50 text-red-800',
    pending: 'border-slate-300 bg-slate-50 text-slate-700',
  };
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border-l-4 px-3 py-2 text-sm font-medium ${tones[tone]}`}
    >
      {children}
    </p>
  );
}
