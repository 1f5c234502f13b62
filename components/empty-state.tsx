export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-700 bg-slate-900/40 px-6 py-10 text-center">
      <p className="font-medium text-slate-200">{title}</p>
      {children && <div className="mx-auto mt-2 max-w-md text-sm text-slate-400">{children}</div>}
    </div>
  );
}
