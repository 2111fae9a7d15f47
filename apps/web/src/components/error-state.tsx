interface ErrorStateProps {
  message: string;
  /**
   * Dashboard lists put a red 'Error: ' before the message (SPEC section 8); the storefront's home
   * and category pages show the message alone.
   */
  prefix?: boolean;
}

/** A failed section, in place of its content. */
export function ErrorState({ message, prefix = true }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className="rounded-card border border-danger-100 bg-danger-50 px-4 py-3 text-sm text-danger-700"
    >
      {!prefix || message.startsWith("Error:") ? message : `Error: ${message}`}
    </div>
  );
}
