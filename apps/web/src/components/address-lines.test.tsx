import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { homeAddress } from "#web/test/fixtures";
import { AddressLines } from "./address-lines";

describe("an address as a letter carries it", () => {
  it("prints the buyer's business and GSTIN when they gave one", () => {
    render(
      <AddressLines
        address={{ ...homeAddress, gstin: "27AAPFU0939F1ZV", legalName: "Mumbai Looms Private Limited" }}
      />,
    );
    expect(screen.getByText("Mumbai Looms Private Limited")).toBeVisible();
    expect(screen.getByRole("group")).toHaveTextContent("Mumbai, Maharashtra 400002");
    expect(screen.getByText("GSTIN: 27AAPFU0939F1ZV")).toBeVisible();
  });

  it("prints no GSTIN line without one", () => {
    render(<AddressLines address={homeAddress} />);
    expect(screen.queryByText(/GSTIN/)).toBeNull();
  });
});
