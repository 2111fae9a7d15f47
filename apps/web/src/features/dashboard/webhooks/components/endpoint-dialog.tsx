import { zodResolver } from "@hookform/resolvers/zod";
import { WEBHOOK_EVENTS } from "@shop/shared/constants";
import { formErrors, webhookWords } from "@shop/shared/messages";
import {
  type WebhookEndpointDto,
  WebhookEndpointInput,
  type WebhookEndpointInputParsed,
  type WebhookEndpointWithSecretDto,
} from "@shop/shared/schemas/webhook";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { StatusToggleField } from "#web/components/status-toggle";
import { TextField } from "#web/components/text-field";
import { errorMessage, isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { toast } from "#web/lib/toast";
import { useCreateWebhook, useUpdateWebhook } from "../api/save-webhook";

const { page: labels } = webhookWords;

const FIELDS = ["url", "events", "enabled"] as const;

/**
 * Adding an endpoint (`endpoint` null) or editing one: its URL, the events it wants (a checkbox
 * each, with what it tells) and its switch. A new endpoint's answer carries its secret, handed to
 * `onCreated` to be shown once.
 */
export function EndpointDialog({
  open,
  endpoint,
  onClose,
  onCreated,
}: {
  open: boolean;
  endpoint: WebhookEndpointDto | null;
  onClose: () => void;
  onCreated: (endpoint: WebhookEndpointWithSecretDto) => void;
}) {
  // The form starts afresh for each endpoint (and each new one) it is opened for.
  const [opened, setOpened] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpened((n) => n + 1);
  }
  return (
    <Dialog open={open} onClose={onClose} title={endpoint ? labels.editTitle : labels.addTitle} size="lg">
      <EndpointForm
        key={`${endpoint?._id ?? "new"}-${opened}`}
        endpoint={endpoint}
        onDone={onClose}
        onCreated={onCreated}
      />
    </Dialog>
  );
}

function EndpointForm({
  endpoint,
  onDone,
  onCreated,
}: {
  endpoint: WebhookEndpointDto | null;
  onDone: () => void;
  onCreated: (endpoint: WebhookEndpointWithSecretDto) => void;
}) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const eventsId = useId();
  const form = useForm<WebhookEndpointInput, unknown, WebhookEndpointInputParsed>({
    resolver: zodResolver(WebhookEndpointInput),
    defaultValues: endpoint
      ? { url: endpoint.url, events: [...endpoint.events], enabled: endpoint.enabled }
      : { url: "", events: [], enabled: true },
  });
  const { register, handleSubmit, formState, control, setError } = form;

  const refused = (error: unknown) => {
    if (isApiError(error) && Object.keys(error.errors).length > 0) applyServerErrors(error, FIELDS, setError);
    else toast.error(errorMessage(error));
  };
  const onSubmit = handleSubmit(
    (input) => {
      if (endpoint) update.mutate({ id: endpoint._id, input }, { onSuccess: onDone, onError: refused });
      else
        create.mutate(input, {
          onSuccess: (created) => {
            onDone();
            onCreated(created);
          },
          onError: refused,
        });
    },
    () => toast.error(formErrors.invalidInput),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField
        label={labels.url}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        hint={labels.urlHint}
        error={formState.errors.url?.message}
        {...register("url")}
      />
      <Controller
        control={control}
        name="events"
        render={({ field, fieldState }) => (
          <fieldset aria-describedby={fieldState.error ? `${eventsId}-error` : undefined}>
            <legend className="text-sm font-medium text-neutral-800">{labels.events}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {WEBHOOK_EVENTS.map((event) => (
                <label
                  key={event}
                  className="flex items-start gap-3 rounded-control px-3 py-2 text-sm ring-1 ring-neutral-200 has-checked:bg-brand-50 has-checked:ring-brand-600/40"
                >
                  <input
                    type="checkbox"
                    checked={field.value.includes(event)}
                    onChange={(change) =>
                      field.onChange(
                        change.target.checked
                          ? [...field.value, event]
                          : field.value.filter((chosen) => chosen !== event),
                      )
                    }
                    className="mt-0.5 size-4 shrink-0 rounded border-neutral-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                  />
                  <span>
                    <span className="block font-mono text-xs font-semibold text-neutral-900">{event}</span>
                    <span className="block text-xs text-neutral-600">{webhookWords.events[event]}</span>
                  </span>
                </label>
              ))}
            </div>
            {fieldState.error ? (
              <p id={`${eventsId}-error`} className="mt-1.5 text-xs font-medium text-danger-700">
                {fieldState.error.message}
              </p>
            ) : null}
          </fieldset>
        )}
      />
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <StatusToggleField
            label={labels.enabled}
            hint={labels.enabledHint}
            checked={field.value !== false}
            onChange={field.onChange}
          />
        )}
      />
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onDone}>
          {labels.cancel}
        </Button>
        <Button type="submit" loading={create.isPending || update.isPending}>
          {endpoint ? labels.save : labels.add}
        </Button>
      </div>
    </form>
  );
}
