/** A failed section: red 'Error: ' and the message (SPEC section 8), in place of the content. */
export function ErrorState({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="rounded-card border border-danger-100 bg-danger-50 px-4 py-3 text-sm text-danger-700"
    >
      {message.startsWith("Error:") ? message : `Error: ${message}`}
    </div>
  );
}
