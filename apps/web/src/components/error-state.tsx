interface ErrorStateProps {
  message: string;
  /**
   * Dashboard and account sections put a red 'Error: ' before the message (SPEC section 8); the
   * storefront's pages show the message alone. Messages themselves never carry the prefix.
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
      {prefix ? `Error: ${message}` : message}
    </div>
  );
}
