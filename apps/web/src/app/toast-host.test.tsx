import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { toast } from "#web/lib/toast";
import { TOAST_LIMIT, ToastHost } from "./toast-host";

describe("the toasts", () => {
  it("show the same error once, however many times it is raised", async () => {
    render(<ToastHost />);
    for (let i = 0; i < 3; i++) toast.error("The card was declined.");
    expect(await screen.findByText("The card was declined.")).toBeVisible();
    // Another toast after them: the three raises have all been handled by then.
    toast.success("Saved.");
    await screen.findByText("Saved.");
    expect(screen.getAllByText("The card was declined.")).toHaveLength(1);
  });

  it("show at most three at once, the fourth waiting its turn", async () => {
    render(<ToastHost />);
    const messages = ["First refusal.", "Second refusal.", "Third refusal.", "Fourth refusal."];
    for (const message of messages) toast.error(message);
    await screen.findByText("Third refusal.");
    expect(TOAST_LIMIT).toBe(3);
    expect(messages.filter((message) => screen.queryByText(message) !== null)).toEqual(messages.slice(0, 3));
  });
});
