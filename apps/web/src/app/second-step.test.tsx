/** A change refused for want of a fresh second step: the app asks for a code, then sends it again once. */
import { twoFactor } from "@shop/shared/messages";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AppProviders } from "#web/app/providers";
import { api } from "#web/lib/api";
import { type StubRequest, stubApi } from "#web/test/api-stub";

const REFUSAL = {
  status: 403,
  message: twoFactor.freshStepRequired,
  data: { secondStepRequired: true },
};

/** What was sent but the shop's settings, which the providers read on their own. */
const changes = (requests: StubRequest[]) => requests.filter((request) => request.path !== "/api/config");

function start(change: () => Promise<unknown>) {
  const outcome: { settled?: "done" | "refused" } = {};
  render(
    <AppProviders>
      <button
        type="button"
        onClick={() =>
          void change().then(
            () => {
              outcome.settled = "done";
            },
            () => {
              outcome.settled = "refused";
            },
          )
        }
      >
        Save
      </button>
    </AppProviders>,
  );
  return outcome;
}

describe("a change that asks for a fresh second step", () => {
  it("asks for a code, sends it, and sends the change again once", async () => {
    let puts = 0;
    const { requests } = stubApi({
      "PUT /api/settings/taxes": () => (++puts === 1 ? REFUSAL : { data: null }),
      "POST /api/auth/two-factor/verify": { data: null, message: twoFactor.verified },
    });
    const outcome = start(() => api.put("/settings/taxes", { defaultRate: 18 }));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Save" }));
    const dialog = await screen.findByRole("dialog", { name: twoFactor.page.freshStepTitle });
    expect(dialog).toHaveTextContent(twoFactor.freshStepRequired);
    await user.type(screen.getByLabelText(twoFactor.page.code), "123 456");
    await user.click(screen.getByRole("button", { name: twoFactor.page.confirm }));
    await waitFor(() => expect(outcome.settled).toBe("done"));
    expect(changes(requests).map((r) => `${r.method} ${r.path}`)).toEqual([
      "PUT /api/settings/taxes",
      "POST /api/auth/two-factor/verify",
      "PUT /api/settings/taxes",
    ]);
    expect(changes(requests)[1]?.body).toEqual({ code: "123456" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("refuses the change as the server did when the dialog is closed", async () => {
    const { requests } = stubApi({ "PUT /api/settings/taxes": REFUSAL });
    const outcome = start(() => api.put("/settings/taxes", { defaultRate: 18 }));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("dialog", { name: twoFactor.page.freshStepTitle });
    await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(outcome.settled).toBe("refused"));
    expect(changes(requests)).toHaveLength(1);
  });
});
