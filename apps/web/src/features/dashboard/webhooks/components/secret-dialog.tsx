import { webhookWords } from "@shop/shared/messages";
import type { WebhookEndpointWithSecretDto } from "@shop/shared/schemas/webhook";
import { useState } from "react";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";

const { page: labels } = webhookWords;

/**
 * An endpoint's signing secret, just made (the endpoint added, or its secret rotated): shown this
 * once, with a copy button. Open while `endpoint` is set; closing it forgets the secret.
 */
export function SecretDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpointWithSecretDto | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (secret: string) => {
    await navigator.clipboard.writeText(secret);
    setCopied(secret);
  };
  return (
    <Dialog
      open={endpoint !== null}
      onClose={onClose}
      title={labels.secretTitle}
      footer={<Button onClick={onClose}>{labels.done}</Button>}
    >
      {endpoint ? (
        <div className="space-y-3">
          <p className="text-sm text-neutral-600">{labels.secretHint}</p>
          <p className="text-xs break-all text-neutral-500">{endpoint.url}</p>
          <output
            aria-label={labels.secretTitle}
            className="block rounded-control bg-neutral-50 px-3 py-2 font-mono text-sm break-all text-neutral-900 ring-1 ring-neutral-200"
          >
            {endpoint.secret}
          </output>
          <Button variant="secondary" size="sm" onClick={() => void copy(endpoint.secret)}>
            {copied === endpoint.secret ? labels.copied : labels.copy}
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
