import { describe, expect, it } from "vitest";
import { customerPage, stock, successes, validation, warnings } from "./messages";

describe("validation message helpers", () => {
  it("says 'character' in the singular for a minimum of 1", () => {
    expect(validation.minLength(1)).toBe("This must be 1 character or more.");
  });

  it("says 'characters' in the plural for a minimum of 10", () => {
    expect(validation.minLength(10)).toBe("This must be 10 characters or more.");
  });

  it("words the maximum length in the singular and the plural", () => {
    expect(validation.maxLength(1)).toBe("This must be 1 character or less.");
    expect(validation.maxLength(50)).toBe("This must be 50 characters or less.");
  });

  it("words the numeric bounds with the bound itself", () => {
    expect(validation.min(1)).toBe("This cannot be less than 1.");
    expect(validation.max(5)).toBe("This cannot be more than 5.");
  });

  it("lists every option, comma-separated, in the enumeration message", () => {
    expect(validation.oneOf(["admin", "manager", "customer"])).toBe(
      "This must be one of the following: admin, manager, customer.",
    );
  });
});

describe("success message helpers", () => {
  it("upper-cases the status in the order status message", () => {
    expect(successes.orderStatus("shipped")).toBe("Order status updated to 'SHIPPED' successfully.");
  });

  it("says activated or deactivated according to the new product status", () => {
    expect(successes.productStatus(true)).toBe("Product activated successfully.");
    expect(successes.productStatus(false)).toBe("Product deactivated successfully.");
  });

  it("reports the quantity added to the cart", () => {
    expect(successes.addedToCart(3)).toBe("Product added to cart successfully (3)");
  });
});

describe("stock messages", () => {
  it("names the units left in the low-stock warning", () => {
    expect(stock.lowStock(3)).toBe("Only 3 left in stock");
  });

  it("words the everything-is-in-the-cart note in the singular and the plural", () => {
    expect(stock.allInCart(1)).toBe("The last one in stock is already in your cart.");
    expect(stock.allInCart(4)).toBe("All 4 in stock are already in your cart.");
  });
});

describe("dashboard warnings", () => {
  it("counts the failing emails in the singular and the plural", () => {
    expect(warnings.failingEmails(1)).toBe("1 email could not be sent.");
    expect(warnings.failingEmails(3)).toBe("3 emails could not be sent.");
  });
});

describe("customer page messages", () => {
  it("names the person and the role with its article in the role change's confirmation", () => {
    expect(customerPage.confirmRole("Priya Shah", "admin")).toBe("Make Priya Shah an admin?");
    expect(customerPage.confirmRole("Priya Shah", "manager")).toBe("Make Priya Shah a manager?");
    expect(customerPage.confirmRoleButton("customer")).toBe("Make a customer");
  });
});
