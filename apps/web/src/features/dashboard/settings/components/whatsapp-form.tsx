import { zodResolver } from "@hookform/resolvers/zod";
import { whatsappSettingsForm } from "@shop/shared/messages";
import { WHATSAPP_EVENTS, type WhatsAppEvent } from "@shop/shared/messaging";
import { WhatsAppSettings } from "@shop/shared/schemas/whatsapp";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Controller, type Path, type UseFormReturn } from "react-hook-form";
import { StatusToggle, StatusToggleField } from "#web/components/status-toggle";
import { TextField } from "#web/components/text-field";
import { configQueryOptions } from "#web/lib/config";
import { SettingsCard } from "./settings-card";
import { useSectionForm } from "./use-section-form";

const labels = whatsappSettingsForm;

const TEMPLATE_FIELD = new RegExp(`^templates\\.(${WHATSAPP_EVENTS.join("|")})\\.(name|language|enabled)$`);

/** The fields a server's field error may name: the switch, and each event's name, language and switch. */
function isField(path: string): path is Path<WhatsAppSettings> {
  return path === "enabled" || TEMPLATE_FIELD.test(path);
}

type WhatsAppForm = UseFormReturn<WhatsAppSettings, unknown, WhatsAppSettings>;

/** One event's row: its name, whether it is sent, and its template's name and language. */
function EventFields({
  event,
  form,
  readOnly,
}: {
  event: WhatsAppEvent;
  form: WhatsAppForm;
  readOnly: boolean;
}) {
  const headingId = useId();
  const label = labels.eventLabels[event];
  const errors = form.formState.errors.templates?.[event];
  return (
    // NOTE: a fieldset named by its heading (a legend could not sit in a row with the switch);
    // min-w-0 undoes the fieldset's min-content width, which would overflow a narrow card.
    <fieldset
      aria-labelledby={headingId}
      className="min-w-0 space-y-3 rounded-control p-4 ring-1 ring-neutral-200"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="min-w-0 text-sm font-semibold break-words text-neutral-900">
          {label}
        </h3>
        <Controller
          control={form.control}
          name={`templates.${event}.enabled`}
          render={({ field }) => (
            <StatusToggle
              label={labels.eventEnabled(label)}
              checked={field.value}
              onChange={field.onChange}
              disabled={readOnly}
            />
          )}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={labels.templateName}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className="sm:col-span-2"
          error={errors?.name?.message}
          {...form.register(`templates.${event}.name`)}
        />
        <TextField
          label={labels.language}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors?.language?.message}
          {...form.register(`templates.${event}.language`)}
        />
      </div>
    </fieldset>
  );
}

/**
 * Whether the shop sends on WhatsApp, and for each event whether it goes there and through which
 * approved template. Turned on but not connected (GET /api/config says no WhatsApp once saved), it
 * says which environment the server lacks.
 */
export function WhatsAppForm({ value, readOnly }: { value: WhatsAppSettings; readOnly: boolean }) {
  const { form, onSubmit, saving } = useSectionForm("whatsapp", {
    resolver: zodResolver(WhatsAppSettings),
    value,
    toState: (whatsapp): WhatsAppSettings => whatsapp,
    fields: isField,
  });
  // NOTE: the config's `whatsapp` is on only when the server is connected and the saved section is
  // on, so with the saved value on (not the switch being changed) it tells whether the connection is
  // missing; with it off there is nothing to tell, and nothing is asked.
  const connected = useQuery({ ...configQueryOptions(), enabled: value.enabled }).data?.whatsapp;
  return (
    <SettingsCard section="whatsapp" readOnly={readOnly} saving={saving} onSubmit={onSubmit}>
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => (
          <StatusToggleField
            label={labels.enabled}
            hint={labels.enabledHint}
            checked={field.value}
            onChange={field.onChange}
            disabled={readOnly}
          />
        )}
      />
      {value.enabled && connected === false ? (
        <p className="rounded-control border border-warning-600/30 bg-warning-50 px-3 py-2 text-sm text-warning-700">
          {labels.notConnected}
        </p>
      ) : null}
      <div className="space-y-3">
        <div>
          <h3 className="text-sm font-medium text-neutral-800">{labels.events}</h3>
          <p className="text-xs text-neutral-500">{labels.eventsHint}</p>
        </div>
        <div className="space-y-3">
          {WHATSAPP_EVENTS.map((event) => (
            <EventFields key={event} event={event} form={form} readOnly={readOnly} />
          ))}
        </div>
      </div>
    </SettingsCard>
  );
}
