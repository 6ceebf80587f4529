// What a list shows when it has nothing to show: one sentence, and the action that
// fills it where there is one ('Add Your First Partner').

export function EmptyState({ children, action }: { children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center text-gray-600">
      {children}
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}
