import { settingsPage, whatsappApi, whatsappSettingsForm } from "@shop/shared/messages";
import { DEFAULT_WHATSAPP_SETTINGS, type WhatsAppSettings } from "@shop/shared/schemas/whatsapp";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "#web/lib/session";
import { toast } from "#web/lib/toast";
import { type StubRequest, type StubRoutes, stubApi } from "#web/test/api-stub";
import { publicConfig, staff } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { SETTINGS } from "../settings-fixture";
import { SettingsPage } from "../settings-page";
import { WhatsAppForm } from "./whatsapp-form";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const labels = whatsappSettingsForm;
const title = settingsPage.sections.whatsapp.title;

const ON: WhatsAppSettings = { ...DEFAULT_WHATSAPP_SETTINGS, enabled: true };

function renderForm(value: WhatsAppSettings, routes: StubRoutes = {}, readOnly = false) {
  const stub = stubApi(routes);
  renderRoutes([{ path: "/", element: <WhatsAppForm value={value} readOnly={readOnly} /> }], "/");
  return stub;
}

const form = () => within(screen.getByRole("form", { name: title }));
/** An event's row, found by its label. */
const row = (event: keyof WhatsAppSettings["templates"]) =>
  within(form().getByRole("group", { name: labels.eventLabels[event] }));

beforeEach(() => {
  vi.clearAllMocks();
  useSession.getState().clear();
});

describe("Settings → WhatsApp", () => {
  it("follows the abandoned-checkout reminders on the Settings page", async () => {
    useSession.getState().setUser(staff("admin"));
    stubApi({
      "GET /api/settings": { data: SETTINGS },
      "GET /api/settings/history": { data: [], meta: { page: 1, size: 8, pageCount: 0, total: 0 } },
    });
    renderRoutes([{ path: "/dashboard/settings", element: <SettingsPage /> }], "/dashboard/settings");

    await screen.findByRole("form", { name: title });
    const names = screen.getAllByRole("form").map((section) => section.getAttribute("aria-labelledby"));
    const headings = names.map((id) => document.getElementById(id ?? "")?.textContent);
    expect(headings.slice(-2)).toEqual([settingsPage.sections.marketing.title, title]);
  });

  it("shows each event's template and switch, and saves the whole section as changed", async () => {
    const user = userEvent.setup();
    const { requests } = renderForm(DEFAULT_WHATSAPP_SETTINGS, {
      "PUT /api/settings/whatsapp": ({ body }: StubRequest) => ({ data: body }),
    });

    expect(form().getByRole("switch", { name: labels.enabled })).not.toBeChecked();
    for (const [event, label] of Object.entries(labels.eventLabels)) {
      const template = DEFAULT_WHATSAPP_SETTINGS.templates[event as keyof typeof labels.eventLabels];
      const fields = within(form().getByRole("group", { name: label }));
      expect(fields.getByRole("textbox", { name: labels.templateName })).toHaveValue(template.name);
      expect(fields.getByRole("textbox", { name: labels.language })).toHaveValue(template.language);
      expect(fields.getByRole("switch", { name: labels.eventEnabled(label) })).toBeChecked();
    }

    await user.click(form().getByRole("switch", { name: labels.enabled }));
    const shippedName = row("shipped").getByRole("textbox", { name: labels.templateName });
    await user.clear(shippedName);
    await user.type(shippedName, "parcel_on_its_way");
    const language = row("delivered").getByRole("textbox", { name: labels.language });
    await user.clear(language);
    await user.type(language, "hi");
    await user.click(
      row("abandonedCheckout").getByRole("switch", {
        name: labels.eventEnabled(labels.eventLabels.abandonedCheckout),
      }),
    );
    await user.click(form().getByRole("button", { name: settingsPage.saveSection(title) }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(settingsPage.saved(title)));
    const { templates } = DEFAULT_WHATSAPP_SETTINGS;
    expect(requests.find((request) => request.method === "PUT")?.body).toEqual({
      enabled: true,
      templates: {
        ...templates,
        shipped: { ...templates.shipped, name: "parcel_on_its_way" },
        delivered: { ...templates.delivered, language: "hi" },
        abandonedCheckout: { ...templates.abandonedCheckout, enabled: false },
      },
    });
  });

  it("puts the server's refusal under the template's name, and its own under a name Meta would refuse", async () => {
    const user = userEvent.setup();
    const { requests } = renderForm(ON, {
      "GET /api/config": { data: { ...publicConfig, whatsapp: true } },
      "PUT /api/settings/whatsapp": {
        status: 400,
        message: "Invalid input.",
        errors: { "templates.codConfirm.name": whatsappApi.templateName },
      },
    });
    const save = () => user.click(form().getByRole("button", { name: settingsPage.saveSection(title) }));

    await save();
    const codName = row("codConfirm").getByRole("textbox", { name: labels.templateName });
    await waitFor(() => expect(codName).toHaveAccessibleDescription(whatsappApi.templateName));
    expect(codName).toHaveAttribute("aria-invalid", "true");
    expect(codName).toHaveFocus();
    expect(requests.filter((request) => request.method === "PUT")).toHaveLength(1);

    // A name with capitals and spaces never reaches the server.
    const refundName = row("refunded").getByRole("textbox", { name: labels.templateName });
    await user.clear(refundName);
    await user.type(refundName, "Refund Made");
    await save();
    await waitFor(() => expect(refundName).toHaveAccessibleDescription(whatsappApi.templateName));
    expect(requests.filter((request) => request.method === "PUT")).toHaveLength(1);
  });

  it("says which environment to set when WhatsApp is turned on but not connected", async () => {
    renderForm(ON, { "GET /api/config": { data: { ...publicConfig, whatsapp: false } } });
    expect(await form().findByText(labels.notConnected)).toBeVisible();
  });

  it("says nothing of the connection once connected", async () => {
    const { requests } = renderForm(ON, { "GET /api/config": { data: { ...publicConfig, whatsapp: true } } });
    await waitFor(() => expect(requests.map((request) => request.path)).toEqual(["/api/config"]));
    // The config's answer settles before the form is read again.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(form().queryByText(labels.notConnected)).toBeNull();
  });

  it("asks nothing of the connection while WhatsApp is turned off", () => {
    const { requests } = renderForm(DEFAULT_WHATSAPP_SETTINGS);
    expect(form().queryByText(labels.notConnected)).toBeNull();
    expect(requests).toEqual([]);
  });

  it("shows a manager every control disabled, with no Save button", () => {
    renderForm(ON, { "GET /api/config": { data: { ...publicConfig, whatsapp: true } } }, true);
    for (const control of [...form().getAllByRole("textbox"), ...form().getAllByRole("switch")]) {
      expect(control).toBeDisabled();
    }
    expect(form().queryByRole("button", { name: settingsPage.saveSection(title) })).toBeNull();
  });
});
